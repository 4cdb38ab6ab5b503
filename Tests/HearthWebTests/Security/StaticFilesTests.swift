import Crypto
import Foundation
import HearthCore
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

    @Test("Public/ is served under /static: pages link to versioned names kept for a year; gzipped when asked; a plain name revalidates")
    func servesPublic() async throws {
        try await withHousehold { _, owner in
            let page = try await owner.get("/").text
            let link = try #require(page.firstMatch(of: /href="(\/static\/css\/hearth\.([0-9a-f]{10})\.css)"/)?.output)
            let css = try await owner.get(String(link.1))
            let plain = try await owner.get("/static/css/hearth.css")
            #expect(css.status == .ok && css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(css.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(css.body == plain.body && plain.headers[.cacheControl] == "public, no-cache")
            #expect(SHA256.hex(Array(buffer: plain.body)).hasPrefix(String(link.2)), "the name holds the content's digest")
            let tag = try #require(plain.headers[.eTag])
            #expect(try await owner.get("/static/css/hearth.css", headers: [.ifNoneMatch: tag]).status == .notModified)

            let gzipped = try await owner.get(String(link.1), headers: [.acceptEncoding: "gzip, deflate, br"])
            #expect(gzipped.headers[.contentEncoding] == "gzip" && gzipped.headers[.vary] == "Accept-Encoding")
            #expect(gzipped.body.readableBytes < plain.body.readableBytes / 3)
            #expect(try await owner.get(String(link.1), headers: [.acceptEncoding: "gzip;q=0"]).headers[.contentEncoding] == nil)
            let anonymous = Browser(owner.client)
            #expect(try await anonymous.get("/static/css/hearth.css").status == .ok, "the sign-in page needs its stylesheet")
            #expect(try await anonymous.get("/static/css/hearth.0000000000.css").status == .notFound, "a name of no release")
        }
    }

    @Test("gzip as zlib writes it comes back as the same bytes")
    func gzipRoundTrip() throws {
        let text = Array(String(repeating: "Hearth 하스 ", count: 500).utf8)
        let packed = try #require(StaticAssets.gzip(text))
        #expect(packed.prefix(2) == [0x1f, 0x8b] && packed.count < text.count / 10)
        let folder = NSTemporaryDirectory() + "hearth-gzip-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/a.gz", contents: Data(packed)))
        #expect(try ChildProcess.run("/bin/gzip", ["-d", folder + "/a.gz"]).status == 0)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/a"))) == text)
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

    @Test("HEAD answers as GET would, without the body: sign-in, the offline page, the manifest, a static file, with the length GET sends")
    func head() async throws {
        try await withHousehold { _, owner in
            let visitor = Browser(owner.client)
            for (browser, path) in [
                (visitor, "/login"), (visitor, "/offline"), (visitor, "/manifest.webmanifest"), (visitor, "/static/css/hearth.css"), (owner, "/"),
            ] {
                let got = try await browser.get(path)
                let headed = try await browser.send(path, method: .head, headers: [:], body: nil)
                #expect(headed.status == got.status, "\(path): \(headed.status), GET \(got.status)")
                #expect(headed.status == .ok, "\(path)")
                #expect(headed.body.readableBytes == 0, "\(path): no body")
                #expect(
                    headed.headers[.contentLength] == String(got.body.readableBytes),
                    "\(path): \(headed.headers[.contentLength] ?? "none") for \(got.body.readableBytes)")
                #expect(headed.headers[.contentType] == got.headers[.contentType], "\(path)")
            }
            #expect(try await owner.send("/nowhere", method: .head, headers: [:], body: nil).status == .notFound)
        }
    }
}
