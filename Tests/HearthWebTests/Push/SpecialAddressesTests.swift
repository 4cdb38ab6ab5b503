import Testing
@testable import HearthWeb

/// Against IANA's special-purpose registries, with the forms an attack run slipped through.
@Suite("Addresses a push service cannot be at")
struct SpecialAddressesTests {
    @Test(
        "loopback, private, CGNAT and Tailscale, benchmarking, documentation, multicast, broadcast and IPv4 inside IPv6 are refused",
        arguments: [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.0.20", "169.254.1.1", "0.0.0.0", "100.64.0.1", "100.100.100.100", "100.127.255.254",
            "198.18.0.1", "198.19.255.255", "192.0.2.1", "198.51.100.7", "203.0.113.9", "192.0.0.8", "224.0.0.1", "239.255.255.250",
            "240.0.0.1", "255.255.255.255", "::1", "::", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::7f00:1",
            "64:ff9b::a00:1", "64:ff9b:1::1", "2002:7f00:1::", "2002:c000:0204::1", "2001::1", "2001:2::1", "2001:db8::1", "3fff::1",
            "fc00::1", "fd12:3456::1", "fe80::1", "fe80::1%eth0", "ff02::1", "100::1", "not an address",
        ])
    func refused(address: String) {
        #expect(SpecialAddresses.contains(address), "\(address)")
    }

    @Test(
        "the push services' own addresses, and other public ones, pass",
        arguments: [
            "142.250.196.106", "34.117.0.1", "17.188.128.1", "100.63.255.255", "100.128.0.1", "198.17.255.255", "198.20.0.1", "1.1.1.1",
            "2607:f8b0:4004:c07::5f", "2a00:1450:4001:82b::200a", "64:ff9b::808:808", "::ffff:8.8.8.8",
        ])
    func passed(address: String) {
        #expect(!SpecialAddresses.contains(address), "\(address)")
    }
}
