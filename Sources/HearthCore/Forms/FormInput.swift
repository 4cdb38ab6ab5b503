import Foundation

/// How what a person typed is read. Nothing is silently changed: text that did not
/// arrive as typed, a number written as a programmer would, or a choice that was not
/// offered is refused on its field, never dropped, cut or replaced by a default.
public enum FormInput {
    /// A number as a person writes it (see `TypedNumber.read`), or nil.
    public static func decimal(_ raw: String) -> Double? {
        try? TypedNumber.read(raw).get()
    }

    /// A number field: nil when empty (with "required" when it must be there), refused on its
    /// field when it is not a number as a person writes one, carries a unit not in `units`
    /// (the field's own, typed before or after it: `55,000원`, `4.2kg`), or falls outside `range`.
    public static func number(
        _ input: [String: String], _ name: String, range: ClosedRange<Double>, units: [String] = [], whole: Bool = false, required: Bool = false,
        errors: inout FieldErrors
    ) -> Double? {
        let raw = input[name, default: ""].trimmingCharacters(in: .whitespaces)
        if raw.isEmpty {
            if required { errors.add(name, "error.number.required") }
            return nil
        }
        switch TypedNumber.read(raw, units: units) {
        case .success(let value):
            guard !whole || value == value.rounded() else {
                errors.add(name, "error.number.whole")
                return nil
            }
            guard range.contains(value) else {
                errors.add(name, "error.number.range", ["low": rangeEnd(range.lowerBound, up: true), "high": rangeEnd(range.upperBound, up: false)])
                return nil
            }
            return value
        case .failure(.ambiguousGrouping(let decimal)):
            errors.add(name, "error.number.grouping", ["typed": raw, "decimal": decimal])
        case .failure(.otherUnit) where !units.isEmpty:
            errors.add(name, "error.number.unit", ["unit": units[0]])
        case .failure:
            errors.add(name, "error.number.invalid")
        }
        return nil
    }

    /// An end of a field's range as the message says it: a whole number, grouped ("200,000"),
    /// rounded inward so what is said is always allowed.
    static func rangeEnd(_ value: Double, up: Bool) -> String {
        let whole = up ? value.rounded(.up) : value.rounded(.down)
        return Int(exactly: whole)?.grouped ?? String(whole)
    }

    /// False for text no keyboard types: U+FFFD (where bytes were not UTF-8 and had to be
    /// replaced), NUL and other control characters but tab and line breaks.
    public static func isTypeable(_ text: String) -> Bool {
        // Most text is settled byte by byte: no C0 control but tab and line breaks, no DEL, and
        // no lead byte of a C1 control (C2) or of U+FFFD (EF) to look at more closely. A list of
        // 200,000 drugs is checked field by field.
        if !text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF }) { return true }
        return !text.unicodeScalars.contains { scalar in
            scalar == "\u{FFFD}" || (scalar.properties.generalCategory == .control && !["\t", "\n", "\r"].contains(scalar))
        }
    }

    /// False for text holding characters that change the direction text runs or take no room
    /// (U+202E, U+2066–2069, U+200B, U+2060, U+FEFF…): typed into a name or a note they make it
    /// read as something else ("gpj.exe" shown as "exe.jpg"). Joiners stay, for emoji and scripts.
    public static func isPlain(_ text: String) -> Bool {
        // Each of these is three bytes beginning E2 80, E2 81 or EF BB.
        guard text.utf8.contains(where: { $0 == 0xE2 || $0 == 0xEF }) else { return true }
        return !text.unicodeScalars.contains { disguising.contains($0.value) }
    }

    static let disguising: Set<UInt32> = [0x200B, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF]

    /// A choice from a fixed list: the default when the field is absent or empty, nil (with
    /// the field's error) when it names something that was not offered.
    public static func choice<Choice: RawRepresentable>(
        _ input: [String: String], _ name: String, default fallback: Choice?, errors: inout FieldErrors
    ) -> Choice? where Choice.RawValue == String {
        guard let raw = input[name], !raw.isEmpty else { return fallback }
        guard let value = Choice(rawValue: raw) else {
            errors.add(name, "error.choice.unknown")
            return nil
        }
        return value
    }

    /// Trimmed text within the field's limit (`FieldLimits`), or nil when empty; problems go to
    /// `errors`, a text too long with its limit and its length.
    public static func text(_ input: [String: String], _ name: String, errors: inout FieldErrors) -> String? {
        let value = input[name, default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
        check(value, field: name, errors: &errors)
        return value.isEmpty ? nil : value
    }

    /// Refuses text no keyboard types, or longer than the field's limit, on its field.
    public static func check(_ value: String, field: String, errors: inout FieldErrors) {
        let most = FieldLimits.characters(field)
        if !isTypeable(value) { errors.add(field, "error.text.invalid") }
        if !isPlain(value) { errors.add(field, "error.text.disguised") }
        if value.utf8.count > most, value.count > most {
            errors.add(field, "error.text.too_long", ["limit": most.grouped, "length": value.count.grouped])
        }
    }
}
