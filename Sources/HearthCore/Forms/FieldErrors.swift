/// Validation result of a form: per field, the key of a message in the string files.
/// The domain never formats text; the web layer translates keys into the member's language.
public struct FieldErrors: Sendable, Equatable {
    public private(set) var messages: [String: String] = [:]
    /// What a field's message names (a limit, a length), by field.
    public private(set) var values: [String: [String: String]] = [:]

    public init() {}

    public var isEmpty: Bool { messages.isEmpty }

    /// Records the first problem found for a field; later ones are less useful to the user.
    public mutating func add(_ field: String, _ messageKey: String, _ values: [String: String] = [:]) {
        guard messages[field] == nil else { return }
        messages[field] = messageKey
        if !values.isEmpty { self.values[field] = values }
    }

    /// Adds another check's problems, each field's first kept.
    public mutating func add(_ other: FieldErrors) {
        for (field, key) in other.messages { add(field, key, other.values[field] ?? [:]) }
    }

    public subscript(field: String) -> String? { messages[field] }

    /// The first problem by field name, for a form with one place to say it.
    public var first: (field: String, key: String, values: [String: String])? {
        guard let field = messages.keys.min(), let key = messages[field] else { return nil }
        return (field, key, values[field] ?? [:])
    }
}

/// Either a valid value or the field errors that explain why the input is not one.
public enum Validated<Value: Sendable>: Sendable {
    case valid(Value)
    case invalid(FieldErrors)
}

extension Validated {
    /// The field errors, or none for a valid value.
    public var errors: FieldErrors {
        if case .invalid(let errors) = self { return errors }
        return FieldErrors()
    }
}
