import Foundation

/// `Content-Disposition` with a file name that keeps its Korean (RFC 6266, RFC 8187):
/// `filename*=UTF-8''…` for browsers, and beside it an ASCII `filename` for the rest.
enum ContentDisposition {
    static func header(_ disposition: String = "attachment", name: String) -> String {
        // No path, quote or control character in a name, whatever the title held.
        let clean = String(name.map { "/\\\"\r\n\t".contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true ? "-" : $0 }.prefix(120))
        let ascii = String(clean.unicodeScalars.map { $0.isASCII ? Character($0) : "_" })
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "!#$&+-.^_`|~")
        let encoded = clean.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return ascii == clean ? "\(disposition); filename=\"\(clean)\"" : "\(disposition); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
