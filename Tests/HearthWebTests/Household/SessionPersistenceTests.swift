import Foundation
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Sessions survive a restart")
struct SessionPersistenceTests {
    @Test("a session is still valid after the application is rebuilt on the same data folder")
    func survivesRestart() async throws {
        let directory = temporaryDataDirectory()
        let cookies = try await withHousehold(dataDirectory: directory) { _, owner in owner.cookies }
        let token = try #require(cookies[HearthCookies.session])

        try await withHearth(dataDirectory: directory) { restarted, client in
            let browser = Browser(client)
            browser.cookies = cookies
            let home = try await browser.get("/")
            #expect(home.status == .ok)
            #expect(home.text.contains("Hello, Mina"))
            let stranger = Browser(client)
            stranger.cookies[HearthCookies.session] = String(token.reversed())
            #expect(try await stranger.get("/").location == "/login")
        }
    }

    @Test("only a digest of the session id is stored")
    func digestOnly() async throws {
        let directory = temporaryDataDirectory()
        let token = try await withHousehold(dataDirectory: directory) { _, owner in owner.cookies[HearthCookies.session] }
        let database = try AppDatabase.open(dataDirectory: directory)
        defer { try? database.close() }
        let stored = try database.read { db in try String.fetchAll(db, sql: "SELECT id_digest FROM session") }
        #expect(!stored.isEmpty)
        #expect(!stored.contains(try #require(token)))
    }
}
