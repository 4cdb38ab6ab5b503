import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Static files and the data folder")
struct StaticFilesTests {
    static let attacks = [
        "/static/../Package.swift",
        "/static/%2e%2e/Package.swift",
        "/static/%2E%2E/Package.swift",
        "/static/..%2fPackage.swift",
        "/static/%2e%2e%2fPackage.swift",
        "/static/%252e%252e/Package.swift",
        "/static/..\\Package.swift",
        "/static/%5c..%5cPackage.swift",
        "/static/css/..%5c..%5cPackage.swift",
        "/static//etc/passwd",
        "/static/%2fetc%2fpasswd",
        "/static/css/../../README.md",
        "/static/%00../Package.swift",
        "/static/.git/config",
        "/static/../data/hearth.sqlite",
        "/static/%2e%2e/%2e%2e/data/hearth.sqlite",
    ]

    @Test("Public/ is served under /static with a type and a cache lifetime")
    func servesPublic() async throws {
        try await withHousehold { _, owner in
            let css = try await owner.get("/static/css/hearth.css")
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(css.headers[.cacheControl]?.contains("max-age") == true)
            let anonymous = Browser(owner.client)
            #expect(try await anonymous.get("/static/css/hearth.css").status == .ok, "the sign-in page needs its stylesheet")
        }
    }

    @Test("no path reaches outside Public/", arguments: attacks)
    func traversal(path: String) async throws {
        let directory = temporaryDataDirectory()
        try await withHousehold(dataDirectory: directory) { _, owner in
            let anonymous = Browser(owner.client)
            for browser in [anonymous, owner] {
                let response = try await browser.get(path)
                #expect(response.status == .notFound, "\(path) → \(response.status)")
                #expect(!response.text.contains("swift-tools-version"))
                #expect(!response.text.contains("SQLite format"))
            }
        }
    }

    @Test("the database and data folder are not served at any address")
    func dataNeverServed() async throws {
        try await withHousehold { _, owner in
            for path in ["/hearth.sqlite", "/data/hearth.sqlite", "/data/", "/hearth.sqlite-wal", "/Package.swift", "/Templates/layout.mustache"] {
                let response = try await owner.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("SQLite format"))
            }
        }
    }

    @Test("the guard refuses what it should and lets plain paths through")
    func guardRules() {
        #expect(StaticFilesMiddleware.isSafe("/static/css/hearth.css"))
        #expect(StaticFilesMiddleware.isSafe("/static/icons/hearth.svg"))
        for attack in Self.attacks { #expect(!StaticFilesMiddleware.isSafe(attack), "\(attack)") }
    }
}
