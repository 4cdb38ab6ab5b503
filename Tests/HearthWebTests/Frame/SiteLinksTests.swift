import Foundation
import Testing

@testable import HearthWeb

@Suite("Templates' links to pages without an id")
struct SiteLinksTests {
    @Test("every {{site.…}} a template uses is a page SiteLinks knows (an unknown name would render an empty link)")
    func everyNameKnown() throws {
        var unknown: [String] = []
        for (file, text) in try SourceFiles.read("Templates", suffix: ".mustache") {
            for match in text.matches(of: #/\{\{site\.([A-Za-z]+)\}\}/#) where SiteLinks.byName[String(match.1)] == nil {
                unknown.append("Templates/\(file): site.\(match.1)")
            }
        }
        #expect(unknown == [])
    }

    @Test("each name is the page its route says, and one that is not a page is nothing")
    func names() {
        #expect(SiteLinks().child(named: "newPet") as? String == "/pets/new")
        #expect(SiteLinks().child(named: "exportJSON") as? String == "/settings/export/hearth.json")
        #expect(SiteLinks().child(named: "nowhere") == nil)
    }
}
