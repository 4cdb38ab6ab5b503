import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Sends one reminder to the household's phones: to an ntfy topic (the body is the message;
/// Title, Tags and Priority headers, as ntfy's publish API reads them) and/or as a JSON POST to
/// a webhook (Home Assistant and the like).
struct PushTarget: Sendable {
    let client: HTTPClient

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `http://` or `https://` and a host: what the settings accept.
    static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty else { return false }
        return true
    }

    func ntfy(_ url: String, title: String, message: String, urgent: Bool) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Title", value: Self.headerText(title))
        request.headers.add(name: "Tags", value: "pill")
        request.headers.add(name: "Priority", value: urgent ? "4" : "3")
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.body = .bytes(ByteBuffer(string: message))
        try await send(request)
    }

    func webhook(_ url: String, payload: [String: String]) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let body = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        request.body = .bytes(ByteBuffer(bytes: body))
        try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws {
        let response = try await client.execute(request, timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 64 * 1024)
        guard (200..<300).contains(response.status.code) else { throw Failure(description: "HTTP \(response.status.code)") }
    }

    /// HTTP header values are ASCII: other text is sent as an RFC 2047 encoded word, which
    /// ntfy decodes (a Korean title arrives as written).
    static func headerText(_ text: String) -> String {
        text.allSatisfy { $0.isASCII && !$0.isNewline } ? text : "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
