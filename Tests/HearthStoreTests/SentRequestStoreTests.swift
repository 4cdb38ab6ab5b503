import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite("Requests sent with a key")
struct SentRequestStoreTests {
    @Test("one claim per member and key: answered, in flight, another request; abandoned after 15 minutes; forgotten after a week")
    func claims() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let account = try #require(try await AccountRepository(database).create(AccountStoreTests().owner, passwordHash: "hash").id)
        let requests = SentRequestRepository(database)
        let now = Date()
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now) == .first)
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now) == .inProgress)
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/people/1/water", now: now) == .otherRequest)
        // Still in flight after ten minutes (a slow upload); taken as dead after fifteen.
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now + 600) == .inProgress)
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now + 901) == .first)
        let answer = SentRequestRepository.Answer(status: 303, location: "/doses", contentType: nil, body: [])
        try await requests.finish(accountID: account, key: "k-12345678", answer: answer)
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now + 960) == .answered(answer))
        // A week on, the key is forgotten.
        #expect(try await requests.claim(accountID: account, key: "k-12345678", method: "POST", path: "/doses/mark", now: now + 8 * 86400) == .first)
    }
}
