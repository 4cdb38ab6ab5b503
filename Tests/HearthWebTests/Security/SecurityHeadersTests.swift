import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Security headers and templates")
struct SecurityHeadersTests {
    @Test("every kind of response carries the security headers")
    func headersEverywhere() async throws {
        try await withHousehold { _, owner in
            let anonymous = Browser(owner.client)
            var responses: [(String, TestResponse)] = [
                ("page", try await owner.get("/")),
                ("404", try await owner.get("/no-such-page")),
                ("static", try await owner.get("/static/css/hearth.css")),
                ("static 404", try await owner.get("/static/../Package.swift")),
                ("redirect", try await anonymous.get("/accounts")),
                ("login", try await anonymous.get("/login")),
                ("healthz", try await anonymous.get("/healthz")),
            ]
            responses.append(("403", try await owner.post("/settings", [:], withCSRF: false)))
            for (name, response) in responses {
                let csp = try #require(response.headers[.contentSecurityPolicy], "\(name)")
                #expect(csp.contains("default-src 'self'"), "\(name)")
                #expect(csp.contains("frame-ancestors 'none'"), "\(name)")
                #expect(!csp.contains("unsafe-inline"), "\(name)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(name)")
                #expect(response.headers[HeaderName("Referrer-Policy")!] == "same-origin", "\(name)")
            }
        }
    }

    @Test("a failure inside the server is a plain 500 page: no stack trace, no SQL")
    func serverErrorPage() async throws {
        let hearth = try await makeHearth()
        try await hearth.application.test(.router) { client in
            let owner = Browser(client)
            try await owner.setUpHousehold()
            // Something breaks underneath: the session table is gone.
            try await hearth.database.write { db in try db.execute(sql: "DROP TABLE session") }
            let response = try await owner.get("/")
            #expect(response.status == .internalServerError)
            #expect(response.text.contains("Hearth ran into a problem"))
            for leak in ["SQLite", "GRDB", "Error", ".swift", "session"] {
                #expect(!response.text.contains(leak), "\(leak)")
            }
            #expect(response.headers[.contentSecurityPolicy] != nil)
        }
    }

    /// No inline script or style (the CSP would block it) and no user-facing text outside the string files.
    @Test("templates have no inline script or style and no hard-coded text")
    func templatesClean() throws {
        let directory = packageRoot + "/Templates"
        let files = FileManager.default.enumerator(atPath: directory)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".mustache") }
        #expect(files.count >= 8)
        for file in files {
            let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            #expect(!source.contains("<style"), "\(file)")
            #expect(!source.contains(" style="), "\(file)")
            #expect(source.components(separatedBy: "<script").dropFirst().allSatisfy { $0.hasPrefix(" src=") }, "\(file)")
            #expect(!source.contains(" on") || source.range(of: #" on[a-z]+="#, options: .regularExpression) == nil, "\(file): inline handler")
            var text = source.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: "", options: .regularExpression)
            // Attributes a person reads must come from the string files too.
            for attribute in ["placeholder", "aria-label", "title", "alt"] {
                let values = text.matches(of: try Regex("\(attribute)=\"([^\"]*)\"")).map { String($0.output[1].substring ?? "") }
                for value in values { #expect(value.allSatisfy { !$0.isLetter }, "\(file): \(attribute)=\"\(value)\"") }
            }
            text = text.replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
            let stray = text.filter(\.isLetter)
            #expect(stray.isEmpty, "\(file) has text outside the string files: \(stray)")
        }
    }
}

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("the five characters are escaped, everything else is kept")
    func escaping() {
        #expect(FastHTMLEscaping.escape(#"<b>"Tom" & 'Jerry'</b>"#) == "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;")
        #expect(FastHTMLEscaping.escape("나비 🐱 café") == "나비 🐱 café")
        #expect(FastHTMLEscaping.escape("") == "")
    }

    @Test("a pet named like markup shows as text on every page")
    func markupInNames() async throws {
        try await withHousehold { _, owner in
            let id = try await owner.addPet(#"<img src=x onerror=alert(1)>"#)
            for path in ["/pets", "/pets/\(id)", "/pets/\(id)/timeline"] {
                let page = try await owner.get(path)
                #expect(!page.text.contains("<img src=x"), "\(path)")
                #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(path)")
            }
        }
    }
}

@Suite("Template headers")
struct TemplateHeaderTests {
    @Test("every template and partial selects the HTML escaping on its first line")
    func pragma() throws {
        let directory = packageRoot + "/Templates"
        for file in FileManager.default.enumerator(atPath: directory)!.compactMap({ $0 as? String }) where file.hasSuffix(".mustache") {
            let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            #expect(source.hasPrefix("{{% CONTENT_TYPE: HTML }}\n"), "\(file)")
        }
    }
}

@Suite("Record markup")
struct EntryListHTMLTests {
    @Test("a record's note and title are text, not markup, on the pet page and the timeline")
    func escaped() async throws {
        try await withHousehold { _, owner in
            let id = try await owner.addPet("Nabi")
            try await owner.get("/pets/\(id)/records/new?kind=diary")
            let today = try await owner.get("/pets/\(id)/records/new?kind=diary")
            let date = try #require(today.text.firstMatch(of: /id="date" name="date" type="date" value="([0-9-]+)"/)?.output.1)
            let saved = try await owner.postMultipart(
                "/pets/\(id)/records",
                [
                    "kind": "diary", "title": "<script>alert('t')</script>", "note": "\"quoted\" & <b>bold</b>", "date": String(date), "time": "00:01",
                ])
            #expect(saved.status == .seeOther)
            for path in ["/pets/\(id)", "/pets/\(id)/timeline"] {
                let page = try await owner.get(path)
                #expect(!page.text.contains("<script>alert"), "\(path)")
                #expect(page.text.contains("&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;"), "\(path)")
                #expect(page.text.contains("&quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"), "\(path)")
            }
        }
    }
}
