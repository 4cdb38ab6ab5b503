import Crypto
import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import HearthWeb

/// A real HTTP server on a local port standing in for push services and ntfy at once: it keeps
/// every request whole (headers, bytes) and answers by path — `/gone/…` 410, `/slow/…` 429,
/// `/slow-once/…` 429 with `Retry-After: 60` the first time, `/broken/…` 500, anything else 201,
/// as a push service does.
actor PushService {
    struct Request: Sendable {
        let path: String
        /// By lowercased name.
        let headers: [String: String]
        let body: Data
    }

    private(set) var requests: [Request] = []

    func add(_ request: Request) { requests.append(request) }

    func to(_ path: String) -> [Request] { requests.filter { $0.path == path } }

    func serve(_ body: @Sendable (Int) async throws -> Void) async throws {
        let router = Router()
        router.post("/**") { request, context -> Response in
            var bytes = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
            await self.add(Request(path: request.uri.path, headers: headers, body: Data(bytes.readBytes(length: bytes.readableBytes) ?? [])))
            let path = request.uri.path
            if path.hasPrefix("/slow-once/"), await self.to(path).count == 1 { return Response(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
            if path.hasPrefix("/broken/") { return Response(status: .internalServerError) }
            return Response(status: path.hasPrefix("/gone/") ? .gone : path.hasPrefix("/slow/") ? .tooManyRequests : .created)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in try await body(client.port!) }
    }
}

@Suite("Reminders that reach the phone and take the answer")
struct PushRemindersTests {
    /// A browser's subscription: its keys kept, so the test can read what it is sent.
    struct Phone {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

        func subscribe(_ endpoint: String, accountID: Int64, database: AppDatabase, label: String = "Phone") async throws {
            try await PushDeviceRepository(database).add(
                accountID: accountID, PushSubscription(endpoint: endpoint, p256dh: key.publicKey.x963Representation, auth: auth, label: label))
        }

        /// The message, decrypted by Python's http_ece with this phone's keys.
        func read(_ request: PushService.Request) throws -> [String: Any] {
            let (status, said) = try PushCryptoTests.python([
                "decrypt", try PushCryptoTests.file(request.body), try PushCryptoTests.file(key.rawRepresentation), try PushCryptoTests.file(auth),
            ])
            #expect(status == 0, "\(said)")
            return try JSONSerialization.jsonObject(with: Data(said.utf8)) as? [String: Any] ?? [:]
        }
    }

    static func scheduler(_ database: AppDatabase, clock: TestClock, local: Bool = true) async throws -> ReminderScheduler {
        ReminderScheduler(
            reminders: ReminderRepository(database), database: database, areas: .standard,
            household: try await HouseholdState(repository: HouseholdRepository(database)), push: PushTarget(),
            strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings, logger: Logger(label: "test"), clock: clock.read,
            pushServicesMayBeLocal: local)
    }

    static func heartPills(_ database: AppDatabase, for subject: Int64, times: [Int] = [480]) async throws -> Int64 {
        try await RegimenRepository(database).create(
            subjectID: subject,
            RegimenInput(
                name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: times, start: LocalDate("2026-11-01")!)))
    }

    @Test(
        "a Web Push names the dose and carries its buttons, signed and encrypted as push services and browsers check (Python's http_ece and cryptography read it); 410 forgets the browser, 429 waits; the button records the dose once, by its member, from a reminder, with no cookie"
    )
    func webPush() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            let pills = try await Self.heartPills(database, for: mochi)
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            let grandpa = try await owner.addMember("grandpa", role: .viewer, database: database)
            let phone = Phone(), gone = Phone(), slow = Phone(), viewer = Phone()
            let service = PushService()
            try await service.serve { port in
                let base = "http://127.0.0.1:\(port)"
                try await phone.subscribe("\(base)/ok/mina", accountID: mina, database: database)
                try await gone.subscribe("\(base)/gone/mina-old", accountID: mina, database: database)
                try await slow.subscribe("\(base)/slow/dad", accountID: dad, database: database)
                try await viewer.subscribe("\(base)/ok/grandpa", accountID: grandpa, database: database)
                try await Self.scheduler(database, clock: clock).tick(now: clock.read())

                let sent = try #require(await service.to("/ok/mina").first)
                #expect(await service.to("/ok/mina").count == 1)
                #expect(sent.headers["content-encoding"] == "aes128gcm" && sent.headers["urgency"] == "high")
                #expect(Int(sent.headers["ttl"] ?? "") ?? 0 > 3600, "until the dose's window ends: \(sent.headers["ttl"] ?? "")")
                let topic = sent.headers["topic"] ?? ""
                #expect(topic.count <= 32 && !topic.isEmpty && Base64URL.decode(topic) != nil, "RFC 8030's topic: \(topic)")
                let (verified, said) = try PushCryptoTests.python(["vapid", sent.headers["authorization"] ?? "", base])
                #expect(verified == 0 && said.contains("verified"), "\(said)")

                let message = try phone.read(sent)
                #expect(message["title"] as? String == "Due at 08:00")
                #expect(message["body"] as? String == "08:00 — Mochi: Heart pills — Pimobendan 1 tablet")
                let actions = try #require(message["actions"] as? [[String: String]])
                #expect(actions.map { $0["action"] } == ["given", "later"] && actions.map { $0["title"] } == ["Given", "In 10 min"])
                let given = try #require(actions.first?["url"]), later = try #require(actions.last?["url"])
                #expect(message["url"] as? String == given, "a tap (iOS: the only way) opens the dose with its one button")

                let watched = try #require(await service.to("/ok/grandpa").first)
                #expect((try viewer.read(watched)["actions"] as? [Any])?.isEmpty == true, "a viewer is told, and offered no button")
                #expect(try PushDeviceRepository(database).devices(accountID: mina).map(\.endpoint) == ["\(base)/ok/mina"], "410: forgotten")
                #expect(try PushDeviceRepository(database).devices(accountID: dad).first?.backoffUntil != nil, "429: waits")

                // The button, as ntfy's or the service worker's: no cookie, no CSRF token.
                let stranger = Browser(owner.client)
                #expect(try await stranger.get(given).text.contains("Tap the button to record it."))
                #expect(try RegimenRepository(database).isMarked(DoseKey(regimenID: pills, day: LocalDate("2026-11-23")!, time: 480)) == false)
                let answered = try await stranger.post(given, [:], withCSRF: false)
                #expect(answered.status == .ok && answered.text.contains("given by Mina at 08:00 (from a reminder)"), "\(answered.text)")
                #expect(try await stranger.post(given, [:], withCSRF: false).status == .gone, "used once")
                let late = try await stranger.post(later, [:], withCSRF: false)
                #expect(late.status == .conflict && late.text.contains("Already marked: given by Mina at 08:00 (from a reminder)"))
                #expect(try await stranger.post("/reminders/answer/\(String(repeating: "ab", count: 32))", [:], withCSRF: false).status == .forbidden)
                let (marks, authors) = try database.read { db in
                    (
                        try Row.fetchAll(db, sql: "SELECT account_id, via FROM dose").map { "\($0[0] as Int64) \($0[1] as String? ?? "")" },
                        try String.fetchAll(db, sql: "SELECT DISTINCT account_id || ' ' || via FROM history WHERE tbl = 'dose'")
                    )
                }
                #expect(marks == ["\(mina) notification"])
                #expect(authors == ["\(mina) reminder"], "the history has who, and that it was a reminder's button")
                #expect(try await owner.get("/doses?day=2026-11-23").text.contains("given by Mina at 08:00 (from a reminder)"))
            }
        }
    }

    @Test(
        "one 429 with Retry-After: 60 holds a browser back that long, not for good: nothing is sent while it waits, the wait is not renewed, and the retry after it arrives"
    )
    func slowDownOnce() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            _ = try await Self.heartPills(database, for: try await owner.addPet("Mochi"))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let phone = Phone()
            let service = PushService()
            try await service.serve { port in
                let path = "/slow-once/mina"
                try await phone.subscribe("http://127.0.0.1:\(port)\(path)", accountID: mina, database: database)
                let scheduler = try await Self.scheduler(database, clock: clock)
                let waits = { try PushDeviceRepository(database).devices(accountID: mina).first?.backoffUntil }
                try await scheduler.tick(now: clock.read())
                #expect(await service.to(path).count == 1)
                let until = try #require(try waits())
                #expect(abs(until.timeIntervalSince(clock.read()) - 60) < 2, "Retry-After is honoured: \(until)")
                clock.set("2026-11-22T23:01:00Z")  // the reminder's retry comes while the browser still waits
                try await scheduler.tick(now: clock.read())
                #expect(await service.to(path).count == 1, "nothing sent while it waits")
                #expect(try waits() == until, "the wait is not renewed")
                clock.set("2026-11-22T23:03:00Z")
                try await scheduler.tick(now: clock.read())
                let sent = await service.to(path)
                #expect(sent.count == 2, "sent once the wait is over")
                if let last = sent.last { #expect(try phone.read(last)["title"] as? String == "Due at 08:00") }
            }
        }
    }

    @Test(
        "the owner's 'last sent' says target by target, in the reader's words, what each said (took it, a pause until when, refused, no answer); /me says which phone has not answered since when, and which works"
    )
    func eachTargetSaid() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            _ = try await Self.heartPills(database, for: try await owner.addPet("Mochi"))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let service = PushService()
            try await service.serve { port in
                let base = "http://127.0.0.1:\(port)"
                try await ReminderRepository(database).setTargets(
                    ReminderTargets(ntfyURL: "\(base)/ok/household", webhookURL: "\(base)/broken/hook", againMinutes: 0))
                try await Phone().subscribe("\(base)/ok/mina", accountID: mina, database: database, label: "Kitchen phone")
                try await Phone().subscribe("\(base)/slow-once/mina", accountID: mina, database: database, label: "Tablet")
                try await Phone().subscribe("http://127.0.0.1:1/mina", accountID: mina, database: database, label: "Old phone")  // nothing listens
                try await Self.scheduler(database, clock: clock).tick(now: clock.read())

                let page = try await owner.get("/settings/reminders").text
                for line in [
                    "to Mina: 08:00 — Mochi: Heart pills — Pimobendan 1 tablet", "The household’s ntfy topic: took it",
                    "The webhook: refused it (HTTP 500): tried again while the dose is due", "Mina’s device Kitchen phone: took it",
                    "Mina’s device Tablet: its push service asked for a pause: sent again at 08:01",
                    "Mina’s device Old phone: did not answer: tried again while the dose is due",
                ] {
                    #expect(page.contains(line), "\(line)")
                }
                #expect(!page.contains("HTTP 429"), "no problem of one target said of the whole reminder")
                let me = try await owner.get("/me").text
                #expect(me.contains("Not answering since ") && me.contains("last notification "), "\(me)")
                #expect(try await owner.post("/me", ["display_name": "Mina", "language": "ko"]).status == .seeOther)
                let korean = try await owner.get("/settings/reminders").text
                #expect(korean.contains("Mina의 기기 Tablet: 알림 서비스가 잠시 쉬어 달라고 해서 08:01에 다시 보내요") && korean.contains("웹훅: 받지 않았어요(HTTP 500)"))
                #expect(try await owner.get("/me").text.contains("부터 답이 없어요"))
            }
        }
    }

    @Test("two doses due at the same minute: a message each, with its own buttons and tag, a tap opening its own dose")
    func twoDosesAtOnce() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")  // 08:00:30 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            _ = try await Self.heartPills(database, for: mochi)
            _ = try await RegimenRepository(database).create(
                subjectID: mochi,
                RegimenInput(
                    name: "Insulin", items: [RegimenItemInput(name: "Glargine", amount: 2, unit: "IU")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-11-01")!)))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let phone = Phone()
            let service = PushService()
            try await service.serve { port in
                try await phone.subscribe("http://127.0.0.1:\(port)/ok/mina", accountID: mina, database: database)
                try await Self.scheduler(database, clock: clock).tick(now: clock.read())
                let messages = try await service.to("/ok/mina").map { try phone.read($0) }
                #expect(messages.count == 2, "a message a dose")
                #expect(
                    Set(messages.compactMap { $0["body"] as? String }) == [
                        "08:00 — Mochi: Heart pills — Pimobendan 1 tablet", "08:00 — Mochi: Insulin — Glargine 2 IU",
                    ])
                for message in messages {
                    let actions = message["actions"] as? [[String: String]] ?? []
                    #expect(actions.map { $0["action"] } == ["given", "later"], "\(message)")
                    #expect(message["url"] as? String == actions.first?["url"], "a tap opens its own dose")
                }
                #expect(Set(messages.compactMap { $0["tag"] as? String }).count == 2, "one does not replace the other")
                #expect(Set(await service.to("/ok/mina").compactMap { $0.headers["topic"] }).count == 2)
            }
        }
    }

    @Test("a regimen saved at 10:42 with a 09:00 dose: that dose is reminded once, not again and not to the others at the same minute")
    func noStormForANewRegimen() async throws {
        let clock = TestClock("2026-11-23T01:42:00Z")  // 10:42 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            _ = try await RegimenRepository(database).create(
                subjectID: mochi,
                RegimenInput(
                    name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [540], start: LocalDate("2026-11-01")!)), now: clock.read())
            try await ReminderRepository(database).setTargets(ReminderTargets(ntfyURL: nil, webhookURL: nil, againMinutes: 30, escalateMinutes: 60))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            let service = PushService()
            try await service.serve { port in
                try await Phone().subscribe("http://127.0.0.1:\(port)/ok/mina", accountID: mina, database: database)
                try await Phone().subscribe("http://127.0.0.1:\(port)/ok/dad", accountID: dad, database: database)
                clock.set("2026-11-23T01:43:00Z")
                try await Self.scheduler(database, clock: clock).tick(now: clock.read())
                #expect(await service.to("/ok/mina").count == 1, "the first round only, not 'again' at the same minute")
                #expect(await service.to("/ok/dad").count == 1, "dad's own first round, and no 'still not marked'")
                let rounds = try database.read { db in try Int.fetchAll(db, sql: "SELECT DISTINCT round FROM reminder") }
                #expect(rounds == [0])
            }
        }
    }

    @Test("a browser whose push service is on this machine gets nothing (a name can come to resolve here after it subscribed)")
    func localRefused() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            _ = try await Self.heartPills(database, for: try await owner.addPet("Mochi"))
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let service = PushService()
            try await service.serve { port in
                try await Phone().subscribe("http://127.0.0.1:\(port)/ok/mina", accountID: mina, database: database)
                try await Self.scheduler(database, clock: clock, local: false).tick(now: clock.read())
                #expect(await service.requests.isEmpty)
                #expect(try PushDeviceRepository(database).devices(accountID: mina).count == 1, "refused, not forgotten: its member sees it on /me")
            }
        }
    }

    @Test("the owner sets when the others are told and Hearth's address; a bad minute or address is refused on its field, nothing written")
    func settings() async throws {
        try await withHousehold { hearth, owner in
            let page = try await owner.get("/settings/reminders").text
            #expect(page.contains(#"name="web_address" value="""#), "this page's address is suggested, not shown as if saved")
            let fields = ["ntfy_url": "", "webhook_url": "", "again_minutes": "30"]
            let bad = try await owner.post(
                "/settings/reminders", fields.merging(["escalate_minutes": "soon", "web_address": "hearth.local"]) { $1 })
            #expect(bad.status == .unprocessableContent)
            #expect(try ReminderRepository(hearth.database).targets() == ReminderTargets(ntfyURL: nil, webhookURL: nil, againMinutes: 30))
            let good = try await owner.post(
                "/settings/reminders", fields.merging(["escalate_minutes": "90", "web_address": "https://hearth.local:8443"]) { $1 })
            #expect(good.status == .seeOther)
            let saved = try ReminderRepository(hearth.database).targets()
            #expect(saved.escalateMinutes == 90 && saved.address == "https://hearth.local:8443")
        }
    }

    @Test("a button is good for its own dose only, for a day, and not once its member may no longer record")
    func refusals() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mochi = try await owner.addPet("Mochi")
            let pills = try await Self.heartPills(database, for: mochi)
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            let answers = ReminderAnswerRepository(database)
            let dose = DoseKey(regimenID: pills, day: LocalDate("2026-11-23")!, time: 480)
            let due = clock.read().addingTimeInterval(-30)
            let old = try await answers.issue(accountID: dad, dose: dose, answer: .given, dueAt: due, now: clock.read())
            let demoted = try await answers.issue(accountID: dad, dose: dose, answer: .given, dueAt: due, now: clock.read())
            let stranger = Browser(owner.client)
            clock.set("2026-11-23T23:00:31Z")  // a day and a second on
            let expired = try await stranger.post(ReminderRoutes.answer(old), [:], withCSRF: false)
            #expect(expired.status == .gone && expired.text.contains("more than a day old"))
            clock.set("2026-11-22T23:01:00Z")
            try await AccountRepository(database).setRole(.viewer, accountID: dad)
            #expect(try await stranger.post(ReminderRoutes.answer(demoted), [:], withCSRF: false).status == .forbidden)
            try await AccountRepository(database).setRole(.adult, accountID: dad)
            try await AccountRepository(database).setAccess(.only([]), accountID: dad)
            #expect(try await stranger.post(ReminderRoutes.answer(demoted), [:], withCSRF: false).status == .forbidden, "no longer sees Mochi")
            #expect(try RegimenRepository(database).isMarked(dose) == false, "nothing written")
        }
    }

    @Test(
        "targets add up: each member's own topic gets their doses with ntfy's buttons, the household's topic everyone's once, no buttons; 10 minutes on a 'later'; the other members are told once at +60, nobody if it was marked at +59"
    )
    func targetsAndEscalation() async throws {
        let clock = TestClock("2026-11-22T23:00:30Z")
        try await withHousehold(clock: clock.read) { hearth, owner in
            let database = hearth.database
            let mina = try #require(try await AccountRepository(database).account(username: "mina")?.id)
            let dad = try await owner.addMember("dad", role: .adult, database: database)
            let grandmaAccount = try await owner.addMember("grandma", role: .viewer, database: database)
            let grandma = try await PersonRepository(database).create(
                PersonProfile(name: "Grandma", colour: .purple, accountID: grandmaAccount), photo: nil, now: clock.read())
            let pressure = try await RegimenRepository(database).create(
                subjectID: grandma.id,
                RegimenInput(
                    name: "Blood pressure", items: [RegimenItemInput(name: "Amlodipine", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: LocalDate("2026-11-01")!)))
            let service = PushService()
            try await service.serve { port in
                let base = "http://127.0.0.1:\(port)"
                let reminders = ReminderRepository(database)
                try await reminders.setTargets(
                    ReminderTargets(ntfyURL: "\(base)/household", webhookURL: nil, againMinutes: 0, escalateMinutes: 60, address: "https://hearth.local:8443"))
                for (account, topic) in [(mina, "mina"), (dad, "dad"), (grandmaAccount, "grandma")] {
                    try await reminders.setMemberSettings(accountID: account, reminders: true, ntfyURL: "\(base)/\(topic)")
                }
                let scheduler = try await Self.scheduler(database, clock: clock)
                try await scheduler.tick(now: clock.read())
                try await scheduler.tick(now: clock.read())
                #expect(await service.to("/household").count == 1, "the tablet: the dose once, not once a member")
                for topic in ["/mina", "/dad", "/grandma"] { #expect(await service.to(topic).count == 1, "\(topic)") }
                let own = try #require(await service.to("/grandma").first)
                #expect(String(data: own.body, encoding: .utf8) == "08:00 — Grandma: Blood pressure — Amlodipine 1 tablet")
                // ntfy's short form, read as ntfy reads it: label, address, method, clear.
                let buttons = Self.ntfyActions(own.headers["actions"] ?? "")
                #expect(buttons.map(\.label) == ["Given", "In 10 min"], "self-care: Grandma may record her own dose")
                #expect(buttons.allSatisfy { $0.url.hasPrefix("https://hearth.local:8443/reminders/answer/") && $0.method == "POST" && $0.clear })
                #expect(own.headers["click"] == buttons.first?.url)
                #expect(await service.to("/household").first?.headers["actions"] == nil, "the shared topic has no member to answer as")

                // "In 10 min" from Grandma's phone.
                let later = try #require(buttons.last?.url.replacingOccurrences(of: "https://hearth.local:8443", with: ""))
                #expect(try await Browser(owner.client).post(later, [:], withCSRF: false).text.contains("remind you again at 08:10"))
                clock.set("2026-11-22T23:06:00Z")
                try await scheduler.tick(now: clock.read())
                #expect(await service.to("/grandma").count == 1, "not before ten minutes")
                clock.set("2026-11-22T23:11:00Z")
                try await scheduler.tick(now: clock.read())
                let again = await service.to("/grandma")
                #expect(again.count == 2 && again.last?.headers["title"] == "Reminder again: 08:00", "\(again.map(\.headers))")
                #expect(await service.to("/mina").count == 1, "only she asked")

                clock.set("2026-11-23T00:00:40Z")  // 09:00:40, an hour on
                try await scheduler.tick(now: clock.read())
                try await scheduler.tick(now: clock.read())
                // A send that timed out on a loaded machine is tried again 30 s on, to the targets
                // that did not take it: still once each.
                clock.set("2026-11-23T00:01:15Z")
                try await scheduler.tick(now: clock.read())
                for topic in ["/mina", "/dad"] {
                    let told = await service.to(topic)
                    #expect(told.count == 2 && told.last?.headers["title"] == "Not marked yet: 08:00", "\(topic)")
                    // Whom to ask: who had the reminder, and who put it off.
                    #expect(
                        told.last.map { String(data: $0.body, encoding: .utf8) }
                            == "08:00 — Grandma: Blood pressure — not marked yet (reminded: Dad, Mina; put off: Grandma)")
                }
                #expect(await service.to("/grandma").count == 2, "the others are told, not Grandma")
                #expect(await service.to("/household").count == 2, "the tablet is told once too")

                // 20:00: marked at 20:59, so nobody is told at 21:00.
                clock.set("2026-11-23T11:00:30Z")
                try await scheduler.tick(now: clock.read())
                let before = await service.requests.count
                _ = try await RegimenRepository(database).mark(
                    regimenID: pressure, day: LocalDate("2026-11-23")!, time: 1200, status: .given, givenAt: clock.read(), reason: nil,
                    accountID: grandmaAccount)
                clock.set("2026-11-23T11:59:00Z")
                try await scheduler.tick(now: clock.read())
                clock.set("2026-11-23T12:00:40Z")
                try await scheduler.tick(now: clock.read())
                #expect(await service.requests.count == before, "marked at +59: no one told at +60")
            }
        }
    }

    /// ntfy's `http, label, url, method=POST, clear=true; …` as its parser splits it.
    static func ntfyActions(_ header: String) -> [(label: String, url: String, method: String, clear: Bool)] {
        var text = header
        if text.hasPrefix("=?UTF-8?B?"), text.hasSuffix("?="), let data = Data(base64Encoded: String(text.dropFirst(10).dropLast(2))) {
            text = String(decoding: data, as: UTF8.self)
        }
        return text.split(separator: ";").map { action in
            let parts = action.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let options = Dictionary(
                parts.dropFirst(3).compactMap { part -> (String, String)? in
                    let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                    return pair.count == 2 ? (pair[0], pair[1]) : nil
                }
            ) { first, _ in first }
            return (parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : "", options["method"] ?? "", options["clear"] == "true")
        }
    }
}
