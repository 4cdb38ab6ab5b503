import Foundation
import HearthCore
import HearthStore
import Logging
import Synchronization
import Testing
@testable import HearthWeb

#if canImport(Glibc)
import Glibc
#endif

/// A real TCP server on a local port that answers every connection with the same bytes, then,
/// if asked, trickles a byte every half second for as long as the connection stays open: the
/// receiver that once held the whole household's reminders.
final class CannedReceiver: Sendable {
    let port: Int
    private let socket: Int32
    private let connections = Counter()
    /// When the first connection was accepted: what a slow exchange's time is counted from.
    private let firstAccepted = Moment()

    final class Moment: Sendable {
        let value = Mutex<Date?>(nil)
    }

    final class Counter: Sendable {
        let value = Mutex<Int>(0)
    }

    init(answer: String, trickle: Bool = false) throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        guard bound == 0, listen(listener, 16) == 0 else { throw CocoaError(.fileReadUnknown) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        socket = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let counter = connections
        let firstAccepted = firstAccepted
        Thread.detachNewThread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                counter.value.withLock { $0 += 1 }
                firstAccepted.value.withLock { $0 = $0 ?? Date() }
                Thread.detachNewThread {
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    _ = recv(client, &buffer, buffer.count, 0)
                    let bytes = Array(answer.utf8)
                    _ = send(client, bytes, bytes.count, Int32(MSG_NOSIGNAL))
                    while trickle, send(client, "x", 1, Int32(MSG_NOSIGNAL)) == 1 { usleep(500_000) }
                    close(client)
                }
            }
        }
    }

    var connectionCount: Int { connections.value.withLock { $0 } }
    var firstConnection: Date? { firstAccepted.value.withLock { $0 } }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

@Suite("Reminders: receivers that are slow, greedy or elsewhere")
struct HostileReceiverTests {
    static let strings = try! Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings

