import Foundation

/// The special-purpose address blocks of IANA's IPv4 and IPv6 registries (RFC 6890 and its
/// updates): loopback, private, shared (CGNAT, Tailscale's 100.100.100.100), link-local,
/// benchmarking, documentation, multicast, broadcast and reserved space, and the IPv6 forms that
/// carry an IPv4 address inside (mapped, compatible, NAT64, 6to4), read for the address they
/// carry. A push service is on the public internet, so it is at none of these.
enum SpecialAddresses {
    /// True for an address in a special-purpose block, or text that is no address at all.
    static func contains(_ text: String) -> Bool {
        let text = text.split(separator: "%").first.map(String.init) ?? text  // fe80::1%eth0
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return isSpecial(v4: withUnsafeBytes(of: &v4) { Array($0) }) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return isSpecial(v6: withUnsafeBytes(of: &v6) { Array($0) }) }
        return true
    }

    static func isSpecial(v4 b: [UInt8]) -> Bool {
        switch (b[0], b[1], b[2]) {
        case (0, _, _), (10, _, _), (127, _, _): true
        case (100, 64...127, _): true  // shared address space (CGNAT)
        case (169, 254, _): true
        case (172, 16...31, _): true
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (192, 168, _): true
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): true
        case (224...255, _, _): true  // multicast, reserved, broadcast
        default: false
        }
    }

    static func isSpecial(v6 b: [UInt8]) -> Bool {
        let first96Zero = b[0..<10].allSatisfy { $0 == 0 }
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated; :: and ::1 among them)
        if first96Zero && (b[10...11] == [0xff, 0xff] || b[10...11] == [0, 0]) { return b[10] == 0 ? true : isSpecial(v4: Array(b[12...15])) }
        // 64:ff9b::/96 (NAT64): the IPv4 address it translates to decides.
        if b[0...11] == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return isSpecial(v4: Array(b[12...15])) }
        if b[0...3] == [0, 0x64, 0xff, 0x9b] { return true }  // 64:ff9b:1::/48, local-use translation
        if b[0...7] == [0x01, 0, 0, 0, 0, 0, 0, 0] { return true }  // 100::/64, discard
        if b[0] == 0x20 && b[1] == 0x01 && b[2] < 0x02 { return true }  // 2001::/23 (Teredo, benchmarking, ORCHID …)
        if b[0...3] == [0x20, 0x01, 0x0d, 0xb8] { return true }  // documentation
        if b[0] == 0x20 && b[1] == 0x02 { return true }  // 6to4 (2002::/16)
        if b[0] == 0x3f && b[1] & 0xf0 == 0xf0 { return true }  // 3fff::/20, documentation
        if b[0] == 0x5f && b[1] == 0x00 { return true }  // 5f00::/16, segment routing
        if b[0] & 0xfe == 0xfc { return true }  // unique local
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return true }  // link-local
        if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return true }  // site-local (deprecated)
        if b[0] == 0xff { return true }  // multicast
        return false
    }
}
