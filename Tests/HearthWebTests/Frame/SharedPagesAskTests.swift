import Foundation
import GRDB
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthWeb

/// The net under the frame: an area that exists only here ("marks", a word kept for a subject
/// on a day, in a table of its own) is mounted the way a real one is (`Area`, `AreaCards`), and
/// every shared page must show it: calendar month and day, search, home, the subject's page,
/// charts and report, the calendar feed, and the export — and to a limited member, only what they may see. A shared page that lists areas by
/// hand instead of asking them fails here. (The backup copies the database whole and takes only
/// the tables Hearth's migrations make, so an area's table is backed up once a migration makes it.) A new shared page adds its line to `everySharedPage`.
@Suite("Every shared page asks the areas")
struct SharedPagesAskTests {
    @Test("a test-only area shows on every shared page, and only for the subjects a member may see")
    func everySharedPage() async throws {
        try await withMarks { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let hidden = try await owner.addPet("Nabi", species: "cat")
            let jun = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil).id
            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            try await MarkArea.add(hearth.database, subject: bori, day: today, word: "zebra-bori")
            try await MarkArea.add(hearth.database, subject: hidden, day: today, word: "zebra-nabi")
            try await MarkArea.add(hearth.database, subject: jun, day: today, word: "zebra-jun")
            let shows = try await Self.sharedPages(owner, day: today, pet: bori, person: jun)
            for (page, html) in shows {
                #expect(html.contains("zebra-bori") || html.contains("zebra-jun"), "\(page) does not show the test area")
            }
            #expect(shows["home"]?.contains("zebra-nabi") == true, "home leaves out a subject the owner sees")

            // The owner's export: its own CSV file, linked from the settings page, and its key in the JSON document.
            let settings = try await owner.get("/settings/backups").text
            #expect(settings.contains("/settings/export/marks.csv"), "the export page does not list the area's kind")
            let csv = try await owner.get("/settings/export/marks.csv")
            #expect(csv.status == .ok && csv.text.contains("zebra-nabi"), "the CSV export leaves out the test area")
            let document = try await owner.get("/settings/export/hearth.json").text
            let json = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
            #expect(((json["kinds"] as? [String: Any])?["marks"] as? [[String: Any]])?.count == 3, "the JSON export leaves out the test area")

            // A sitter limited to Bori and Jun: the same pages, nothing of Nabi's.
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            let limited = try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on", "subject_\(jun)": "on"])
            #expect(limited.status == .seeOther)
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let memberExport = try await member.get("/settings/export/marks.csv")
            #expect(memberExport.status == .forbidden, "a member downloads the household's export")
            for (page, html) in try await Self.sharedPages(member, day: today, pet: bori, person: jun) {
                #expect(html.contains("zebra-bori") || html.contains("zebra-jun"), "\(page) does not show the test area to the sitter")
                #expect(!html.contains("zebra-nabi"), "\(page) shows the sitter a hidden subject's mark")
            }
            #expect(try await member.get("/pets/\(hidden)").status == .notFound)
        }
    }

    @Test("reminders ask the areas: the test area's line reaches the household's topic, and a limited member's only what they may see")
    func reminders() async throws {
        try await withMarks { hearth, owner in
            let database = hearth.database
            let bori = try await owner.addPet("Bori", species: "dog")
            let hidden = try await owner.addPet("Nabi", species: "cat")
            let now = Date()
            let today = LocalDate(now, in: TimeZone(identifier: "Asia/Seoul")!)
            try await MarkArea.add(database, subject: bori, day: today, word: "zebra-bori")
            try await MarkArea.add(database, subject: hidden, day: today, word: "zebra-nabi")
            let sitter = try await owner.addMember("sitter", role: .adult, database: database)
            try await AccountRepository(database).setAccess(.only([bori]), accountID: sitter)
            let receiver = Receiver()
            try await receiver.serve { port in
                let reminders = ReminderRepository(database)
                try await reminders.setTargets(ReminderTargets(ntfyURL: "http://127.0.0.1:\(port)/household", webhookURL: nil, againMinutes: 0))
                try await reminders.setMemberSettings(accountID: sitter, reminders: true, ntfyURL: "http://127.0.0.1:\(port)/sitter")
                let scheduler = ReminderScheduler(
                    reminders: reminders, database: database, areas: AreaList(Areas.all + [MarkArea.self]),
                    household: try await HouseholdState(repository: HouseholdRepository(database)), push: PushTarget(),
                    strings: try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings, logger: Logger(label: "test"))
                try await scheduler.tick(now: now)
                let sent = Dictionary(await receiver.messages.map { ($0.path, $0.body) }, uniquingKeysWith: { $0 + "\n" + $1 })
                #expect(sent["/household"]?.contains("zebra-bori") == true && sent["/household"]?.contains("zebra-nabi") == true, "\(sent)")
                #expect(sent["/sitter"]?.contains("zebra-bori") == true && sent["/sitter"]?.contains("zebra-nabi") == false, "\(sent)")
            }
        }
    }

    @Test("the demo household asks the areas: the test area adds its part")
    func demo() async throws {
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try AppDatabase.open(dataDirectory: directory)
        try await MarkArea.createTable(database)
        try database.close()
        _ = try await DemoHousehold.seed(
            dataDirectory: directory, photos: [], years: 1, now: PageSnapshotTests.moment, areas: AreaList(Areas.all + [MarkArea.self]), log: { _ in })
        let seeded = try AppDatabase.open(dataDirectory: directory)
        defer { try? seeded.close() }
        let marks = try seeded.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM test_mark") }
        #expect(marks == 10, "a mark for each of the demo's six pets and four people")
    }

    /// Every shared page, by name, as `browser` sees it.
    static func sharedPages(_ browser: Browser, day: LocalDate, pet: Int64, person: Int64) async throws -> [String: String] {
        let month = YearMonth(day)
        let pages = [
            "home": "/",
            "today's list": "/today",
            "calendar month": "/calendar/\(month)",
            "calendar day": "/calendar/\(day)",
            "search": "/search?q=zebra",
            "pet page": "/pets/\(pet)",
            "person page": "/people/\(person)",
            "pet report": "/reports/\(pet)/\(month)",
            "person report": "/reports/\(person)/\(month)",
            "pet charts": "/pets/\(pet)/charts?chart=marks",
            "person charts": "/people/\(person)/charts?chart=marks",
        ]
        var shown: [String: String] = [:]
        try await browser.get("/me")
        try await browser.post("/me/feed", ["action": "renew"])
        let feed = try CalendarFeedTests.link(try await browser.get("/me").text)
        for (name, path) in pages.merging(["calendar feed": feed], uniquingKeysWith: { $1 }) {
            let response = try await browser.get(path)
            #expect(response.status == .ok, "\(name) \(path): \(response.status)")
            shown[name] = response.text
        }
        return shown
    }

    /// A household with the test area mounted beside the real ones, its owner signed in.
    func withMarks(_ test: @Sendable (Hearth, Browser) async throws -> Void) async throws {
        let resources = try MarkArea.resources()
        defer { try? FileManager.default.removeItem(atPath: resources) }
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var configuration = testConfiguration(dataDirectory: directory, resourcesDirectory: resources)
        configuration.areas = AreaList(Areas.all + [MarkArea.self])
        let hearth = try await buildApplication(configuration)
        defer { try? hearth.database.close() }
        try await MarkArea.createTable(hearth.database)
        try await hearth.application.test(.router) { client in
            let owner = Browser(client)
            try await owner.setUpHousehold()
            try await test(hearth, owner)
        }
    }
}

