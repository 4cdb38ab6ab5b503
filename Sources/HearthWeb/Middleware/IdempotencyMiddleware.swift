import Crypto
import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// A form or API call sent with a key made on the phone (`Idempotency-Key` header, or the
/// `idempotency_key` query parameter `app.js` adds to every form's action when it is sent)
/// is handled once: a repeat with the same key — the outbox sending again after a reply lost
/// on the way back, a double tap — gets the first answer and writes nothing. A first
/// request that wrote nothing (an error thrown, a 4xx or 5xx) is forgotten, so its repeat is
/// tried again. The same key with another body is refused (422), as the IETF draft says.
struct IdempotencyMiddleware: RouterMiddleware {
    static let header = HeaderName("Idempotency-Key")!
    static let queryName = "idempotency_key"
    static let replayed = HeaderName("Idempotent-Replayed")!
    /// Set by a page whose answer carries a secret shown once (a new token): the answer is
    /// never kept, and a repeat is sent to this address instead. Not sent on to the browser.
    static let secretAnswer = HeaderName("Hearth-Secret-Answer")!
    /// Bodies read whole to take their fingerprint: every form without files, every JSON call.
    static let largestFingerprintedBody = JSONBodyLimitMiddleware.limit
    let requests: SentRequestRepository

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), let account = context.member?.account.id,
            let key = request.headers[Self.header] ?? request.uri.queryParameters.get(Self.queryName)
        else { return try await next(request, context) }
        guard Self.isWellFormed(key) else { throw PageError(status: .badRequest, messageKey: "error.idempotency_key") }
        let path = request.uri.path
        var request = request
        let fingerprint = try await Self.fingerprint(&request)
        switch try await requests.claim(accountID: account, key: key, method: request.method.rawValue, path: path, fingerprint: fingerprint) {
        case .answered(let answer):
            var headers: HTTPFields = [Self.replayed: "true", .cacheControl: "no-store"]
            if let location = answer.location { headers[.location] = location }
            if let type = answer.contentType { headers[.contentType] = type }
            return Response(status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
        case .inProgress:
            throw PageError(status: .conflict, messageKey: "error.idempotency_in_progress")
        case .otherRequest:
            throw PageError(status: .unprocessableContent, messageKey: "error.idempotency_reused")
        case .first:
            break
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try? await requests.forget(accountID: account, key: key)
            throw error
        }
        guard response.status.code < 400 else {
            try? await requests.forget(accountID: account, key: key)
            return response
        }
        if let instead = response.headers[Self.secretAnswer] {
            var sent = response
            sent.headers[Self.secretAnswer] = nil
            try await requests.finish(accountID: account, key: key, answer: .init(status: 303, location: instead, contentType: nil, body: []))
            return sent
        }
        // The body is read once here, kept, and sent on as it was.
        let collector = BodyCollector()
        try await response.body.write(collector)
        let answer = SentRequestRepository.Answer(
            status: Int(response.status.code), location: response.headers[.location], contentType: response.headers[.contentType],
            body: Array(collector.buffer.readableBytesView))
        try await requests.finish(accountID: account, key: key, answer: answer)
        var sent = response
        sent.body = .init(byteBuffer: collector.buffer)
        return sent
    }

    /// The SHA-256 of a body small enough to read whole (put back for the handler), or nil for
    /// a body of files, which is streamed to disk and never held.
    static func fingerprint(_ request: inout Request) async throws -> String? {
        guard request.headers[.contentType]?.lowercased().hasPrefix("multipart/") != true,
            let length = request.headers[.contentLength].flatMap({ Int($0) }), length <= largestFingerprintedBody
        else { return nil }
        let body = try await request.collectBody(upTo: largestFingerprintedBody)
        return SHA256.hex(canonical(Array(body.readableBytesView), type: request.headers[.contentType] ?? ""))
    }

    /// The body with what does not change its meaning taken out: a form's fields and a JSON
    /// object's keys in any order are the same request, and the CSRF token (masked anew on each
    /// page, `CSRFMask`) is checked before, not a part of what was asked.
    static func canonical(_ body: [UInt8], type: String) -> [UInt8] {
        if type.lowercased().hasPrefix("application/x-www-form-urlencoded") {
            func isToken(_ field: [UInt8]) -> Bool {
                let name = String(decoding: field.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
                return (name.removingPercentEncoding ?? name) == CSRFMiddleware.fieldName
            }
            return Array(
                body.split(separator: UInt8(ascii: "&")).map { Array($0) }.filter { !isToken($0) }
                    .sorted { $0.lexicographicallyPrecedes($1) }.joined(separator: [UInt8(ascii: "&")]))
        }
        if type.lowercased().hasPrefix("application/json"), let value = try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]),
            let sorted = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        {
            return Array(sorted)
        }
        return body
    }

    /// A UUID or any key of 8 to 64 letters, digits, `-` and `_`.
    static func isWellFormed(_ key: String) -> Bool {
        (8...64).contains(key.utf8.count)
            && key.utf8.allSatisfy { $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}

/// Gathers a response body written to it.
final class BodyCollector: ResponseBodyWriter, @unchecked Sendable {
    var buffer = ByteBuffer()
    func write(_ part: ByteBuffer) async throws {
        var part = part
        buffer.writeBuffer(&part)
    }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
