import Foundation
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// The manual inside Hearth: every chapter in both languages, reachable from its area's pages.
@Suite("Help pages")
struct HelpTests {
    @Test("every chapter renders in Korean and in English, with the contents beside it")
    func everyChapter() async throws {
        try await withHousehold { _, owner in
            for language in ["ko", "en"] {
                try await owner.get("/me")
                try await owner.post("/me", ["display_name": "Mina", "language": language])
                for topic in ["index"] + Areas.helpTopics {
                    let response = try await owner.get(topic == "index" ? "/help" : "/help/\(topic)")
                    #expect(response.status == .ok, "\(language) \(topic)")
                    #expect(response.text.contains("<h1>"), "\(language) \(topic) has no heading")
                    #expect(response.text.contains(#"help-contents""#))
                    #expect(response.text.contains(#"<html lang="\#(language)""#))
                }
                #expect(try await owner.get("/help/nothing-here").status == .notFound)
            }
            #expect(try await owner.get("/help/pets").text.contains("<h1>Pets</h1>"), "an English member reads the English chapter")
        }
    }

    @Test("each area's pages link to its own chapter; the sign-in page links to none")
    func linkedFromEveryArea() async throws {
        try await withHousehold { _, owner in
            let pets = try await owner.addPet("Tori")
            let pages = [
                "/": "home", "/pets": "pets", "/pets/\(pets)": "pets", "/people": "people", "/calendar": "calendar", "/doses": "medicines",
                "/medicines": "medicines", "/clinics": "health", "/emergency": "health", "/gallery": "gallery", "/reports": "reports",
                "/recipes": "recipes", "/settings/backups": "backups", "/accounts": "household", "/me": "household", "/pets/\(pets)/charts": "charts",
            ]
            for (path, topic) in pages {
                let html = try await owner.get(path).text
                #expect(html.contains(#"class="help-link" href="/help/\#(topic)""#), "\(path) should link to /help/\(topic)")
            }
            for area in Areas.all where !area.pages.isEmpty && area != HelpArea.self {
                #expect(area.help != nil, "\(area) has pages but no chapter")
            }
            try await owner.post("/logout", [:])
            #expect(try await owner.get("/login").text.contains("help-link") == false)
        }
    }

    @Test("a chapter missing in one language stops the server from starting")
    func missingChapter() throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: packageRoot + "/Templates/help", toPath: folder)
        _ = try HelpBook(directory: folder, topics: Areas.helpTopics)
        try FileManager.default.removeItem(atPath: folder + "/ko/recipes.md")
        #expect(throws: HelpBook.Missing.self) { try HelpBook(directory: folder, topics: Areas.helpTopics) }
    }
}
