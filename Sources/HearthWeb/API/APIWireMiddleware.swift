import Foundation
import HTTPTypes
import OpenAPIRuntime

// Two corrections between Hummingbird and the generated server, for every operation.

/// A write sent with no body at all (`curl -X POST …/given`) is a call without the optional
/// body, not an empty JSON document: the generated server would try to decode nothing.
struct NoBodyMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let length = request.headerFields[.contentLength]
        let empty = length == "0" || length == nil && request.headerFields[.transferEncoding] == nil
        return try await next(request, empty ? nil : body, metadata)
    }
}

/// The runtime writes response headers in URI "simple" style, percent-encoding a Location's
/// slashes; a Location is a URI reference already, so it goes out as written.
struct LocationMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var (response, body) = try await next(request, body, metadata)
        if let location = response.headerFields[.location] { response.headerFields[.location] = location.removingPercentEncoding ?? location }
        return (response, body)
    }
}

/// A JSON body larger than the largest valid one is refused at the door (413), before it is
/// read whole and decoded: a 480 MB note would otherwise be held in memory to be refused for
/// its length. The largest valid body is a record with every field at its limit, each
/// character written as a JSON escape; photos come as multipart and are streamed to disk.
struct JSONBodyLimitMiddleware: ServerMiddleware {
    static let limit = 512 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let body, request.headerFields[.contentType]?.lowercased().hasPrefix("multipart/") != true else { return try await next(request, body, metadata) }
        if let length = request.headerFields[.contentLength].flatMap({ Int($0) }), length > Self.limit { throw Self.tooLarge }
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= Self.limit else { throw Self.tooLarge }
            bytes += chunk
        }
        return try await next(request, HTTPBody(bytes), metadata)
    }

    static var tooLarge: PageError { PageError(status: .contentTooLarge, messageKey: "error.too_large") }
}
