import Foundation
import NIOCore
import NIOPosix

/// Whether a push address points at this machine. Only the owner may aim Hearth at a service
/// here (the household's own ntfy, say): a member's topic on `/me` that did would let anyone who
/// can sign in make the server post to its neighbours on 127.0.0.1.
enum PushAddress {
    /// True when the URL's host names this machine: a loopback, unspecified or link-local
    /// address, or one of this machine's own addresses, by name or resolved. A host that does
    /// not resolve is not this machine (the delivery will fail and say so).
    static func isOnThisMachine(_ url: String) async -> Bool {
        guard let found = await lookUp(url) else { return false }
        return isThisMachine(found)
    }

    /// The URL's host (lowercased, without brackets) and every address it resolves to; nil
    /// when it names no host.
    private static func lookUp(_ url: String) async -> (host: String, addresses: [String])? {
        guard let host = URL(string: url)?.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased(), !host.isEmpty else { return nil }
        // getaddrinfo may wait on DNS: never on an event loop.
        return (host, (try? await NIOThreadPool.singleton.runIfActive { resolve(host) }) ?? [])
    }

    private static func isThisMachine(_ found: (host: String, addresses: [String])) -> Bool {
        if found.host == "localhost" || found.host.hasSuffix(".localhost") { return true }
        let own = Set(((try? System.enumerateDevices()) ?? []).compactMap { $0.address?.ipAddress })
        return found.addresses.contains { isLocal($0) || own.contains($0) }
    }

    /// May a member who is not the owner send to `url`? Not to this machine, unless it is the
    /// household's ntfy server the owner set (the same scheme, host and port).
    static func memberMay(_ url: String, householdNtfy: String?) async -> Bool {
        if let householdNtfy, sameServer(url, householdNtfy) { return true }
        return await !isOnThisMachine(url)
    }

    static func sameServer(_ a: String, _ b: String) -> Bool {
        guard let one = URLComponents(string: a), let other = URLComponents(string: b) else { return false }
        func port(_ url: URLComponents) -> Int { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return one.scheme?.lowercased() == other.scheme?.lowercased() && one.host?.lowercased() == other.host?.lowercased() && port(one) == port(other)
    }

    /// May a browser's push service be at `url`? Push services are on the internet: not this
    /// machine, and no name that resolves to any special-purpose address (`SpecialAddresses`:
    /// the home network, CGNAT and Tailscale, benchmarking, multicast, IPv4 inside IPv6 …).
    /// Asked when a device is added and again before each message, for what the name resolves to then.
    static func isPushService(_ url: String) async -> Bool {
        guard let found = await lookUp(url) else { return false }
        return !isThisMachine(found) && !found.addresses.contains(where: SpecialAddresses.contains)
    }

    static func isLocal(_ ip: String) -> Bool {
        let ip = ip.lowercased()
        if ip.hasPrefix("::ffff:") { return isLocal(String(ip.dropFirst(7))) }
        return ip.hasPrefix("127.") || ip == "0.0.0.0" || ip.hasPrefix("169.254.") || ip == "::1" || ip == "::" || ip.hasPrefix("fe80:")
    }

    /// Every address the name resolves to, as text.
    private static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var next = list
        while let info = next {
            var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(info.pointee.ai_addr, info.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                addresses.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            next = info.pointee.ai_next
        }
        return addresses
    }
}
