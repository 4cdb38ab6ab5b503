import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A refactoring promises the same pages. With `HEARTH_PAGE_SNAPSHOT=<folder>` this writes
/// every page a signed-in owner reaches from the navigation of a seeded household (one year,
/// the clock stood at one moment), in Korean and in English, one file per page, the CSRF
/// token masked; run it before and after a change and `diff -r` the two folders.
/// Without the variable it walks the same pages and only asks each to answer 200.
@Suite("Every page a seeded household reaches")
struct PageSnapshotTests {
    static let folder = ProcessInfo.processInfo.environment["HEARTH_PAGE_SNAPSHOT"]
    static let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 20:06 in Seoul
    static func skipped(_ link: String) -> Bool {
        link.firstMatch(
            of: #/^/(logout|photos/|feeds/|settings/export/|settings/backups/hearth-)|[?&](pdf|download)=|/file$|\.(ics|csv|json|jsonld)$|/status$|/export$/#)
            != nil
    }

    /// The demo household seeded once for the run; each test that reads it walks a copy of its own.
    static let seeded = Task { () throws -> String in
        let directory = temporaryDataDirectory()
        _ = try await DemoHousehold.seed(dataDirectory: directory, photos: [], years: 1, now: moment)
        return directory
    }

    static func seededCopy() async throws -> String {
        let copy = temporaryDataDirectory()
        try FileManager.default.copyItem(atPath: try await seeded.value, toPath: copy)
        return copy
    }

    @Test("the demo shows every kind of record (a kind it left out would go unseen by the walk)")
    func everyKind() async throws {
        let directory = try await Self.seededCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try AppDatabase.open(dataDirectory: directory)
        defer { try? database.close() }
        let seeded = try database.read { db in try String.fetchSet(db, sql: "SELECT DISTINCT kind FROM entry") }
        #expect(Set(EntryKind.allCases.map(\.rawValue)).subtracting(seeded).sorted() == [], "the demo household has no record of these kinds")
    }

    // One walk a language, side by side. Alone a walk takes half a minute; beside 500 other tests on two cores, CI saw over five.
    @Test(.timeLimit(.minutes(20)), arguments: ["ko", "en"])
    func walkTheHousehold(language: String) async throws {
        let directory = try await Self.seededCopy()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let moment = Self.moment
        try await withHearth(dataDirectory: directory, clock: { moment }) { hearth, client in
            let owner = Browser(client)
            let signedIn = try await owner.signIn(DemoHousehold.username, DemoHousehold.password)
            #expect(signedIn.status == .seeOther)
            try await owner.get("/me")
            try await owner.post("/me", ["display_name": "Demo", "language": language])
            let (pages, forms) = try await Self.walk(owner, language: language, dataDirectory: directory)
            #expect(pages > 60, "only \(pages) pages reached in \(language)")
            // Links are followed (each must answer 200); a form's action must be a route the
            // router has for its method, so a renamed route cannot leave a dead form behind.
            let dead = forms.filter { form in !hearth.routes.contains { $0.method == form.method && Self.matches($0.path, form.path) } }
            #expect(dead.map { "\($0.method) \($0.path)" }.sorted() == [], "forms that post where no route answers")
            #expect(forms.count > 30)
        }
    }

    /// Breadth first from home, links in page order, at most four pages of a shape (numbers
    /// aside) and 400 pages of a language.
    static func walk(_ browser: Browser, language: String, dataDirectory: String) async throws -> (pages: Int, forms: Set<Form>) {
        var forms: Set<Form> = []
        var queue = ["/"]
        var seen: Set<String> = ["/"]
        var shapes: [String: Int] = [:]
        var index = 0
        while index < queue.count && index < 400 {
            let path = queue[index]
            index += 1
            let response = try await browser.get(path)
            #expect(response.status == .ok, "\(path): \(response.status)")
            let html = response.text
            if let folder {
                // A file name holds 255 bytes: a longer address (a form filled by its link) is cut, its length kept to tell it apart.
                let whole = path.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "?", with: "@")
                let name = whole.utf8.count > 200 ? String(whole.prefix(120)) + "…\(whole.utf8.count)" : whole
                let masked = html.replacing(#/name="_csrf" value="[^"]*"/#, with: "name=\"_csrf\" value=\"…\"")
                    .replacing(#/<meta name="csrf-token" content="[^"]*"/#, with: "<meta name=\"csrf-token\" content=\"…\"")
                    .replacingOccurrences(of: dataDirectory, with: "DATA").replacingOccurrences(of: CommandLine.arguments[0], with: "hearth")
                try FileManager.default.createDirectory(atPath: folder + "/" + language, withIntermediateDirectories: true)
                try masked.write(toFile: "\(folder)/\(language)/\(name.isEmpty ? "_" : name).html", atomically: true, encoding: .utf8)
            }
            for match in html.matches(of: #/<form[^>]*>/#) {
                let tag = String(match.output)
                let method: HTTPRequest.Method = tag.contains(#"method="post""#) ? .post : .get
                if let action = tag.firstMatch(of: #/action="(/[^"?#]*)/#) { forms.insert(Form(method: method, path: String(action.output.1))) }
            }
            for match in html.matches(of: #/formaction="(/[^"?#]*)"/#) { forms.insert(Form(method: .post, path: String(match.output.1))) }
            for link in links(in: html) {
                guard !seen.contains(link), !skipped(link) else { continue }
                let shape = link.replacing(#/\d+/#, with: "#")
                guard shapes[shape, default: 0] < 4 else { continue }
                shapes[shape, default: 0] += 1
                seen.insert(link)
                queue.append(link)
            }
        }
        return (index, forms)
    }

    /// The page's own links (`<a href="/…">`), as a browser would follow them.
    static func links(in html: String) -> [String] {
        html.matches(of: #/<a [^>]*href="(/[^"#]*)"/#).map { String($0.1).replacingOccurrences(of: "&amp;", with: "&") }
    }

    struct Form: Hashable {
        let method: HTTPRequest.Method
        let path: String
    }

    /// `/pets/{id}/records` matches `/pets/3/records`: a `{…}` segment takes any one segment.
    static func matches(_ route: String, _ path: String) -> Bool {
        let routeParts = route.split(separator: "/"), pathParts = path.split(separator: "/")
        return routeParts.count == pathParts.count && zip(routeParts, pathParts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
}
