import Crypto
import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

@Suite("A member's devices that take Web Push")
struct PushDevicesWebTests {
    /// A browser's subscription as its page posts it: a push service's https address (a name
    /// that resolves nowhere, so neither this machine nor the home network) and fresh keys.
    static func subscription(endpoint: String = "https://push.example.invalid/send/\(UUID().uuidString)") -> [String: String] {
        [
            "endpoint": endpoint, "p256dh": Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
            "auth": Base64URL.encode(Data((0..<16).map { _ in UInt8.random(in: 0...255) })), "label": "Android · Chrome",
        ]
    }

    @Test(
        "the household's key is made once; a device is added, listed on /me and removed by its member only; http, this machine, the home network and bad keys are refused with nothing written"
    )
    func devices() async throws {
        try await withHousehold { hearth, owner in
            let key = try await owner.get("/me/devices/key").text
            #expect(Base64URL.decode(key)?.count == 65)
            #expect(try await owner.get("/me/devices/key").text == key, "made once")
            let me = try await owner.get("/me").text
            #expect(me.contains(#"<form method="post" action="/me/devices" class="push-on" hidden"#) && me.contains("No device takes notifications yet."))

            let rows = { try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM push_device") ?? -1 } }
            for (endpoint, said) in [
                ("http://push.example.invalid/x", "https address"),
                ("https://127.0.0.1/x", "on this computer or the home network"),
                ("https://192.168.0.20/x", "on this computer or the home network"),
                ("https://10.1.2.3:8443/x", "on this computer or the home network"),
            ] {
                let refused = try await owner.post("/me/devices", Self.subscription(endpoint: endpoint))
                #expect(refused.status == .unprocessableContent && refused.text.contains(said), "\(endpoint): \(refused.status)")
            }
            var badKey = Self.subscription()
            badKey["p256dh"] = Base64URL.encode(Data(repeating: 4, count: 65))
            #expect(try await owner.post("/me/devices", badKey).status == .unprocessableContent)
            #expect(try rows() == 0, "nothing written")

            let fields = Self.subscription()
            #expect(try await owner.post("/me/devices", fields).location == "/me?done=device#devices")
            #expect(try await owner.post("/me/devices", fields).status == .seeOther, "the same browser again replaces its row")
            #expect(try rows() == 1)
            let listed = try await owner.get("/me?done=device").text
            #expect(listed.contains("Android · Chrome") && listed.contains("This device now takes notifications."))
            let id = try #require(try PushDeviceRepository(hearth.database).devices(accountID: nil).first?.id)

            try await owner.addMember("dad", role: .adult, database: hearth.database)
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            try await dad.get("/me")
            #expect(try await dad.post("/me/devices/\(id)/remove", [:]).status == .notFound, "not his device")
            #expect(try await owner.post("/me/devices/\(id)/remove", [:]).status == .seeOther)
            #expect(try rows() == 0)
        }
    }

    @Test("a member has at most 20 devices: the 21st is refused with what to do and nothing written, one already there subscribes again")
    func devicesAreBounded() async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/me")
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            let devices = PushDeviceRepository(hearth.database)
            var first: [String: String] = [:]
            for number in 0..<Bounds.devicesPerMember {
                let fields = Self.subscription()
                if number == 0 { first = fields }
                guard case .valid(let subscription) = PushSubscription.validate(fields) else { throw CancellationError() }
                try await devices.add(accountID: mina, subscription)
            }
            let refused = try await owner.post("/me/devices", Self.subscription())
            #expect(refused.status == .unprocessableContent && refused.text.contains("You already get notifications on 20 devices."))
            #expect(try devices.devices(accountID: mina).count == 20, "nothing written")
            #expect(try await owner.post("/me/devices", first).location == "/me?done=device#devices", "a device already there renews")
        }
    }
}
