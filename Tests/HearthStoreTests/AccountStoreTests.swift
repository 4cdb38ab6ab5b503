import Foundation
import HearthCore
import HearthStore
import Testing

/// Every database this test run makes lives under one folder, removed when the run ends.
let testRunFolder: String = {
    atexit { try? FileManager.default.removeItem(atPath: testRunFolderPath) }
    return testRunFolderPath
}()
private let testRunFolderPath = NSTemporaryDirectory() + "hearth-store-tests-" + UUID().uuidString

/// The repositories' own tests run on a database in memory; the few that are about the
/// file (permissions, reopening, two processes) open one in a temporary folder.
func temporaryDatabase() throws -> AppDatabase {
    try AppDatabase.inMemory()
}

func temporaryFolder() -> String {
    testRunFolder + "/" + UUID().uuidString
}

@Suite("Accounts, sessions and sign-in failures in SQLite")
struct AccountStoreTests {
    let settings = HouseholdSettings(name: "Kims", timeZone: "Asia/Seoul", language: .ko)
    let owner = NewMember(username: "mina", displayName: "Mina", password: "0123456789", role: .owner)

    @Test("setup happens once, even when two people try at the same moment")
    func setupOnce() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let households = HouseholdRepository(database)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<2 {
                group.addTask {
                    var member = owner
                    member.username = "owner\(index)"
                    return (try? await households.setUp(settings, owner: member, passwordHash: "x")) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.filter { $0 }.count == 1)
        #expect(try await AccountRepository(database).all().count == 1)
        await #expect(throws: StoreError.alreadySetUp) { try await households.setUp(settings, owner: owner, passwordHash: "x") }
    }

