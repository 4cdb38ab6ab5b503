import HearthCore
import HearthHTML

/// `/login`.
struct SignInPage: Page {
    static let template = "household/login"
    let username: String
    /// Where to go after signing in (a same-site path), or "".
    let next: String
    let message: String?

    func child(named name: String) -> Any? {
        switch name {
        case "username": username
        case "next": next
        case "message": message ?? false
        default: nil
        }
    }
}
