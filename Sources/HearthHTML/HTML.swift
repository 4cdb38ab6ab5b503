import Foundation

/// Markup built in Swift: the hot lists, option lists, navigation and (next) SVG charts.
///
/// Escapes by construction: a literal is trusted (it is in the source), a `String`
/// interpolated into one is escaped, and only another `HTML` goes in as it is. So markup
/// can only come from the source or from another `HTML`; a member's text can never
/// become markup. Templates print an `HTML` with `{{{…}}}`, and only an `HTML`: the page
/// test fails on a triple brace that finds anything else.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, ready to send.
    public private(set) var text: String

    public static let empty = HTML(stringLiteral: "")

    public init(stringLiteral literal: String) { text = literal }

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// Markup from a file of the repository itself (the help pages' Markdown made HTML), trusted
    /// as a literal is; never for anything a member typed or sent.
    public init(fromRepository markup: String) { text = markup }

    /// Text made markup by escaping it: for text shown in several places of a page, escaped once.
    public init(escaping text: String) { self.text = HTML.escape(text) }

    /// Markup already made of `HTML` values (see `joined`).
    fileprivate init(markup: String) { text = markup }

    public var description: String { text }
    public var isEmpty: Bool { text.isEmpty }

    public static func += (html: inout HTML, more: HTML) { html.text += more.text }

    public static func + (first: HTML, second: HTML) -> HTML {
        var joined = first
        joined += second
        return joined
    }

    /// Reserves room for a long list built piece by piece.
    public mutating func reserveCapacity(_ bytes: Int) { text.reserveCapacity(bytes) }

    public struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        /// Reserves as Swift's own string interpolation does (measured: more was slower).
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 2)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ value: String) { text += HTML.escape(value) }
        public mutating func appendInterpolation(_ value: HTML) { text += value.text }
        public mutating func appendInterpolation(_ value: Int) { text += String(value) }
        public mutating func appendInterpolation(_ value: Int64) { text += String(value) }
        /// A number in SVG: at most two decimals, no exponent.
        public mutating func appendInterpolation(_ value: Double) { text += HTML.number(value) }
    }
}

extension Sequence<HTML> {
    public func joined(separator: HTML = .empty) -> HTML {
        HTML(markup: map(\.text).joined(separator: separator.text))
    }
}

extension HTML {
    /// The five characters that matter in HTML text and attribute values, byte by byte:
    /// most values (names, numbers, times, URLs) need nothing and are returned as they are.
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        func special(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 }
        // Read as one buffer where the string is one (native strings are): a third of the time of
        // walking the view's indices, and most of a page's text is looked at here.
        let found = utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? utf8.contains(where: special)
        guard found else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x27: bytes.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])  // &#39;
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A coordinate or size for SVG: rounded to two decimals, trailing zeros dropped, never "-0".
    /// Written from integers: `String(format:)` was a sixth of a chart page's time.
    public static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let whole = String(magnitude / 100), fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return sign + whole }
        if fraction % 10 == 0 { return sign + whole + "." + String(fraction / 10) }
        return sign + whole + (fraction < 10 ? ".0" : ".") + String(fraction)
    }
}
