import Foundation

/// Rules for usernames and passwords, shared by setup, the accounts page and the command line.
public enum Credentials {
    public static let minimumPasswordLength = 10
    /// bcrypt reads at most 72 bytes; longer passwords would be silently truncated, so refuse them.
    public static let maximumPasswordBytes = 72

    /// Usernames are compared case-insensitively; store them lowercased and trimmed.
    public static func normalizedUsername(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public static func checkUsername(_ username: String, field: String = "username", into errors: inout FieldErrors) {
        if username.isEmpty {
            errors.add(field, "error.username.required")
        } else if username.count < 3 || username.count > 32 {
            errors.add(field, "error.username.length")
        } else if !username.unicodeScalars.allSatisfy({ allowedUsernameScalars.contains($0) }) {
            errors.add(field, "error.username.characters")
        }
    }

    public static func checkPassword(_ password: String, field: String = "password", into errors: inout FieldErrors) {
        if !FormInput.isTypeable(password) {
            errors.add(field, "error.text.invalid")  // bcrypt would stop reading at a NUL
        } else if password.count < minimumPasswordLength {
            errors.add(field, "error.password.short")
        } else if password.utf8.count > maximumPasswordBytes {
            errors.add(field, "error.password.long")
        }
    }

    public static func checkDisplayName(_ name: String, field: String = "display_name", into errors: inout FieldErrors) {
        if name.isEmpty { errors.add(field, "error.display_name.required") }
        FormInput.check(name, field: field, errors: &errors)
    }

    private static let allowedUsernameScalars = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789._-")
}
