import HearthHTML
import Mustache

/// HTML escaping for every `{{value}}`, byte by byte. swift-mustache's own looks each
/// Character up in a dictionary, which was a tenth of a timeline page's time. It escapes the
/// same five characters. Every template and partial selects it with a first line
/// `{{% CONTENT_TYPE: HTML }}` (partials too: swift-mustache resets the content type for each
/// partial), after `register()` has replaced the "HTML" entry.
struct FastHTMLEscaping: MustacheContentType {
    static func register() {
        MustacheContentTypes.register(FastHTMLEscaping(), named: "HTML")
    }

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String { HTML.escape(text) }
}

// Most values a template prints are strings. Claiming them as custom-renderable lets
// swift-mustache print one after a single type check, instead of trying it as a lambda and
// an optional and then going through `String(describing:)` (profiled: a sixth of a pet page).
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { false }
}

// A section over a string (`{{#photo}}<img src="{{photo}}">{{/photo}}`) puts the string on
// the context stack, and swift-mustache asks every non-parent on the stack for a name through
// Mirror, which cost more than the rest of the pet page's profile card. A string has no
// named children: answering nil at once sends the lookup on down the stack.
extension String: @retroactive MustacheParent {
    public func child(named name: String) -> Any? { nil }
}

// `{{{html}}}` prints the markup as it is; a section over it (`{{#html}}`) finds no names in it.
extension HTML: MustacheCustomRenderable, MustacheParent {
    public var renderText: String { text }
    public var isNull: Bool { false }
    public func child(named name: String) -> Any? { nil }
}
