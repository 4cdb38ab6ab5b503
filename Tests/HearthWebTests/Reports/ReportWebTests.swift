import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Printable reports")
struct ReportWebTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    /// 5 November 2026, 12:00 in Seoul: October is over.
    static let now = Date(timeIntervalSince1970: 1_793_847_600)

    static func at(_ day: String, _ time: String = "09:00") -> (Date, LocalDate) {
        let date = LocalDate(day)!
        return (try! LocalTime.instant(date: day, time: time, in: seoul).get(), date)
    }

    /// Nabi's October: two weighings, three meals (one refused), a toilet with blood, a
    /// symptom, a vet visit with a cost, a daily pill given every day but two, a diary note.
    static func october(_ hearth: Hearth, pet: Int64, owner: Int64) async throws -> Int64 {
        let entries = EntryRepository(hearth.database)
        func add(_ day: String, at time: String = "09:00", _ details: RecordDetails) async throws {
            let (instant, date) = at(day, time)
            _ = try await entries.create(
                subjectID: pet, RecordInput(occurredAt: instant, localDate: date, note: nil, details: details), photos: [], createdBy: owner)
        }
        try await add("2026-10-03", .weight(value: 4.0, unit: .kg))
        try await add("2026-10-20", .weight(value: 4.25, unit: .kg))
        let food = try await FoodRepository(hearth.database).create(name: "Kibble", kind: .food, kcalPer100g: 380)
        for day in ["2026-10-01", "2026-10-02", "2026-10-03"] {
            try await add(day, at: "08:00", .meal(food: .existing(id: food), amount: 40, unit: .g, outcome: day == "2026-10-02" ? .refused : .all))
        }
        try await add("2026-10-05", .toilet(urine: false, stool: true, colour: nil, fecalScore: 4, blood: true, mucus: false))
        try await add("2026-10-07", at: "21:30", .symptom(signs: ["lethargy"], severity: 3, description: "slept all day"))
        try await add("2026-10-10", .vetVisit(VetVisit(reason: "Lethargy", diagnosis: "Mild fever", cost: 55_000)))
        try await add("2026-10-11", .diary(title: "Back to herself", text: "Played with the feather toy."))
        try await add("2026-11-02", .weight(value: 9, unit: .kg))  // November: not in October's report
        let regimens = RegimenRepository(hearth.database)
        let regimen = try await regimens.create(
            subjectID: pet,
            RegimenInput(
                name: "Heart pills", items: [RegimenItemInput(name: "Pimobendan", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480], start: LocalDate("2026-10-01")!)))
        for day in 1...31 where day != 15 && day != 16 {
            let (instant, date) = at(String(format: "2026-10-%02d", day), "08:05")
            _ = try await regimens.mark(regimenID: regimen, day: date, time: 480, status: .given, givenAt: instant, reason: nil, accountID: owner, now: now)
        }
        _ = try await regimens.mark(
            regimenID: regimen, day: LocalDate("2026-10-15")!, time: 480, status: .skipped, givenAt: nil, reason: "asleep", accountID: owner, now: now)
        return regimen
    }

    @Test("a pet's month: every area's figures from its records, and only that month's")
    func petMonth() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let ownerID = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            _ = try await Self.october(hearth, pet: pet, owner: ownerID)
            let page = try await owner.get("/reports/\(pet)/2026-10")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("Nabi — October 2026"))
            #expect(text.contains("From 4 kg to 4.25 kg (+0.25 kg, +6.3%); lowest 4 kg, highest 4.25 kg; weighings: 2."))
            #expect(text.contains("Meals: 3 — all eaten 2, some eaten 0, refused 1."))
            #expect(text.contains("Stools by score: score 4: 1; with blood 1, with mucus 0."))
            #expect(text.contains("By severity: 3 (Moderate): 1."))
            #expect(text.contains("<td>Kibble <span class=\"meta\">Food</span></td><td>3</td><td>120 g</td><td>1</td>"))
            #expect(text.contains("Blood, mucus or a loose stool on: Monday, 5 October 2026."))
            #expect(text.contains("Symptom records: 1; vomits: 0; days with either: 1; worst severity: 3/5."))
            #expect(text.contains("Lethargy — slept all day"))
            #expect(text.contains("Lethargy · diagnosis: Mild fever"))
            #expect(text.contains("In all: 55000") || text.contains("In all: 55,000"))
            // 31 doses due, 29 given; the skipped one with its reason and the one never marked.
            #expect(text.contains("94% (29/31)"))
            #expect(text.contains("Thursday, 15 October 2026 08:00 (asleep); Friday, 16 October 2026 08:00"))
            #expect(text.contains("Back to herself — Played with the feather toy."))
            #expect(!text.contains("9 kg"), "November's weighing is not October's")
            #expect(text.components(separatedBy: "title=\"Weight\"").count - 1 == 2, "two days marked W in the calendar")
            #expect(text.contains("<svg"), "the weight chart")
        }
    }

    @Test("the household's month has a section per subject the member may see, with contents; a limited member's leaves the others out")
    func household() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let bori = try await owner.addPet("Bori", species: "dog")
            let ownerID = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            _ = try await Self.october(hearth, pet: nabi, owner: ownerID)
            let page = try await owner.get("/reports/household/2026-10")
            #expect(page.text.contains(##"<a href="#subject-\##(nabi)">Nabi</a>"##) && page.text.contains(##"<a href="#subject-\##(bori)">Bori</a>"##))
            #expect(page.text.contains(#"id="subject-\#(bori)""#) && page.text.contains("Nothing was recorded in this span."))

            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let limited = try await member.get("/reports/household/2026-10")
            #expect(limited.text.contains("Bori") && !limited.text.contains("Nabi"))
            #expect(try await member.get("/reports/\(nabi)/2026-10").status == .notFound)
            #expect(try await member.get("/reports/\(nabi)/vet?days=30").status == .notFound)
        }
    }

    @Test("the vet's span: the last 30 or 90 days, or any dates; impossible spans are refused with the reason")
    func vetSpan() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let ownerID = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            _ = try await Self.october(hearth, pet: pet, owner: ownerID)
            let thirty = try await owner.get("/reports/\(pet)/vet?days=30")
            #expect(thirty.text.contains("Nabi for the vet — Wednesday, 7 October 2026 – Thursday, 5 November 2026"))
            #expect(thirty.text.contains("9 kg") && !thirty.text.contains("From 4 kg"), "3 October is before the span")
            #expect(thirty.text.contains("<caption>October 2026</caption>") && thirty.text.contains("<caption>November 2026</caption>"))
            let chosen = try await owner.get("/reports/\(pet)/vet?from=2026-10-01&to=2026-10-05")
            #expect(chosen.text.contains("From 4 kg to 4 kg") && !chosen.text.contains("4.25 kg"))
            for (query, message) in [
                ("from=2026-02-30&to=2026-03-01", "days that exist"), ("from=2026-10-05&to=2026-10-01", "must come before"),
                ("from=2024-01-01&to=2026-10-01", "at most a year"), ("days=0", "from 1 to 366"),
            ] {
                let refused = try await owner.get("/reports/\(pet)/vet?\(query)")
                #expect(refused.status == .unprocessableContent, "\(query)")
                #expect(refused.text.contains(message), "\(query)")
            }
            #expect(try await owner.get("/reports/\(pet)/2026-13").status == .notFound)

            // 90 days: the chart has its points (weekly), not an empty axis.
            let ninety = try await owner.get("/reports/\(pet)/vet?days=90").text
            let chart = try #require(ninety.firstMatch(of: /(?s)<figure class="report-chart">(.*?)<\/figure>/)?.output.1)
            #expect(chart.contains("4.25 kg") && chart.contains("9 kg"), "the weighings are on the chart")
        }
    }

    @Test("water and steps without a goal say there is none, not 'the goal (—) met on 0 of 1 days'; the Korean diary mark is not Sunday's 일")
    func noGoal() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let dad = try await PersonRepository(hearth.database).create(PersonProfile(name: "Dad", colour: .teal), photo: nil)
            try await DailyRepository(hearth.database).setSteps(4_000, subjectID: dad.id, on: LocalDate("2026-10-03")!)
            let october = try await owner.get("/reports/\(dad.id)/2026-10").text
            #expect(october.contains("Steps: 4,000 a day on average; no goal was set."), "\(october.firstMatch(of: /Steps:[^<]*/)?.output ?? "")")
            #expect(!october.contains("(—)"))
            let strings = try Localization(directory: packageRoot + "/Templates/i18n")
            #expect(!(1...7).map { strings.text("calendar.weekday_short.\($0)", .ko) }.contains(strings.text("report.mark.diary", .ko)))
        }
    }

    @Test("a monthly pill whose day is still ahead is not 'as needed': the report says when it is next")
    func monthlyPillAhead() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let pet = try await owner.addPet("Bori", species: "dog")
            _ = try await RegimenRepository(hearth.database).create(
                subjectID: pet,
                RegimenInput(
                    name: "Heartworm", items: [RegimenItemInput(name: "Heartgard", amount: 1, unit: "chew")],
                    schedule: CareSchedule(repeatRule: .everyMonths(1), times: [540], start: LocalDate("2026-10-20")!)),
                now: Self.now.addingTimeInterval(-30 * 86400))
            let november = try await owner.get("/reports/\(pet)/2026-11").text
            #expect(november.contains("No dose yet; next on Friday, 20 November 2026"))
            #expect(!november.contains("As needed"))
        }
    }

    @Test("an as-needed painkiller taken twice is counted with its times, not '—'")
    func asNeededUses() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .purple), photo: nil)
            let regimens = RegimenRepository(hearth.database)
            let painkiller = try await regimens.create(
                subjectID: grandma.id,
                RegimenInput(
                    name: "Painkiller", items: [RegimenItemInput(name: "Acetaminophen", amount: 1, unit: "tablet")],
                    schedule: CareSchedule(repeatRule: .asNeeded(minimumMinutes: 360), times: [], start: LocalDate("2026-10-01")!)),
                now: Self.now.addingTimeInterval(-60 * 86400))
            let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            // Seoul: 3 Oct 08:12 and 5 Oct 21:30.
            for (day, minute, at) in [("2026-10-03", 492, "2026-10-02T23:12:00Z"), ("2026-10-05", 1290, "2026-10-05T12:30:00Z")] {
                let givenAt = try #require(ISO8601DateFormatter().date(from: at))
                _ = try await regimens.mark(
                    regimenID: painkiller, day: LocalDate(day)!, time: minute, status: .given, givenAt: givenAt, reason: nil, accountID: mina,
                    now: givenAt)
            }
            let october = try await owner.get("/reports/\(grandma.id)/2026-10").text
            #expect(
                october.contains("as needed — 2 times: Saturday, 3 October 2026 08:12; Monday, 5 October 2026 21:30"),
                "\(october.firstMatch(of: /as needed[^<]*/)?.output ?? "")")
        }
    }

    @Test("the PDF link gives a PDF printed by Chromium on the server at the chosen paper size, or asks the browser to print")
    func pdf() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let pet = try await owner.addPet("Nabi")
            let page = try await owner.get("/reports/\(pet)/2026-10?paper=letter")
            #expect(page.text.contains(#"data-paper="letter""#))
            #expect(page.text.contains(#"href="/reports/\#(pet)/2026-10?paper=letter&amp;pdf=1""#))
            let response = try await owner.get("/reports/\(pet)/2026-10?paper=letter&pdf=1")
            let printer = ChromiumPrinter(publicDirectory: packageRoot + "/Public", photos: try PhotoFiles(dataDirectory: hearth.dataDirectory))
            try #require(printer.isAvailable, "Chromium is needed to print (Debian's chromium; make unit installs it)")
            #expect(response.headers[.contentType] == "application/pdf")
            let bytes = Data(response.body.readableBytesView)
            #expect(bytes.prefix(5) == Data("%PDF-".utf8))
            #expect(String(decoding: bytes, as: UTF8.self).contains("/MediaBox [0 0 612 792]"), "Letter, from the page's @page size")
        }
    }

    @Test("the server's Chromium prints under the site's walls: no script runs, nothing is fetched, yet the stylesheet and the photos print")
    func printedPageHasAPolicy() async throws {
        let folder = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let printer = ChromiumPrinter(publicDirectory: packageRoot + "/Public", photos: try PhotoFiles(dataDirectory: folder))
        try #require(printer.isAvailable, "Chromium is needed to print (Debian's chromium; make unit installs it)")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"), "pdftotext is needed (Debian's poppler-utils; make unit installs it)")
        // A JPEG of the fixtures, in the place a photo's preview would be.
        let sha = String(repeating: "ab", count: 32)
        let photo = printer.photos.path(sha, .preview)
        try FileManager.default.createDirectory(atPath: (photo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let jpeg = try #require(try FileManager.default.contentsOfDirectory(atPath: fixtures + "/exif-orientation").first { $0.hasSuffix(".jpg") })
        try FileManager.default.copyItem(atPath: fixtures + "/exif-orientation/" + jpeg, toPath: photo)
        let html = """
            <!doctype html><html><head><link rel="stylesheet" href="/static/css/print.css"></head><body><p>Nabi's month</p>
            <img src="/photos/\(sha)-1600.jpg" alt="">
            <script>document.body.append('SCRIPT RAN')</script><img src="x" onerror="document.body.append('HANDLER RAN')">
            </body></html>
            """
        let pdf = try #require(await printer.pdf(html: html))
        let file = folder + "/out.pdf"
        try pdf.write(to: URL(fileURLWithPath: file))
        func run(_ tool: String, _ arguments: [String]) throws -> String {
            String(decoding: try ChildProcess.run(tool, arguments).output, as: UTF8.self)
        }
        let text = try run("/usr/bin/pdftotext", [file, "-"])
        #expect(text.contains("Nabi's month"))
        #expect(!text.contains("SCRIPT RAN") && !text.contains("HANDLER RAN"))
        #expect(try run("/usr/bin/pdfimages", ["-list", file]).split(separator: "\n").count >= 3, "the photo printed (a header, a rule, a row per image)")
    }

    @Test("one PDF at a time for each member: a second asked while the first prints gets 429 and says so; another member is not held")
    func onePDFEach() async throws {
        try await withHousehold(clock: { Self.now }) { hearth, owner in
            let printer = ChromiumPrinter(publicDirectory: packageRoot + "/Public", photos: try PhotoFiles(dataDirectory: hearth.dataDirectory))
            try #require(printer.isAvailable, "Chromium is needed to print (Debian's chromium; make unit installs it)")
            let pet = try await owner.addPet("Nabi")
            async let first = owner.get("/reports/\(pet)/2026-10?pdf=1")
            try await Task.sleep(for: .milliseconds(150))
            let second = try await owner.get("/reports/\(pet)/2026-09?pdf=1")
            #expect(second.status == .tooManyRequests)
            #expect(second.text.contains("A PDF you asked for is still being printed"))
            #expect(try await first.headers[.contentType] == "application/pdf")
            #expect(try await owner.get("/reports/\(pet)/2026-09?pdf=1").headers[.contentType] == "application/pdf", "once it is done, the next")
        }
    }
}
