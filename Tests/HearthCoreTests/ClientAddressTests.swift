import Foundation
import HearthCore
import Testing

@Suite("Client addresses behind proxies")
struct ClientAddressTests {
    let proxy: Set<String> = ["10.0.0.2"]

    @Test("X-Forwarded-For is believed only from a trusted proxy")
    func onlyFromTrustedProxies() {
        #expect(ClientAddress.resolve(peer: "192.168.1.9", forwardedFor: ["1.2.3.4"], trustedProxies: proxy) == "192.168.1.9")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["192.168.1.20"], trustedProxies: proxy) == "192.168.1.20")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: [], trustedProxies: proxy) == "10.0.0.2")
    }

    @Test("the nearest untrusted hop wins: a client cannot prepend an address of its choosing")
    func nearestUntrustedHop() {
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["6.6.6.6, 192.168.1.20"], trustedProxies: proxy) == "192.168.1.20")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["6.6.6.6", "192.168.1.20, 10.0.0.2"], trustedProxies: proxy) == "192.168.1.20")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["fe80::1"], trustedProxies: proxy) == "fe80::1")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["evil name, 192.168.1.20"], trustedProxies: proxy) == "192.168.1.20")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["<script>"], trustedProxies: proxy) == "10.0.0.2")
    }

    @Test("an address may fail more often than a username before it is locked")
    func addressAllowsMore() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let failures = (1...SignInPolicy.maximumFailures).map { now.addingTimeInterval(-Double($0) * 60) }
        #expect(SignInPolicy.lockedUntil(failures: failures, now: now) != nil)
        #expect(SignInPolicy.lockedUntil(failures: failures, now: now, maximum: SignInPolicy.maximumFailuresPerAddress) == nil)
        #expect(SignInPolicy.maximumFailuresPerAddress > SignInPolicy.maximumFailures)
    }
}
