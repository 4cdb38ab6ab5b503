import Foundation
import HearthStore
import Hummingbird
import HummingbirdTesting

/// A script calling the API: a bearer token and JSON, no cookies.
struct APIClient {
    let client: any TestClientProtocol
    var token: String?
    var headers: HTTPFields = [:]

    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = self.headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        for field in extra { headers[field.name] = field.value }
        return try await client.executeRequest(uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Photos sent as `photo` parts of a multipart form.
    func photos(_ path: String, _ files: [(name: String, bytes: [UInt8])], partType: String = "image/jpeg") async throws -> TestResponse {
        let boundary = "----api\(UUID().uuidString)"
        var body: [UInt8] = []
        for file in files {
            body += Array(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(file.name)\"\r\nContent-Type: \(partType)\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        var headers = self.headers
        if let token { headers[.authorization] = "Bearer \(token)" }
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await client.executeRequest(uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// The JSON of an answer.
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any] ?? [:]
    }
}

extension APITokenRepository {
    /// A token for the member `username`.
    func make(for username: String, scope: TokenScope, database: AppDatabase) async throws -> String {
        let account = try await AccountRepository(database).all().first { $0.username == username }!
        return try await create(accountID: account.id!, name: "test", scope: scope).token
    }
}
