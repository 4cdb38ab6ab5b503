import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends one reminder to the household's phones: to an ntfy topic (the body is the message;
/// Title, Tags and Priority headers, as ntfy's publish API reads them) and/or as a JSON POST to
/// a webhook (Home Assistant and the like).
///
/// A receiver is not trusted to be quick or honest: each delivery has one deadline for the
/// whole exchange (a receiver that trickled its body a byte every 2 s held every member's
/// reminders for minutes), redirects are not followed (they could lead anywhere, this machine
/// included), and a delivery is judged by its status line alone.
struct PushTarget: Sendable {
    var client: HTTPClient = Self.client
    var deadline: Duration = .seconds(15)

    /// Hearth's own client: no redirects, short timeouts. Lives as long as the process.
    static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10))))

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `http://` or `https://` and a host: what the settings accept.
    static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty else {
            return false
        }
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
        let client = client
        let seconds = deadline
        let arrived = Arrived()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let response = try await client.execute(request, deadline: .now() + .seconds(seconds.components.seconds))
                if (300..<400).contains(response.status.code) {
                    throw Failure(description: "HTTP \(response.status.code): a redirect, not followed")
                }
                guard (200..<300).contains(response.status.code) else { throw Failure(description: "HTTP \(response.status.code)") }
                arrived.flag.store(true, ordering: .relaxed)
                // The status said it arrived. A little of the body is read so the connection can
                // be reused; the rest, however long or slow, is not waited for.
                var read = 0
                do {
                    for try await part in response.body {
                        read += part.readableBytes
                        if read >= 64 * 1024 { break }
                    }
                } catch {}
            }
            group.addTask {
                try await Task.sleep(for: seconds)
                if !arrived.flag.load(ordering: .relaxed) { throw Failure(description: "no answer within \(seconds.components.seconds) s") }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Set once the receiver's status line said the message arrived.
    private final class Arrived: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// HTTP header values are ASCII: other text is sent as an RFC 2047 encoded word, which
    /// ntfy decodes (a Korean title arrives as written).
    static func headerText(_ text: String) -> String {
        text.allSatisfy { $0.isASCII && !$0.isNewline } ? text : "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
