import HearthHTML
import Foundation
import Hummingbird

/// The two cookies Hearth sets. Both HttpOnly and SameSite=Lax; Secure when the request
/// came over HTTPS, so a household behind a TLS proxy gets cookies that never travel in clear.
enum HearthCookies {
    static let session = "hearth_session"
    /// Before sign-in there is no session to hold a CSRF token: the login and setup forms
    /// use a double-submit token kept in this cookie instead.
    static let anonymousCSRF = "hearth_csrf"

    static func make(_ name: String, value: String, maxAge: TimeInterval, secure: Bool) -> Cookie {
        Cookie(name: name, value: value, maxAge: Int(maxAge), path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    static func expired(_ name: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }
}

extension Request {
    /// HTTPS directly, or through a reverse proxy that says so. Trusting the header can only
    /// add the Secure flag, which harms nobody.
    var cameOverHTTPS: Bool {
        if head.scheme == "https" { return true }
        if let proto = headers[HeaderName("X-Forwarded-Proto")!], proto.lowercased().hasPrefix("https") { return true }
        if let forwarded = headers[HeaderName("Forwarded")!], forwarded.lowercased().contains("proto=https") { return true }
        return false
    }

    /// Browsers asking for a page get redirects and HTML; scripts get plain status codes.
    var wantsHTML: Bool {
        headers[.accept]?.contains("text/html") ?? false
    }
}

extension Response {
    func setsCookie(named name: String) -> Bool {
        headers[values: .setCookie].contains { $0.hasPrefix("\(name)=") }
    }
}

/// HTTPTypes' field names, reached through the type Hummingbird re-exports.
typealias HeaderName = HTTPFields.Element.Name