    /// Mochi's heart pill, due daily at 08:00.
    static func heartPills(_ owner: Browser, _ database: AppDatabase) async throws {
        let mochi = try await owner.addPet("Mochi")
        _ = try await RegimenRepository(database).create(
            subjectID: mochi,
            RegimenInput(
                name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-01")!)))
    }

    @Test("a receiver that trickles its body holds no one else's reminder, and its own counts as delivered by its status line")
    func trickle() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            try await Self.heartPills(owner, database)
            _ = try await owner.addMember("dad", role: .adult, database: database)
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let slow = try CannedReceiver(answer: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", trickle: true)
            let receiver = Receiver()
            try await receiver.serve { port in
                try await ReminderRepository(database).setTargets(ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/house", webhookURL: nil, againMinutes: 0))
                try await ReminderRepository(database).setMemberSettings(accountID: mina, reminders: true, ntfyURL: "http://127.0.0.1:\(slow.port)/mina")
                let scheduler = ReminderScheduler(
                    reminders: ReminderRepository(database), database: database, areas: .standard,
                    household: try await HouseholdState(repository: HouseholdRepository(database)),
                    push: PushTarget(deadline: .seconds(10)), strings: Self.strings, logger: Logger(label: "test"), clock: clock.read)
                let started = Date()
                let tick = Task { try await scheduler.tick(now: clock.read()) }
                while await receiver.messages.isEmpty, Date().timeIntervalSince(started) < 10 { try await Task.sleep(for: .milliseconds(20)) }
                // Mina's receiver holds its exchange to the 10 s deadline; Dad's came long before it
                // ended (well under a second alone). Counted from when Mina's exchange began, not
                // from the round's start: on a loaded machine the round's own reads took seconds
                // before either was sent, which says nothing of one receiver holding another.
                let dadArrived = Date()
                let minaBegan = slow.firstConnection ?? dadArrived
                // Under 8 s: before Mina's 10 s deadline could have let a queued one through.
                #expect(
                    dadArrived.timeIntervalSince(minaBegan) < 8,
                    "Dad's reminder waited \(dadArrived.timeIntervalSince(minaBegan)) s behind Mina's slow receiver")
                try await tick.value
                // Without a deadline the trickle never ends; with it, the round ends some seconds
                // after 10 (a full parallel test run on two cores took 15, and 26.5 with a build
                // running beside it).
                let held = Date().timeIntervalSince(slow.firstConnection ?? started)
                #expect(held < 45, "Mina's exchange was held \(held) s: the slow receiver had a 10 s deadline")
                #expect(slow.connectionCount == 1)
                let sent = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reminder WHERE delivered_at IS NOT NULL") }
                #expect(sent == 2, "the slow receiver's status line said 200: delivered")
            }
        }
    }

    @Test("a redirect is not followed; a 2xx with a body past 64 KB is delivered; a member who turned reminders off just now gets nothing")
    func redirectsAndBodies() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            try await Self.heartPills(owner, database)
            let receiver = Receiver()
            try await receiver.serve { port in
                let redirect = try CannedReceiver(answer: "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:\(port)/stolen\r\nContent-Length: 0\r\n\r\n")
                let big = try CannedReceiver(answer: "HTTP/1.1 200 OK\r\nContent-Length: 1048576\r\n\r\n" + String(repeating: "y", count: 1 << 20))
                let scheduler = ReminderScheduler(
                    reminders: ReminderRepository(database), database: database, areas: .standard,
                    household: try await HouseholdState(repository: HouseholdRepository(database)),
                    push: PushTarget(deadline: .seconds(5)), strings: Self.strings, logger: Logger(label: "test"), clock: clock.read)
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "http://127.0.0.1:\(redirect.port)/house", webhookURL: nil, againMinutes: 0))
                try await scheduler.tick(now: clock.read())
                #expect(await receiver.messages.isEmpty, "the redirect was not followed")
                #expect(
                    try await owner.get("/settings/reminders").text.contains(
                        "The household’s ntfy topic: sent Hearth to another address (HTTP 302), which Hearth does not follow: correct the address"))

                try await database.write { db in try db.execute(sql: "DELETE FROM reminder") }
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "http://127.0.0.1:\(big.port)/house", webhookURL: nil, againMinutes: 0))
                try await scheduler.tick(now: clock.read())
                let delivered = try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM reminder WHERE delivered_at IS NOT NULL") }
                #expect(delivered == 1, "a megabyte after 200 OK: it arrived")

                // Written down for Mina, then she turns reminders off before it is sent.
                try await database.write { db in try db.execute(sql: "DELETE FROM reminder") }
                let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
                _ = try await ReminderRepository(database).claim(
                    accountID: mina, dueAt: clock.read().addingTimeInterval(-30), round: 0, message: "08:00 — Mochi: Heart pills", now: clock.read())
                try await ReminderRepository(database).setMemberSettings(accountID: mina, reminders: false, ntfyURL: nil)
                try await ReminderRepository(database).setTargets(ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/house", webhookURL: nil, againMinutes: 0))
                let format = Formatting(strings: Self.strings, language: .en, timeZone: TimeZone(identifier: "Asia/Seoul")!)
                try await scheduler.deliver(now: clock.read(), targets: try ReminderRepository(database).targets(), format: format)
                #expect(await receiver.messages.isEmpty, "reminders were off when it was to be sent")
            }
        }
    }

    @Test("a member's own topic may not be on this machine (only the owner's, or the household's ntfy server); the owner's may")
    func ownTopicOnThisMachine() async throws {
        try await withHousehold { hearth, owner in
            _ = try await owner.addMember("dad", role: .adult, database: hearth.database)
            try await ReminderRepository(hearth.database).setTargets(ReminderTargets(ntfyURL: "http://127.0.0.1:8090/house", webhookURL: nil, againMinutes: 30))
            let dad = Browser(owner.client)
            try await dad.signIn("dad", "member password 1")
            for url in ["http://127.0.0.1:6379/", "http://localhost:9200/x", "http://[::1]:80/", "http://0.0.0.0:22/"] {
                try await dad.get("/me")
                let refused = try await dad.post("/me/reminders", ["reminders": "on", "ntfy_url": url])
                #expect(refused.status == .unprocessableContent, "\(url)")
                #expect(refused.text.contains("only the owner may send reminders there"))
            }
            try await dad.get("/me")
            #expect(
                try await dad.post("/me/reminders", ["reminders": "on", "ntfy_url": "http://127.0.0.1:8090/dad"]).status == .seeOther,
                "the household's own ntfy")
            try await dad.get("/me")
            #expect(try await dad.post("/me/reminders", ["reminders": "on", "ntfy_url": "https://ntfy.sh/kim-dad"]).status == .seeOther)
            try await owner.get("/me")
            #expect(try await owner.post("/me/reminders", ["reminders": "on", "ntfy_url": "http://127.0.0.1:6379/"]).status == .seeOther, "the owner may")
        }
    }
}
