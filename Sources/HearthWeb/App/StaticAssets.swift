import CZlib
import Crypto
import Foundation
import HearthCore

/// `Public/`, read once at start: each file with its content's digest, and gzipped once when
/// that makes it smaller. Pages link to a file by a name that holds its digest
/// (`/static/css/hearth.3f9a0c21de.css`), served as immutable: a phone downloads the
/// stylesheet once per release and never asks again. The plain name still answers (with an
/// `ETag`), for anything that links to it by hand.
struct StaticAssets: Sendable {
    struct Asset: Sendable {
        let body: [UInt8]
        let gzipped: [UInt8]?
        let contentType: String
        let digest: String
        /// `/static/css/hearth.3f9a0c21de.css`.
        let versioned: String
    }

    /// By the path under `/static/`, plain and versioned.
    let byPath: [String: Asset]
    /// `/static/css/hearth.css` → its versioned path: what templates are rewritten with.
    let versions: [String: String]

    init(publicDirectory: String) throws {
        var byPath: [String: Asset] = [:], versions: [String: String] = [:]
        let root = URL(fileURLWithPath: publicDirectory).standardizedFileURL.path
        guard let files = FileManager.default.enumerator(atPath: root) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: root])
        }
        for case let relative as String in files {
            var isDirectory: ObjCBool = false
            let full = root + "/" + relative
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let body = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
            let digest = String(SHA256.hex(body).prefix(10))
            let name = relative as NSString
            let versioned = "/static/" + (name.deletingPathExtension + "." + digest + (name.pathExtension.isEmpty ? "" : "." + name.pathExtension))
            let type = Self.contentType(name.pathExtension)
            let packed = Self.compressible(type) ? Self.gzip(body).flatMap { $0.count < body.count * 9 / 10 ? $0 : nil } : nil
            let asset = Asset(body: body, gzipped: packed, contentType: type, digest: digest, versioned: versioned)
            byPath["/static/" + relative] = asset
            byPath[versioned] = asset
            versions["/static/" + relative] = versioned
        }
        self.byPath = byPath
        self.versions = versions
    }

    /// Every `/static/…` a template names, as its versioned path.
    func versioning(_ template: String) -> String {
        guard template.contains("/static/") else { return template }
        var text = template
        for (plain, versioned) in versions { text = text.replacingOccurrences(of: "\"" + plain + "\"", with: "\"" + versioned + "\"") }
        return text
    }

    static func contentType(_ pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "json", "webmanifest": "application/json"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    static func compressible(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasPrefix("image/svg") || type.hasPrefix("application/json")
    }

    /// The bytes as a gzip member: at zlib's best level for the files done once a run, at its
    /// fastest (`level: 1`) for a page done once an answer.
    static func gzip(_ bytes: [UInt8], level: Int32 = 9) -> [UInt8]? {
        var stream = z_stream()
        guard hearth_deflate_init_gzip_level(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let result: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        return Array(output.prefix(Int(stream.total_out)))
    }
}
