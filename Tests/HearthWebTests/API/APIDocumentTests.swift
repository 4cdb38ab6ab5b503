import Crypto
import Foundation
import HearthAPI
import Testing
@testable import HearthWeb

/// The API's code is generated from `Sources/HearthAPI/openapi.yaml` by `make api` and
/// committed: these fail when the description and the code part ways.
@Suite("The API's description and its code")
struct APIDocumentTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/HearthAPI").standardized

    @Test("the description served is the one in the repository: run `make api` after changing it")
    func documentIsCurrent() throws {
        let onDisk = try String(contentsOf: Self.folder.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(OpenAPIDocument.yaml == onDisk, "openapi.yaml changed since the code was generated: run `make api`")
    }

    @Test("the generated code is what `make api` wrote (not edited by hand)")
    func generatedIsUntouched() throws {
        let generated = Self.folder.appendingPathComponent("Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter { $0.hasSuffix(".swift") }.sorted()
        var digest = SHA256()
        for name in names {
            digest.update(data: Array(name.utf8) + [0] + Array(try Data(contentsOf: generated.appendingPathComponent(name))))
        }
        #expect(digest.finalize().map { String(format: "%02x", $0) }.joined() == OpenAPIDocument.generatedDigest)
    }

    @Test("every operation of the description is a route of the server, and every /api/v1 route is described")
    func routesAreDescribed() async throws {
        let hearth = try await makeHearth()
        defer { try? hearth.database.close() }
        let served = Set(hearth.routes.map(RoleMatrixTests.key).filter { $0.contains(" /api/v1/") && $0 != "GET /api/v1/openapi.yaml" })
        // As the server reads its description for 405s (`APIOperations`): one reading, checked here against the router.
        let described = Set(APIOperations.all.flatMap { operation in operation.methods.map { "\($0) /\(operation.segments.joined(separator: "/"))" } })
        #expect(described.count == 19)
        #expect(served == described)
    }

    @Test("the description is read without a token or a session (it holds no secret); a call without a token is a problem+json 401")
    func readableWithoutToken() async throws {
        try await withHousehold { _, owner in
            let stranger = Browser(owner.client)
            let document = try await stranger.get("/api/v1/openapi.yaml")
            #expect(document.status == .ok && document.text == OpenAPIDocument.yaml)
            let call = try await stranger.send("/api/v1/subjects", method: .get, headers: [.accept: "application/json"], body: nil)
            #expect(call.status == .unauthorized && call.headers[.contentType] == "application/problem+json")
        }
    }
}
