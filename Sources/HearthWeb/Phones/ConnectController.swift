import Foundation
import HearthCertificates
import HearthCharts
import Hummingbird

/// Connecting a phone: the page, the household certificate (as a `.crt` for Android and a
/// configuration profile for iPhone) and the trust check. Open without signing in: a phone
/// meets them before it can sign in safely, and none holds anything secret (the
/// certificate is public; its key never leaves the data folder).
struct ConnectController {
    let renderer: Renderer
    let tls: HouseholdTLS?
    let httpsPort: Int?
    /// Hearth listens on every interface (`--host 0.0.0.0`), so the machine's other addresses answer too.
    let listensEverywhere: Bool

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        // The address this browser used, unless that is the computer itself (a phone cannot
        // use 127.0.0.1): then the machine's first network address, when Hearth listens there.
        var addresses: [String] = []
        if let httpsPort {
            let suffix = httpsPort == 443 ? "" : ":\(httpsPort)"
            if let used = HTTPSWayMiddleware.httpsURL(of: request, port: httpsPort, path: "/") { addresses.append(used) }
            if listensEverywhere {
                // The addresses the household's certificate names (not one outside the home network's ranges).
                for name in HouseholdTLS.machineNames()
                where name.isAddress && !name.text.contains(":") && !name.text.hasPrefix("127.") && tls?.authority?.permits(name) != false {
                    let url = "https://\(name.text)\(suffix)/"
                    if !addresses.contains(url) { addresses.append(url) }
                }
            }
            let host = HTTPSWayMiddleware.hostName(request.head.authority) ?? ""
            if ["127.0.0.1", "localhost", "[::1]"].contains(host), addresses.count > 1 { addresses.append(addresses.removeFirst()) }
        }
        let address = addresses.first
        let others = Array(addresses.dropFirst())
        var page = ConnectPage(
            httpsAddress: address, otherAddresses: others,
            qrCode: address.flatMap { QRCode($0)?.svg(label: renderer.strings.text("connect.qr_label", context.language) + " " + $0) },
            fingerprint: tls?.authority?.fingerprint, overHTTPS: context.isSecure,
            checkURL: httpsPort.flatMap { HTTPSWayMiddleware.httpsURL(of: request, port: $0, path: PhoneRoutes.check.pattern) },
            isOwner: context.role == .owner)
        page.authorityUnlimited = tls?.authority?.isLimitedToHome == false
        var response = renderer.page(page, titleKey: "connect.title", request: request, context: context)
        // The trust check reaches the HTTPS port from a plain-HTTP page: only that origin is added.
        if let check = page.checkURL, let url = URL(string: check), let host = url.host {
            let origin = "https://\(url.host?.contains(":") == true ? "[\(host)]" : host)\(url.port.map { ":\($0)" } ?? "")"
            response.headers[HeaderName("Content-Security-Policy")!] = SecurityHeadersMiddleware<AppRequestContext>.policy + "; connect-src 'self' \(origin)"
        }
        return response
    }

    /// Answers from the HTTPS port only: reaching it at all is the proof of trust. The page
    /// that asked is this server's plain-HTTP page, so it may read the answer.
    @Sendable func check(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard context.isSecure else { throw PageError.notFound }
        var headers: HTTPFields = [.cacheControl: "no-store", .contentType: "text/plain; charset=utf-8"]
        if let origin = request.headers[.origin], let host = HTTPSWayMiddleware.hostName(request.head.authority),
            origin.lowercased().hasPrefix("http://\(host.lowercased()):") || origin.lowercased() == "http://\(host.lowercased())"
        {
            headers[HeaderName("Access-Control-Allow-Origin")!] = origin
            headers[HeaderName("Access-Control-Allow-Credentials")!] = "true"
            headers[.vary] = "Origin"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "trusted")))
    }

    /// The household authority's certificate, as Android's certificate installer takes it.
    @Sendable func certificate(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let authority = tls?.authority else { throw PageError.notFound }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-x509-ca-cert", .cacheControl: "no-cache",
                .contentDisposition: "attachment; filename=\"hearth-household.crt\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: authority.pem)))
    }

    /// The same certificate in a configuration profile: what Safari on an iPhone installs.
    @Sendable func profile(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let authority = tls?.authority else { throw PageError.notFound }
        let name = renderer.strings.text("connect.profile_name", context.language)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-apple-aspen-config", .cacheControl: "no-cache",
                .contentDisposition: "attachment; filename=\"hearth.mobileconfig\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: AppleProfile.trusting(authority, name: name))))
    }
}

/// An iOS configuration profile holding one root certificate. Unsigned (Settings says
/// "Not Verified"); after installing it, iOS still asks for full trust in Certificate Trust Settings.
enum AppleProfile {
    static func trusting(_ authority: HouseholdAuthority, name: String) -> String {
        // Stable identifiers from the certificate, so installing it again replaces the first.
        let id = authority.fingerprint.replacingOccurrences(of: ":", with: "").prefix(32).lowercased()
        let uuid = uuidText(id)
        let certificateUUID = uuidText(String(id.reversed()))
        let escapedName = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>PayloadContent</key>
              <array>
                <dict>
                  <key>PayloadCertificateFileName</key><string>hearth-household.cer</string>
                  <key>PayloadContent</key><data>\(Data(authority.der).base64EncodedString())</data>
                  <key>PayloadDisplayName</key><string>\(escapedName)</string>
                  <key>PayloadIdentifier</key><string>hearth.household.certificate.\(id)</string>
                  <key>PayloadType</key><string>com.apple.security.root</string>
                  <key>PayloadUUID</key><string>\(certificateUUID)</string>
                  <key>PayloadVersion</key><integer>1</integer>
                </dict>
              </array>
              <key>PayloadDisplayName</key><string>\(escapedName)</string>
              <key>PayloadIdentifier</key><string>hearth.household.\(id)</string>
              <key>PayloadType</key><string>Configuration</string>
              <key>PayloadUUID</key><string>\(uuid)</string>
              <key>PayloadVersion</key><integer>1</integer>
            </dict>
            </plist>

            """
    }

    static func uuidText(_ hex: String) -> String {
        let h = Array(hex.padding(toLength: 32, withPad: "0", startingAt: 0)).map(String.init)
        return [h[0..<8], h[8..<12], h[12..<16], h[16..<20], h[20..<32]].map { $0.joined() }.joined(separator: "-").uppercased()
    }
}
