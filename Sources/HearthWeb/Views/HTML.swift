import Mustache

/// Markup built in Swift: the hot lists, option lists, navigation and (next) SVG charts.
///
/// Escapes by construction: a literal is trusted (it is in the source), a `String`
/// interpolated into one is escaped, and only another `HTML` goes in as it is. So markup
/// can only come from the source or from another `HTML`; a member's text can never
/// become markup. Templates print an `HTML` with `{{{…}}}`, and only an `HTML`: the page
/// test fails on a triple brace that finds anything else.
struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, ready to send.
    private(set) var text: String

    static let empty = HTML(stringLiteral: "")

    init(stringLiteral literal: String) { text = literal }

    init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// Markup already made of `HTML` values (see `joined`).
    fileprivate init(markup: String) { text = markup }

    var description: String { text }
    var isEmpty: Bool { text.isEmpty }

    static func += (html: inout HTML, more: HTML) { html.text += more.text }

    static func + (first: HTML, second: HTML) -> HTML {
        var joined = first
        joined += second
        return joined
    }

    /// Reserves room for a long list built piece by piece.
    mutating func reserveCapacity(_ bytes: Int) { text.reserveCapacity(bytes) }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var text = ""

        /// Reserves as Swift's own string interpolation does (measured: more was slower).
        init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 2)
        }

        mutating func appendLiteral(_ literal: String) { text += literal }
        mutating func appendInterpolation(_ value: String) { text += FastHTMLEscaping.escape(value) }
        mutating func appendInterpolation(_ value: HTML) { text += value.text }
        mutating func appendInterpolation(_ value: Int) { text += String(value) }
        mutating func appendInterpolation(_ value: Int64) { text += String(value) }
    }
}

extension Sequence<HTML> {
    func joined(separator: HTML = .empty) -> HTML {
        HTML(markup: map(\.text).joined(separator: separator.text))
    }
}

// `{{{html}}}` prints the markup as it is; a section over it (`{{#html}}`) finds no names in it.
extension HTML: MustacheCustomRenderable, MustacheParent {
    var renderText: String { text }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
}
