import Foundation

/// Which address a request came from, for counting failed sign-ins. Behind a reverse
/// proxy every member arrives from the proxy's address, so the proxy's
/// `X-Forwarded-For` is believed, but only from the proxies the household named: anyone
/// else could write any address there and dodge the count.
public enum ClientAddress {
    /// `peer` is the connection's address; `forwardedFor` the `X-Forwarded-For` values in
    /// order (each may hold several, comma-separated). Walks the list from the right (the
    /// hop nearest to us) past trusted proxies to the first address that is not one.
    public static func resolve(peer: String, forwardedFor: [String], trustedProxies: Set<String>) -> String {
        guard trustedProxies.contains(peer) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peer
        for hop in hops.reversed() {
            guard looksLikeAddress(hop) else { break }  // garbage: keep the last hop we could read
            client = hop
            if !trustedProxies.contains(hop) { break }
        }
        return client
    }

    /// An IPv4 or IPv6 address's characters, nothing else (no ports, names or brackets).
    static func looksLikeAddress(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 45 && text.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" } && text.contains(where: { $0 == "." || $0 == ":" })
    }
}