/// The test-only area: a word kept for a subject on a day ("marks").
enum MarkArea: Area {
    static let pages: [any Page.Type] = [MarksHomeCard.self]
    static let help: String? = nil
    static let cards: (any AreaCards.Type)? = MarkCards.self
    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {}

    /// Every day a mark can have.
    static let always = (from: LocalDate(year: 1, month: 1, day: 1)!, to: LocalDate(year: 9999, month: 12, day: 31)!)

    struct Mark {
        let subjectID: Int64
        let day: LocalDate
        let word: String
    }

    static func createTable(_ database: AppDatabase) async throws {
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE test_mark (subject_id INTEGER NOT NULL, day TEXT NOT NULL, word TEXT NOT NULL)")
        }
    }

    static func add(_ database: AppDatabase, subject: Int64, day: LocalDate, word: String) async throws {
        let day = day.description
        try await database.write { db in
            try db.execute(sql: "INSERT INTO test_mark (subject_id, day, word) VALUES (?, ?, ?)", arguments: [subject, day, word])
        }
    }

    /// The marks of the subjects `access` allows, from `from` to `to`.
    static func marks(_ database: AppDatabase, access: SubjectAccess, from: LocalDate, to: LocalDate) throws -> [Mark] {
        try database.read { db in try marks(db, access: access, from: from, to: to) }
    }

    static func marks(_ snapshot: Snapshot, access: SubjectAccess, from: LocalDate, to: LocalDate) throws -> [Mark] {
        try snapshot.read { db in try marks(db, access: access, from: from, to: to) }
    }

    private static func marks(_ db: Database, access: SubjectAccess, from: LocalDate, to: LocalDate) throws -> [Mark] {
        try Row.fetchAll(db, sql: "SELECT * FROM test_mark WHERE day BETWEEN ? AND ?", arguments: [from.description, to.description])
            .compactMap { row -> Mark? in
                guard let day = LocalDate(row["day"] as String), access.allows(row["subject_id"]) else { return nil }
                return Mark(subjectID: row["subject_id"], day: day, word: row["word"])
            }
    }

    /// The templates beside a home card template of its own (`Templates/test/marks-home`).
    static func resources() throws -> String {
        let folder = temporaryDataDirectory()
        try FileManager.default.copyItem(atPath: packageRoot + "/Templates", toPath: folder + "/Templates")
        try FileManager.default.createSymbolicLink(atPath: folder + "/Public", withDestinationPath: packageRoot + "/Public")
        try FileManager.default.createDirectory(atPath: folder + "/Templates/test", withIntermediateDirectories: true)
        // The name of its export kind, beside the others' (a key lives in one file).
        for language in ["en", "ko"] {
            let path = folder + "/Templates/i18n/\(language)/backups.json"
            var words = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var export = try #require(words["export"] as? [String: Any])
            var kinds = try #require(export["kind"] as? [String: Any])
            kinds["marks"] = "Marks (CSV)"
            export["kind"] = kinds
            words["export"] = export
            try JSONSerialization.data(withJSONObject: words).write(to: URL(fileURLWithPath: path))
        }
        try #"<section class="card"><ul>{{#marks}}<li>{{.}}</li>{{/marks}}</ul></section>"#
            .write(toFile: folder + "/Templates/test/marks-home.mustache", atomically: true, encoding: .utf8)
        return folder
    }
}

