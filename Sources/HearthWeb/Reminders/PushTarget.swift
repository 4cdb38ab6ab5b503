import AsyncHTTPClient
import Crypto
import Foundation
import HearthCore
import HearthStore
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends one reminder to the household's phones: to an ntfy topic (the body is the message;
/// Title, Tags, Priority, Click and Actions headers, as ntfy's publish API reads them), as a
/// JSON POST to a webhook (Home Assistant and the like), and as a Web Push message to a
/// member's browsers (RFC 8030, encrypted by `PushEncryption`, signed by `VAPID`).
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

    /// `click` opens when the notification is tapped; `actions` are ntfy's `http` buttons (each
    /// POSTs to its address and clears the notification), absolute addresses both.
    func ntfy(_ url: String, title: String, message: String, urgent: Bool, click: String? = nil, actions: [ReminderAction] = []) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Title", value: Self.headerText(title))
        request.headers.add(name: "Tags", value: "pill")
        request.headers.add(name: "Priority", value: urgent ? "4" : "3")
        if let click { request.headers.add(name: "Click", value: click) }
        if !actions.isEmpty { request.headers.add(name: "Actions", value: Self.headerText(Self.ntfyActions(actions))) }
        request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        request.body = .bytes(ByteBuffer(string: message))
        try Self.judge(try await send(request))
    }

    /// ntfy's short form: `http, 줬어요, https://…, method=POST, clear=true; …`. Labels with a
    /// comma or semicolon would split the list, so those are replaced by spaces.
    static func ntfyActions(_ actions: [ReminderAction]) -> String {
        actions.map { action in
            let label = action.title.map { ",;".contains($0) ? " " : $0 }
            return "http, \(String(label)), \(action.url), method=POST, clear=true"
        }.joined(separator: "; ")
    }

    /// What a push service said of one message.
    enum WebPushOutcome: Equatable {
        case delivered
        /// 404 or 410: the subscription is gone; the device is forgotten.
        case gone
        /// 429: too many; nothing more to this device for this long (its `Retry-After`, or two minutes).
        case slowDown(wait: TimeInterval)
        /// Not sent: the device is still waiting out an earlier 429. Its reminder is tried again
        /// (no new wait begins: one 429 once silenced a device for good).
        case waiting

        /// How long a 429 says to wait: `Retry-After` in seconds or as an HTTP date, held to
        /// between 30 s and an hour (a dose's reminder is no use later); two minutes without one.
        static func slowingDown(retryAfter: String?, now: Date) -> WebPushOutcome {
            // `now` is the real clock, as the push service's HTTP date is.
            var seconds = 120.0
            if let text = retryAfter?.trimmingCharacters(in: .whitespaces) {
                if let whole = Int(text) {
                    seconds = Double(whole)
                } else {
                    // An HTTP date (RFC 9110 §5.6.7), read only on a 429: made here, not kept.
                    let httpDate = DateFormatter()
                    httpDate.locale = Locale(identifier: "en_US_POSIX")
                    httpDate.timeZone = TimeZone(identifier: "GMT")
                    httpDate.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
                    if let date = httpDate.date(from: text) { seconds = date.timeIntervalSince(now) }
                }
            }
            return .slowDown(wait: min(3600, max(30, seconds)))
        }
    }

    /// One encrypted message to one browser. `topic` (at most 32 base64url characters) makes the
    /// push service replace an undelivered earlier message of the same topic; `Urgency: high`
    /// because a dose is time-critical (iOS delivers nothing less while the phone sleeps).
    func webPush(_ payload: Data, to device: PushDevice, vapid: VAPID, topic: String, ttl: Int, now: Date) async throws -> WebPushOutcome {
        guard let endpoint = URL(string: device.endpoint), let authorization = try vapid.authorization(endpoint: endpoint, now: now) else {
            throw Failure(description: "\(device.endpoint) is not a push service's address")
        }
        var request = HTTPClientRequest(url: device.endpoint)
        request.method = .POST
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Content-Encoding", value: "aes128gcm")
        request.headers.add(name: "Content-Type", value: "application/octet-stream")
        request.headers.add(name: "TTL", value: String(ttl))
        request.headers.add(name: "Urgency", value: "high")
        request.headers.add(name: "Topic", value: topic)
        request.body = .bytes(ByteBuffer(data: try PushEncryption.encrypt(payload, p256dh: device.p256dh, auth: device.auth)))
        let (code, retryAfter) = try await answer(request)
        switch code {
        case 404, 410: return .gone
        case 429: return .slowingDown(retryAfter: retryAfter, now: now)
        case let status:
            try Self.judge(status)
            return .delivered
        }
    }

    /// A topic for the push service (RFC 8030 §5.4: base64url, at most 32 characters) from any text.
    static func topic(_ text: String) -> String {
        String(Base64URL.encode(SHA256.hash(data: Data(text.utf8))).prefix(32))
    }

    func webhook(_ url: String, payload: [String: String]) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        let body = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        request.body = .bytes(ByteBuffer(bytes: body))
        try Self.judge(try await send(request))
    }

    /// 2xx is delivered; a redirect is not followed; anything else is a failure.
    private static func judge(_ status: UInt) throws {
        if (300..<400).contains(status) { throw Failure(description: "HTTP \(status): a redirect, not followed") }
        guard (200..<300).contains(status) else { throw Failure(description: "HTTP \(status)") }
    }

    /// The status the receiver answered, within the deadline.
    private func send(_ request: HTTPClientRequest) async throws -> UInt { try await answer(request).status }

    /// The status the receiver answered within the deadline, and its `Retry-After`.
    private func answer(_ request: HTTPClientRequest) async throws -> (status: UInt, retryAfter: String?) {
        let client = client
        let seconds = deadline
        let status = Status()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let response = try await client.execute(request, deadline: .now() + .seconds(seconds.components.seconds))
                status.retryAfter.withLock { $0 = response.headers.first(name: "Retry-After") }
                status.code.store(response.status.code, ordering: .relaxed)
                guard (200..<300).contains(response.status.code) else { return }
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
                if status.code.load(ordering: .relaxed) == 0 { throw Failure(description: "no answer within \(seconds.components.seconds) s") }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
        return (status.code.load(ordering: .relaxed), status.retryAfter.withLock { $0 })
    }

    /// The receiver's status, once its status line came (0 before), and its `Retry-After`.
    private final class Status: Sendable {
        let code = Atomic<UInt>(0)
        let retryAfter = Mutex<String?>(nil)
    }

    /// HTTP header values are ASCII: other text is sent as an RFC 2047 encoded word, which
    /// ntfy decodes (a Korean title arrives as written).
    static func headerText(_ text: String) -> String {
        text.allSatisfy { $0.isASCII && !$0.isNewline } ? text : "=?UTF-8?B?\(Data(text.utf8).base64EncodedString())?="
    }
}
