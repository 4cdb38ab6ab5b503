import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite("The calendar feed ends with the sessions")
struct FeedRevocationTests {
    @Test("a password reset, or a disable and re-enable, revokes the feed's URL; a member's own change of password keeps it")
    func revoked() async throws {
        let database = try AppDatabase.inMemory()
        defer { try? database.close() }
        let accounts = AccountRepository(database), feeds = CalendarFeedRepository(database)
        let owner = try await accounts.create(NewMember(username: "mina", displayName: "Mina", password: "0123456789", role: .owner), passwordHash: "x")
        let dad = try await accounts.create(NewMember(username: "dad", displayName: "Dad", password: "0123456789", role: .adult), passwordHash: "x")
        let today = LocalDate("2026-11-24")!

        var token = try await feeds.token(accountID: try #require(dad.id))
        let session = try await SessionRepository(database).create(accountID: dad.id!, lifetime: 3600)
        try await accounts.setPasswordHash("y", accountID: dad.id!, keepingSession: session.token, reset: false)
        #expect(try feeds.feed(token: token, today: today) != nil, "his own change: he is there, and keeps his calendar")

        try await accounts.setPasswordHash("z", accountID: dad.id!)
        #expect(try feeds.feed(token: token, today: today) == nil, "a reset: the old URL answers nothing")

        token = try await feeds.token(accountID: dad.id!)
        try await accounts.setDisabled(true, accountID: dad.id!)
        try await accounts.setDisabled(false, accountID: dad.id!)
        #expect(try feeds.feed(token: token, today: today) == nil, "re-enabled: the old URL does not come back")
        #expect(owner.id != nil)
    }
}
