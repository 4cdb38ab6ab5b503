import Foundation
import HTTPTypes
import HearthCore
import HearthStore
import Hummingbird
import OpenAPIRuntime

/// The API's errors: `application/problem+json` (RFC 9457) in the member's language, every
/// field's problem named. `ErrorPagesMiddleware` draws these instead of an error page for
/// `/api/v1/`, so a refusal anywhere on the way (a middleware, a loader, a handler) reads the same.
enum APIProblem {
    static func isAPI(_ request: Request) -> Bool {
        request.uri.path.hasPrefix(APITokenMiddleware.prefix) && request.uri.path != APITokenMiddleware.document || request.uri.path == "/api/v1"
    }

    static func response(
        _ status: HTTPResponse.Status, messageKey: String, values: [String: String], fields: FieldErrors, strings: Localization, language: Language
    ) -> Response {
        var problem: [String: Any] = [
            "type": "about:blank", "status": Int(status.code),
            "title": strings.has("api.status.\(status.code)") ? strings.text("api.status.\(status.code)", language) : status.reasonPhrase,
            "detail": strings.text(messageKey, language, values),
        ]
        if !fields.isEmpty {
            problem["errors"] = fields.messages.keys.sorted().map { field in
                ["field": field, "message": strings.text(fields.messages[field]!, language, fields.values[field] ?? [:])]
            }
        }
        let body = (try? JSONSerialization.data(withJSONObject: problem, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        var headers: HTTPFields = [.contentType: "application/problem+json", .cacheControl: "no-store"]
        if status == .unauthorized { headers[HTTPField.Name("WWW-Authenticate")!] = #"Bearer realm="Hearth""# }
        if status == .methodNotAllowed, let allowed = values["allowed"] { headers[.allow] = allowed }
        if status == .tooManyRequests { headers[HTTPField.Name("Retry-After")!] = String(60 * (Int(values["minutes"] ?? "1") ?? 1)) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// What the generated server wrapped: the handler's own refusal, or a request the
    /// description does not allow (a missing field, a value of the wrong type) as 400.
    static func unwrap(_ error: ServerError) -> any Error {
        let underlying = error.underlyingError
        if underlying is PageError || underlying is StoreError || StorageFull.isCause(underlying) { return underlying }
        if let nested = underlying as? ServerError { return unwrap(nested) }
        if let decoding = underlying as? DecodingError { return problem(decoding) }
        guard error.httpStatus.code < 500 else { return underlying }
        return PageError(status: error.httpStatus, messageKey: "api.error.request", values: ["reason": "\(underlying)"])
    }

    /// A body the description does not allow, said on its field in the member's words; the
    /// decoder's own text (types, debug descriptions) is for the log, not the caller.
    static func problem(_ error: DecodingError) -> PageError {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        let (path, key): (String, String) =
            switch error {
            case .keyNotFound(let missing, let context): (field(context.codingPath + [missing]), "api.error.missing")
            case .typeMismatch(_, let context), .valueNotFound(_, let context): (field(context.codingPath), "api.error.type")
            case .dataCorrupted(let context): (field(context.codingPath), context.codingPath.isEmpty ? "api.error.json" : "api.error.value")
            @unknown default: ("", "api.error.json")
            }
        var errors = FieldErrors()
        errors.add(path.isEmpty ? "body" : path, key)
        return PageError(status: .badRequest, messageKey: key, fields: errors)
    }
}
