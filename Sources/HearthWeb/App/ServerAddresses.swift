import NIOCore

/// The URLs a household can open: for a server on all interfaces, one per network address,
/// so the person starting it can type the right one into a phone.
enum ServerAddresses {
    static func urls(host: String, port: Int, scheme: String = "http") -> [String] {
        guard host == "0.0.0.0" || host == "::" else { return ["\(scheme)://\(host):\(port)"] }
        let addresses = (try? System.enumerateDevices()) ?? []
        var urls = ["\(scheme)://127.0.0.1:\(port)"]
        for device in addresses {
            guard let address = device.address, case .v4 = address, let ip = address.ipAddress, !ip.hasPrefix("127.") else { continue }
            let url = "\(scheme)://\(ip):\(port)"
            if !urls.contains(url) { urls.append(url) }
        }
        return urls
    }
}
