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
