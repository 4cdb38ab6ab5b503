import Foundation
import HearthStore
import Hummingbird

/// A form or API call sent with a key made on the phone (`Idempotency-Key` header, or the
/// `idempotency_key` query parameter `app.js` adds to every form's action when it is sent)
/// is handled once: a repeat with the same key — the outbox sending again after a reply lost
/// on the way back, a double tap — gets the first answer and writes nothing. A first
/// request that failed (an error thrown, a 5xx) is forgotten, so its repeat is tried again.
struct IdempotencyMiddleware: RouterMiddleware {
    static let header = HeaderName("Idempotency-Key")!
    static let queryName = "idempotency_key"
    static let replayed = HeaderName("Idempotent-Replayed")!
    /// Answers larger than this (a page re-drawn with its errors) are kept without their body.
    static let largestKeptBody = 512 * 1024
    let requests: SentRequestRepository

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), let account = context.member?.account.id,
            let key = request.headers[Self.header] ?? request.uri.queryParameters.get(Self.queryName)
        else { return try await next(request, context) }
        guard Self.isWellFormed(key) else { throw PageError(status: .badRequest, messageKey: "error.idempotency_key") }
        let path = request.uri.path
        switch try await requests.claim(accountID: account, key: key, method: request.method.rawValue, path: path) {
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
        guard response.status.code < 500 else {
            try? await requests.forget(accountID: account, key: key)
            return response
        }
        // The body is read once here, kept, and sent on as it was.
        let collector = BodyCollector()
        try await response.body.write(collector)
        let body = collector.buffer.readableBytesView
        let answer = SentRequestRepository.Answer(
            status: Int(response.status.code), location: response.headers[.location], contentType: response.headers[.contentType],
            body: body.count <= Self.largestKeptBody ? Array(body) : [])
        try await requests.finish(accountID: account, key: key, answer: answer)
        var sent = response
        sent.body = .init(byteBuffer: collector.buffer)
        return sent
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