struct MarksHomeCard: Page {
    static let template = "test/marks-home"
    let marks: [String]

    func child(named name: String) -> Any? { name == "marks" ? marks : nil }
}

/// The test area's part of every shared page.
enum MarkCards: AreaCards {
    static let demo: (any DemoStep.Type)? = MarkDemo.self

    static let exportKinds: [ExportKind] = [
        ("marks", "SELECT m.subject_id, s.name AS subject, m.day, m.word FROM test_mark m JOIN subject s ON s.id = m.subject_id")
    ]

    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let visible = Set(shown.subjects.map(\.id))
        let marks = try MarkArea.marks(snapshot, access: .only(visible), from: shown.today, to: shown.today)
        return [HomeCard(rank: 99, model: MarksHomeCard(marks: marks.map(\.word)))]
    }

    /// Each of today's marks is something to do.
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {
        let visible = Set(shown.subjects.map(\.id))
        for mark in try MarkArea.marks(snapshot, access: .only(visible), from: shown.today, to: shown.today) {
            list.add(.soon, at: shown.today.midnight(in: shown.context.timeZone)) { "<li>\(mark.word)</li>" }
        }
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        try person(shown.subject, into: &cards)
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        let marks = try MarkArea.marks(shown.database, access: .only([shown.id]), from: MarkArea.always.from, to: MarkArea.always.to)
        cards.add(SubjectCard(rank: 99, id: "marks", heading: "Marks", html: "\(marks.map(\.word).joined(separator: ", "))"))
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        let marks = try MarkArea.marks(snapshot, access: .only([shown.report.subject.id]), from: shown.report.from, to: shown.report.to)
        return [ReportSection(rank: 99, html: "\(marks.map(\.word).joined(separator: ", "))", recorded: !marks.isEmpty)]
    }

    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        for mark in try MarkArea.marks(shown.database, access: .only(Set(shown.subjects.keys)), from: shown.from, to: shown.to) {
            dots.add([MonthDot(rank: 99, classes: "mark", label: mark.word)], on: mark.day)
        }
    }

    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] {
        let marks = try MarkArea.marks(shown.database, access: shown.context.access, from: shown.day, to: shown.day)
        return [DaySection(rank: 99, heading: "Marks", listClass: "marks", items: "\(marks.map(\.word).joined(separator: ", "))")]
    }

    static func feed(_ shown: ShownFeed) throws -> [FeedPart] {
        let marks = try MarkArea.marks(shown.database, access: shown.data.access, from: MarkArea.always.from, to: MarkArea.always.to)
        return shown.part(99) { _, out in
            for mark in marks {
                out.begin("VEVENT")
                out.line("UID", "mark-\(mark.subjectID)-\(mark.day)@hearth")
                out.line("DTSTART;VALUE=DATE", ICalendarWriter.date(mark.day))
                out.text("SUMMARY", mark.word)
                out.end("VEVENT")
            }
        }
    }

    /// Today's marks, due now.
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] {
        try MarkArea.marks(shown.database, access: shown.recipient.access, from: shown.today, to: shown.today).map {
            ReminderLine(dueAt: shown.now, round: 0, text: $0.word)
        }
    }

    /// A chart of the subject's marks on its charts page (its figures the words).
    static func charts(_ shown: ShownCharts) throws -> [AreaChart] {
        let subject = shown.subject
        return [
            AreaChart(key: "marks", label: "Marks") {
                let marks = try MarkArea.marks(subject.database, access: .only([subject.id]), from: MarkArea.always.from, to: MarkArea.always.to)
                return [ChartsPage.Section(heading: "Marks", figures: marks.map(\.word), chart: .empty)]
            }
        ]
    }

    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let marks = try MarkArea.marks(shown.database, access: shown.context.access, from: MarkArea.always.from, to: MarkArea.always.to)
        return [
            SearchGroup(
                rank: 99, heading: "Marks",
                items: marks.filter { shown.matches($0.word) }.map { .init(href: PetRoutes.one($0.subjectID), name: $0.word, detail: "") })
        ]
    }
}

/// The test area's part of the demo household: a mark for each subject, today.
enum MarkDemo: DemoStep {
    static let rank = 99

    static func seed(_ demo: DemoContext) async throws {
        for subject in try await SubjectRepository(demo.database).subjects(access: .everyone) {
            try await MarkArea.add(demo.database, subject: subject.id, day: demo.today, word: "zebra-demo")
        }
    }
}
