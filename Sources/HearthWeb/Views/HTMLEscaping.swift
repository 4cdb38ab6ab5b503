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

    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        // Most values (names, numbers, times, URLs) need nothing: return them as they are.
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
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
