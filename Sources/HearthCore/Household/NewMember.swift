/// A member of the household as entered on the accounts page, setup or the command line.
public struct NewMember: Sendable, Equatable {
    public var username: String
    public var displayName: String
    public var password: String
    public var role: Role
    /// nil: follow the household's language.
    public var language: Language?

    public init(username: String, displayName: String, password: String, role: Role, language: Language? = nil) {
        self.username = username
        self.displayName = displayName
        self.password = password
        self.role = role
        self.language = language
    }

    /// Validates the form fields `username`, `display_name` (defaults to the username),
    /// `password`, `password_confirm` (checked only when present), `role` and `language`.
    public static func validate(_ input: [String: String], defaultRole: Role? = nil) -> Validated<NewMember> {
        var errors = FieldErrors()
        let username = Credentials.normalizedUsername(input["username", default: ""])
        Credentials.checkUsername(username, into: &errors)
        var displayName = input["display_name", default: ""].trimmingCharacters(in: .whitespacesAndNewlines)
        if displayName.isEmpty { displayName = username }
        Credentials.checkDisplayName(displayName, into: &errors)
        let password = input["password", default: ""]
        Credentials.checkPassword(password, into: &errors)
        if let confirmation = input["password_confirm"], confirmation != password {
            errors.add("password_confirm", "error.password.mismatch")
        }
        let role = input["role"].flatMap(Role.init(rawValue:)) ?? defaultRole
        if role == nil { errors.add("role", "error.role.unknown") }
        var language: Language?
        if let raw = input["language"], !raw.isEmpty {
            language = Language(rawValue: raw)
            if language == nil { errors.add("language", "error.language.unknown") }
        }
        guard errors.isEmpty, let role else { return .invalid(errors) }
        return .valid(NewMember(username: username, displayName: displayName, password: password, role: role, language: language))
    }
}
