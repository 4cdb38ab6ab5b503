import Foundation
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Pages gzipped for a browser that takes it, their CSRF token masked afresh each time")
struct CompressionTests {
    @Test("home gzipped when asked (gzip reads it back to the page), plain when not or refused; Vary says so")
    func gzipped() async throws {
        try await withHousehold { hearth, owner in
            _ = try await owner.addPet("Bori", species: "dog")
            let plain = try await owner.get("/")
            #expect(plain.headers[.contentEncoding] == nil && plain.headers[.vary] == "Accept-Encoding")
            let refused = try await owner.get("/", headers: [.acceptEncoding: "gzip;q=0, br"])
            #expect(refused.headers[.contentEncoding] == nil)
            let packed = try await owner.get("/", headers: [.acceptEncoding: "gzip, deflate, br"])
            #expect(packed.headers[.contentEncoding] == "gzip")
            let bytes = Array(buffer: packed.body)
            #expect(bytes.count * 2 < plain.body.readableBytes, "\(bytes.count) of \(plain.body.readableBytes) bytes")
            // An independent reader: the gzip program.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString).html.gz")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let (status, html) = try runCommand("/bin/gzip", ["-dc", file.path])
            #expect(status == 0)
            #expect(Self.unmasked(html) == Self.unmasked(plain.text), "the same page, but for its masked token")
        }
    }

    @Test("each answer masks the token anew; every mask of it is taken, the bare token too, a changed one is refused")
    func masked() async throws {
        try await withHousehold { hearth, owner in
            let first = try #require(Browser.csrfToken(in: try await owner.get("/settings").text))
            let second = try #require(Browser.csrfToken(in: try await owner.get("/settings").text))
            #expect(first != second && first.count == 128)
            #expect(CSRFMask.unmask(first) == CSRFMask.unmask(second))
            let settings = CSRFTests.newSettings
            #expect(try await owner.post("/settings", settings, csrf: first).status == .seeOther)
            #expect(try await owner.post("/settings", settings, csrf: second).status == .seeOther)
            #expect(try await owner.post("/settings", settings, csrf: CSRFMask.unmask(first)).status == .seeOther)
            var changed = Array(first)
            changed[100] = changed[100] == "0" ? "1" : "0"
            #expect(try await owner.post("/settings", settings, csrf: String(changed)).status == .forbidden)
            #expect(try await owner.post("/settings", settings, csrf: String(first.dropLast(2))).status == .forbidden)
        }
    }

    static func unmasked(_ html: String) -> String {
        html.replacing(#/value="[0-9a-f]{128}"/#, with: "value=\"…\"").replacing(#/content="[0-9a-f]{128}"/#, with: "content=\"…\"")
    }
}
