import Foundation
import HearthAPI

/// The API's operations as its description lists them (`paths:` → methods), read once: which
/// methods a path answers, so any other is 405 with `Allow` (RFC 9110) rather than 404.
/// `APIDocumentTests` holds that these are exactly the router's `/api/v1` routes.
enum APIOperations {
    /// Each described path's segments (`{name}` matches any one segment) and its methods.
    static let all: [(segments: [Substring], methods: [String])] = {
        var operations: [(segments: [Substring], methods: [String])] = []
        for line in OpenAPIDocument.yaml.split(separator: "\n") {
            if line.hasPrefix("components:") { break }
            if line.hasPrefix("  /") && line.hasSuffix(":") {
                operations.append((("/api/v1" + line.dropFirst(2).dropLast()).split(separator: "/"), []))
            } else if let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }), !operations.isEmpty {
                operations[operations.count - 1].methods.append(method.uppercased())
            }
        }
        return operations
    }()

    /// The methods `path` answers, or nil when no operation has that path.
    static func methods(of path: String) -> [String]? {
        let parts = path.split(separator: "/")
        return all.first { operation in
            operation.segments.count == parts.count && zip(operation.segments, parts).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }?.methods
    }
}
