import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Over a real socket (the test connects from 127.0.0.1), so the peer address is real.
@Suite("Sign-in counts behind a reverse proxy")
struct ProxyTests {
    func withLiveHousehold(trustedProxies: [String], _ test: @Sendable (Hearth, Browser) async throws -> Void) async throws {
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = HearthConfiguration(host: "127.0.0.1", port: 0, dataDirectory: directory, resourcesDirectory: packageRoot, bcryptCost: 4)
        configuration.trustedProxies = trustedProxies
        // The whole suite runs at once on two cores, and this client may wait its turn for
        // longer than an idle connection is kept: these tests are not about that deadline.
        configuration.requestHeadDeadline = .seconds(120)
        let hearth = try await buildApplication(configuration)
        defer { try? hearth.database.close() }
        try await hearth.application.test(.live) { client in
            let owner = Browser(client)
            try await owner.setUpHousehold()
            try await test(hearth, owner)
        }
    }

    /// Wrong passwords for `times` different usernames, from `address` as the proxy says.
    func failFromAddress(_ client: any TestClientProtocol, _ address: String, times: Int, firstGuess: Int = 0) async throws {
        for attempt in firstGuess..<firstGuess + times {
            let browser = Browser(client)
            try await browser.get("/login")
            let response = try await browser.post(
                "/login", ["username": "guess\(attempt)", "password": "wrong password"], headers: [HeaderName("X-Forwarded-For")!: address])
            #expect(response.status == .unauthorized)
        }
    }

    @Test("from a trusted proxy, each member's address is counted apart: one guesser does not lock the house")
    func trustedProxy() async throws {
        try await withLiveHousehold(trustedProxies: ["127.0.0.1"]) { hearth, owner in
            try await failFromAddress(owner.client, "192.168.1.66", times: SignInPolicy.maximumFailuresPerAddress)
            let failures = SignInFailureRepository(hearth.database)
            #expect(try await failures.lockedUntil(username: "nobody", address: "192.168.1.66") != nil)
            #expect(try await failures.lockedUntil(username: "nobody", address: "127.0.0.1") == nil, "the proxy's own address is not what was counted")
            let mina = Browser(owner.client)
            try await mina.get("/login")
            let response = try await mina.post(
                "/login", ["username": "mina", "password": ownerPassword], headers: [HeaderName("X-Forwarded-For")!: "192.168.1.20"])
            #expect(response.status == .seeOther, "another member behind the same proxy signs in")
        }
    }

    @Test("from anyone else, X-Forwarded-For is ignored: a guesser cannot dodge the count by writing it")
    func untrustedHeader() async throws {
        try await withLiveHousehold(trustedProxies: []) { hearth, owner in
            for attempt in 0..<SignInPolicy.maximumFailuresPerAddress {
                try await failFromAddress(owner.client, "10.9.8.\(attempt)", times: 1, firstGuess: attempt)
            }
            #expect(try await SignInFailureRepository(hearth.database).lockedUntil(username: "nobody", address: "127.0.0.1") != nil)
            let browser = Browser(owner.client)
            try await browser.get("/login")
            #expect(
                try await browser.post("/login", ["username": "mina", "password": ownerPassword], headers: [HeaderName("X-Forwarded-For")!: "10.9.9.9"]).status
                    == .tooManyRequests)
        }
    }
}
