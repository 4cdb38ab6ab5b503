import HearthHTML

/// `/connect`: how a phone reaches Hearth over HTTPS — the address as a QR code, the
/// household's certificate to trust, the steps for iPhone and Android, and a check of
/// whether this browser trusts the household yet.
struct ConnectPage: Page {
    static let template = "phones/connect"
    /// Nil when the server serves plain HTTP only.
    let httpsAddress: String?
    /// Other HTTPS addresses of the machine (each LAN address), for a phone on another name.
    let otherAddresses: [String]
    let qrCode: HTML?
    /// The household's own certificate (nil with `--tls-cert`: that one is trusted already).
    let fingerprint: String?
    let overHTTPS: Bool
    /// What the browser fetches to find out whether it trusts the certificate.
    let checkURL: String?
    let isOwner: Bool
    /// The household's authority was made before Hearth limited it to the home network.
    var authorityUnlimited = false

    func child(named name: String) -> Any? {
        switch name {
        case "httpsAddress": httpsAddress ?? false
        case "otherAddresses": otherAddresses.isEmpty ? false : otherAddresses
        case "qrCode": qrCode ?? false
        case "fingerprint": fingerprint ?? false
        case "overHTTPS": overHTTPS
        case "checkURL": checkURL ?? false
        case "isOwner": isOwner
        case "authorityUnlimited": authorityUnlimited
        // What renews it, on the computer Hearth runs on.
        case "renewCommand": "hearth https renew"
        default: nil
        }
    }
}
