import AsyncHTTPClient
import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import HearthWeb

/// A real HTTP server on a local port standing in for ntfy: it keeps what it was sent.
actor Receiver {
    struct Message: Sendable {
        let path: String
        let title: String?
        let tags: String?
        let priority: String?
        let body: String
    }

    private(set) var messages: [Message] = []
    /// Answer with this status (a failing server).
    var status: HTTPResponse.Status = .ok

    func add(_ message: Message) -> HTTPResponse.Status {
        messages.append(message)
        return status
    }

    func fail(_ failing: Bool) { status = failing ? .serviceUnavailable : .ok }

    /// Serves on a free port while `body` runs; `body` gets the port.
    func serve(_ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.post("/**") { request, context -> Response in
            let text = String(buffer: try await request.body.collect(upTo: 1 << 20))
            let status = await self.add(
                Message(
                    path: request.uri.path, title: request.headers[HeaderName("Title")!], tags: request.headers[HeaderName("Tags")!],
                    priority: request.headers[HeaderName("Priority")!], body: text))
            return Response(status: status)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(client.port!) }
    }
}

@Suite("Reminders to phones")
struct ReminderDeliveryTests {
    @Test(
        "one message per topic and time: members without their own topic share the household's, which gets each dose once; again for what nobody marked; never twice after a restart; nothing after the window"
    )
    func delivery() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            let mom = try await PersonRepository(database).create(PersonProfile(name: "Mom", colour: .teal), photo: nil)
            let regimens = RegimenRepository(database)
            let start = LocalDate("2026-11-01")!
            let pills = try await regimens.create(
                subjectID: mochi,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: start)))
            _ = try await regimens.create(
                subjectID: mom.id,
                RegimenInput(
                    name: "Vitamin D", items: [RegimenItemInput(name: "D3", amount: 1, unit: "capsule")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: start)))
            _ = try await regimens.create(
                subjectID: mom.id,
                RegimenInput(
                    name: "Quiet one", items: [RegimenItemInput(name: "Zinc", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: start), remind: false))
            let sitter = try await owner.addMember("sitter", role: .adult, database: database)
            try await AccountRepository(database).setAccess(.only([mochi]), accountID: sitter)
            let quiet = try await owner.addMember("quiet", role: .adult, database: database)
            try await ReminderRepository(database).setMemberSettings(accountID: quiet, reminders: false, ntfyURL: nil)

            let receiver = Receiver()
            try await receiver.serve { port in
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/hearth-doses", webhookURL: nil, againMinutes: 30))
                func scheduler() async throws -> ReminderScheduler {
                    // Made anew each time: as after a restart, it knows only what SQLite kept.
                    ReminderScheduler(
                        reminders: ReminderRepository(database), database: database, areas: .standard,
                        household: try await HouseholdState(repository: HouseholdRepository(database)),
                        push: PushTarget(), strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings,
                        logger: Logger(label: "test"), clock: clock.read)
                }
                try await scheduler().tick(now: clock.read())
                var messages = await receiver.messages
                #expect(messages.count == 1, "Mina and the sitter read the household's topic: it gets the doses once (not the member who turned reminders off)")
                #expect(messages.map(\.body) == ["08:00 — Mochi: Heart pills — Pimobendan 1 tablet; Mom: Vitamin D — D3 1 capsule"])
                #expect(messages.allSatisfy { $0.path == "/hearth-doses" && $0.title == "Due at 08:00" && $0.tags == "pill" && $0.priority == "3" })

                clock.set("2026-11-22T23:01:30Z")
                try await scheduler().tick(now: clock.read())
                try await scheduler().tick(now: clock.read())
                #expect(await receiver.messages.count == 1, "nothing twice, restarted or not")

                // Mochi's pill is given; at 08:31 only Mom's vitamin is reminded again, to Mina.
                let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
                _ = try await regimens.mark(
                    regimenID: pills, day: LocalDate("2026-11-23")!, time: 480, status: .given, givenAt: clock.read(), reason: nil, accountID: mina)
                clock.set("2026-11-22T23:31:00Z")
                try await scheduler().tick(now: clock.read())
                messages = await receiver.messages
                #expect(messages.count == 2)
                #expect(
                    messages.last?.body == "08:00 — Mom: Vitamin D — D3 1 capsule" && messages.last?.priority == "4"
                        && messages.last?.title == "Still not marked: 08:00")

                // The server was down until 10:30: the 08:00 doses are past their window.
                clock.set("2026-11-23T01:30:00Z")
                try await scheduler().tick(now: clock.read())
                #expect(await receiver.messages.count == 2)

                // A failing server: kept, tried again after a pause, and the settings page says so.
                await receiver.fail(true)
                clock.set("2026-11-23T11:00:10Z")  // 20:00:10
                try await scheduler().tick(now: clock.read())
                #expect(await receiver.messages.count == 3, "one push for both members, refused")
                try await owner.get("/settings/reminders")
                let refused = try await owner.get("/settings/reminders").text
                #expect(refused.contains(": 20:00 — Mochi: Heart pills — Pimobendan 1 tablet</p>"), "\(refused)")
                #expect(refused.contains("The household’s ntfy topic: refused it (HTTP 503): tried again while the dose is due"))
                await receiver.fail(false)
                try await scheduler().tick(now: clock.read())
                #expect(await receiver.messages.count == 3, "not before the pause")
                clock.set("2026-11-23T11:00:45Z")
                try await scheduler().tick(now: clock.read())
                #expect(await receiver.messages.count == 4)
                try await scheduler().tick(now: clock.read().addingTimeInterval(120))
                #expect(await receiver.messages.count == 4)
                #expect(try await owner.get("/settings/reminders").text.contains("The household’s ntfy topic: took it"))
            }
        }
    }

    @Test("a member with their own topic gets their own push; the webhook is called once per dose time with the members listed")
    func ownTopicAndWebhook() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mom = try await PersonRepository(database).create(PersonProfile(name: "Mom", colour: .teal), photo: nil)
            _ = try await RegimenRepository(database).create(
                subjectID: mom.id,
                RegimenInput(
                    name: "Vitamin D", items: [RegimenItemInput(name: "D3", amount: 1, unit: "capsule")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-01")!)))
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            _ = try await owner.addMember("son", role: .adult, database: database)
            let receiver = Receiver()
            try await receiver.serve { port in
                try await ReminderRepository(database).setMemberSettings(accountID: dad, reminders: true, ntfyURL: "http://127.0.0.1:\(port)/dad")
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(
                        ntfyURL: "http://127.0.0.1:\(port)/hearth-doses", webhookURL: "http://127.0.0.1:\(port)/hook", againMinutes: 0))
                let scheduler = ReminderScheduler(
                    reminders: ReminderRepository(database), database: database, areas: .standard,
                    household: try await HouseholdState(repository: HouseholdRepository(database)),
                    push: PushTarget(), strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings,
                    logger: Logger(label: "test"), clock: clock.read)
                try await scheduler.tick(now: clock.read())
                let messages = await receiver.messages
                #expect(
                    messages.filter { $0.path == "/hearth-doses" }.map(\.body) == ["08:00 — Mom: Vitamin D — D3 1 capsule"], "Mina, Son and Dad share it: once")
                #expect(messages.filter { $0.path == "/dad" }.count == 1)
                let hooks = messages.filter { $0.path == "/hook" }
                #expect(hooks.count == 1)
                #expect(hooks.first?.body.contains(#""members":"Dad, Mina, Son""#) == true, "\(hooks.first?.body ?? "")")
            }
        }
    }
}