    @Test("a session finds its member as stored; an expired session or a disabled account finds nobody")
    func findSession() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let accounts = AccountRepository(database), sessions = SessionRepository(database)
        let stored = try await accounts.create(owner, passwordHash: "hash")
        try await accounts.setPreferences(displayName: "Mina Kim", language: .ko, accountID: stored.id!)
        let now = Date()
        let (token, csrf) = try await sessions.create(accountID: stored.id!, lifetime: 3600, now: now)
        let found = try #require(try await sessions.find(token: token, now: now))
        #expect(found.csrfToken == csrf)
        #expect(found.account == (try await accounts.account(id: stored.id!)), "every field, as stored")
        #expect(found.account.displayName == "Mina Kim" && found.account.language == .ko && found.account.role == .owner)
        #expect(try await sessions.find(token: token, now: now.addingTimeInterval(3601)) == nil)
        #expect(try await sessions.find(token: "not-a-token", now: now) == nil)
        // However an account ends up disabled, its sessions stop working.
        try await database.write { db in try db.execute(sql: "UPDATE account SET disabled_at = ? WHERE id = ?", arguments: [now, stored.id!]) }
        #expect(try await sessions.find(token: token, now: now) == nil)
    }

    @Test("usernames are unique whatever their case")
    func uniqueUsernames() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let accounts = AccountRepository(database)
        _ = try await accounts.create(owner, passwordHash: "x")
        var twin = owner
        twin.username = "MINA"
        await #expect(throws: StoreError.usernameTaken) { try await accounts.create(twin, passwordHash: "x") }
    }

    @Test("the household always keeps an active owner; a refused change leaves everything as it was")
    func lastOwner() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let account = try await HouseholdRepository(database).setUp(settings, owner: owner, passwordHash: "x")
        let accounts = AccountRepository(database)
        await #expect(throws: StoreError.lastOwner) { try await accounts.setRole(.adult, accountID: account.id!) }
        await #expect(throws: StoreError.lastOwner) { try await accounts.setDisabled(true, accountID: account.id!) }
        let unchanged = try await accounts.account(id: account.id!)
        #expect(unchanged?.role == .owner)
        #expect(unchanged?.isDisabled == false)
    }

    @Test("sessions: found by token, gone when expired, deleted with a new password")
    func sessions() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let account = try await HouseholdRepository(database).setUp(settings, owner: owner, passwordHash: "x")
        let sessions = SessionRepository(database)
        let now = Date()
        let kept = try await sessions.create(accountID: account.id!, lifetime: 3600, now: now)
        let other = try await sessions.create(accountID: account.id!, lifetime: 3600, now: now)
        #expect(try await sessions.find(token: kept.token, now: now)?.account.username == "mina")
        #expect(try await sessions.find(token: kept.token, now: now.addingTimeInterval(3601)) == nil, "expired")

        try await AccountRepository(database).setPasswordHash("y", accountID: account.id!, keepingSession: kept.token)
        #expect(try await sessions.find(token: kept.token, now: now) != nil)
        #expect(try await sessions.find(token: other.token, now: now) == nil)
    }

    @Test("a remembered session is forgotten by any write, here or by the command line, and never outlives its expiry")
    func recentSessions() async throws {
        let folder = temporaryFolder()
        let database = try AppDatabase.open(dataDirectory: folder)
        defer { try? database.close() }
        let account = try await HouseholdRepository(database).setUp(settings, owner: owner, passwordHash: "x")
        // A second owner, so that the first may become a viewer and be disabled.
        _ = try await AccountRepository(database).create(
            NewMember(username: "jun", displayName: "Jun", password: "0123456789", role: .owner), passwordHash: "x")
        let sessions = SessionRepository(database)
        let now = Date()
        let (token, _) = try await sessions.create(accountID: account.id!, lifetime: 3600, now: now)
        let remembering = RecentSessions(sessions, lifetime: .seconds(60))
        let brief = RecentSessions(sessions, lifetime: .milliseconds(200))
        #expect(try await remembering.find(token: token, now: now)?.account.role == .owner)
        #expect(try await brief.find(token: token, now: now)?.account.role == .owner)

        // The command line is another process with its own connection: SQLite's data_version
        // tells this one that someone committed, and the next request reads again.
        let before = database.generation
        let commandLine = try AppDatabase.open(dataDirectory: folder)
        try await AccountRepository(commandLine).setRole(.viewer, accountID: account.id!)
        try commandLine.close()
        #expect(database.generation != before)
        #expect(try await remembering.find(token: token, now: now)?.account.role == .viewer, "the command line's write is seen at once")
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await brief.find(token: token, now: now)?.account.role == .viewer, "read again once its time is up")
        #expect(try await remembering.find(token: token, now: now.addingTimeInterval(3601)) == nil, "expired, remembered or not")

        // Any write through this process's database: the next request reads again.
        try await AccountRepository(database).setDisabled(true, accountID: account.id!)
        #expect(try await remembering.find(token: token, now: now) == nil)
        #expect(try await brief.find(token: token, now: now) == nil)
    }

    @Test("failures lock a username at its address, an address for any username, and a username guessed from many addresses")
    func failuresByUsernameAndAddress() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let failures = SignInFailureRepository(database)
        let now = Date()
        for minute in 0..<5 {
            try await failures.record(username: "Mina", address: "192.0.2.7", now: now.addingTimeInterval(Double(minute) * 60))
        }
        let later = now.addingTimeInterval(5 * 60)
        #expect(try await failures.lockedUntil(username: "mina", address: "192.0.2.7", now: later) != nil)
        // From her own phone, Mina still signs in: the guesser is stopped where they guess.
        #expect(try await failures.lockedUntil(username: "mina", address: "192.0.2.99", now: later) == nil)
        // An address is allowed more failures than a username: a household may share one.
        #expect(try await failures.lockedUntil(username: "jun", address: "192.0.2.7", now: later) == nil)
        for guess in 0..<(SignInPolicy.maximumFailuresPerAddress - 5) {
            try await failures.record(username: "guess\(guess)", address: "192.0.2.7", now: now.addingTimeInterval(5 * 60))
        }
        #expect(try await failures.lockedUntil(username: "jun", address: "192.0.2.7", now: later) != nil)
        #expect(try await failures.lockedUntil(username: "jun", address: "192.0.2.99", now: later) == nil)
        // A minute past the last lock's end (the address's, from the twentieth failure): open again.
        #expect(try await failures.lockedUntil(username: "mina", address: "192.0.2.7", now: later.addingTimeInterval(16 * 60)) == nil)
        // Guesses at one username spread over many addresses lock it everywhere.
        for guess in 0..<SignInPolicy.maximumFailuresPerUsername {
            try await failures.record(username: "Jun", address: "198.51.100.\(guess)", now: now.addingTimeInterval(Double(guess)))
        }
        #expect(try await failures.lockedUntil(username: "jun", address: "192.0.2.50", now: later) != nil)
    }
}
