import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Grandma's November on the medication chart (MAR): who gave each dose, the skipped one with
/// its reason at the foot, the missed one, the dose due now and those still to come, the
/// painkiller's uses counted, the totals the report's adherence agrees with, and one A4
/// landscape page when printed.
@Suite("The medication chart (MAR)")
struct MedicationChartWebTests {
    static let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 20:06 in Seoul
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func instant(_ day: LocalDate, _ minutes: Int) -> Date { WallClock.instant(day, minutes: minutes, in: seoul) }

    /// Blood pressure pills at 08:00 and 20:00 from 1 November (given by Mina, the 10th's evening
    /// by Dad; the 5th's morning skipped "asleep", the 7th's never marked), and a painkiller as
    /// needed (twice on the 3rd, once on the 9th).
    static func november(_ hearth: Hearth, _ owner: Browser) async throws -> Int64 {
        let grandma = try await PersonRepository(hearth.database).create(PersonProfile(name: "Grandma", colour: .purple), photo: nil)
        let mina = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
        let dad = try await owner.addMember("dad", role: .adult, database: hearth.database)
        let norvasc = try await MedicineRepository(hearth.database).create(
            MedicineInput(kind: .medicine, name: "Norvasc 5 mg", company: "Pfizer", ingredients: "amlodipine besylate 6.94 mg", form: "tablet"))
        let regimens = RegimenRepository(hearth.database)
        let before = moment.addingTimeInterval(-40 * 86400)
        let pressure = try await regimens.create(
            subjectID: grandma.id,
            RegimenInput(
                name: "Blood pressure", items: [RegimenItemInput(medicineID: norvasc, name: "BP pill", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: LocalDate("2026-11-01")!)), now: before)
        let painkiller = try await regimens.create(
            subjectID: grandma.id,
            RegimenInput(
                name: "Painkiller", items: [RegimenItemInput(name: "Acetaminophen", amount: 1, unit: "tablet")],
                schedule: CareSchedule(repeatRule: .asNeeded(minimumMinutes: 0), times: [], start: LocalDate("2026-11-01")!)), now: before)
        for number in 1...18 {
            let day = LocalDate(year: 2026, month: 11, day: number)!
            for time in [480, 1200] where !(number == 7 && time == 480) && !(number == 18 && time == 1200) {
                let skipped = number == 5 && time == 480
                _ = try await regimens.mark(
                    regimenID: pressure, day: day, time: time, status: skipped ? .skipped : .given, givenAt: skipped ? nil : instant(day, time + 5),
                    reason: skipped ? "asleep" : nil, accountID: number == 10 && time == 1200 ? dad : mina, now: instant(day, time + 5))
            }
        }
        for (number, minutes) in [(3, 600), (3, 1260), (9, 900)] {
            let day = LocalDate(year: 2026, month: 11, day: number)!
            _ = try await regimens.mark(
                regimenID: painkiller, day: day, time: minutes, status: .given, givenAt: instant(day, minutes), reason: nil, accountID: mina,
                now: instant(day, minutes))
        }
        return grandma.id
    }

    @Test("a row per medicine and time, a column per day, initials and codes, totals the report agrees with")
    func chart() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let grandma = try await Self.november(hearth, owner)
            let page = try await owner.get("/reports/\(grandma)/2026-11/mar")
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains("Grandma medication chart — November 2026"))
            #expect(text.contains("<strong>Blood pressure</strong> 08:00<br><span class=\"meta\">Norvasc 5 mg 1 tablet</span>"), "the catalogue's product")
            let rows = text.components(separatedBy: "<tr><th scope=\"row\">").dropFirst()
            #expect(rows.count == 3, "08:00, 20:00 and the painkiller")
            let morning = try #require(rows.first), evening = try #require(rows.dropFirst().first), painkiller = try #require(rows.last)
            // The morning: 16 given of 18 due (the 5th skipped, the 7th missed), later days still to come.
            #expect(morning.contains(#"<td class="skipped">S<sup>1</sup></td>"#) && morning.contains(#"<td class="missed weekend">✕</td>"#))
            #expect(morning.contains(#"<td class="total">16/18</td>"#))
            #expect(morning.components(separatedBy: #"<td class="given"#).count - 1 == 16)
            // The evening: Dad's on the 10th, the 18th's due now (20:06), 17 of 17.
            #expect(evening.contains(#"<td class="given">D</td>"#) && evening.contains(#"<td class="due">!</td>"#))
            #expect(evening.contains(#"<td class="total">17/17</td>"#), "the one due now is not owed yet")
            #expect(evening.components(separatedBy: #"<td class="later"#).count - 1 == 12, "the 19th to the 30th")
            #expect(painkiller.contains("<strong>Painkiller</strong> as needed") && painkiller.contains(#"<td class="uses">2</td>"#))
            #expect(painkiller.contains(#"<td class="total">3 times</td>"#))
            #expect(text.contains("Given by: D = Dad · M = Mina"))
            #expect(text.contains("<li>Thursday, 5 November 2026 08:00 Blood pressure — asleep</li>"))
            // The month's report: the same counts, the product with its ingredients, the next dose, the chart a link away.
            let report = try await owner.get("/reports/\(grandma)/2026-11").text
            #expect(report.contains("94% (33/35)"), "\(report.firstMatch(of: /\d+% \(\d+\/\d+\)/)?.output ?? "")")
            #expect(report.contains("amlodipine besylate 6.94 mg · tablet · Pfizer") && report.contains("(BP pill)"))
            #expect(
                report.contains(#"Now: <span class="nowrap">Wed 18 Nov</span> <span class="nowrap">20:00</span>"#),
                "the next dose, from the moment it is read (20:06): the evening's, due now and not yet given")
            #expect(report.contains(#"href="/reports/\#(grandma)/2026-11/mar""#))
            #expect(report.contains("as needed — 3 times"))
        }
    }

    @Test("printed: one A4 landscape page with every day's column; a member who may not see her gets 404")
    func printed() async throws {
        try await withHousehold(clock: { Self.moment }) { hearth, owner in
            let grandma = try await Self.november(hearth, owner)
            let printer = ChromiumPrinter(publicDirectory: packageRoot + "/Public", photos: try PhotoFiles(dataDirectory: hearth.dataDirectory))
            try #require(printer.isAvailable, "Chromium is needed to print (Debian's chromium; make unit installs it)")
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo"), "pdfinfo is needed (Debian's poppler-utils)")
            let response = try await owner.get("/reports/\(grandma)/2026-11/mar?paper=a4&pdf=1")
            #expect(response.headers[.contentType] == "application/pdf")
            let file = hearth.dataDirectory + "/mar.pdf"
            try Data(response.body.readableBytesView).write(to: URL(fileURLWithPath: file))
            let info = String(decoding: try ChildProcess.run("/usr/bin/pdfinfo", [file]).output, as: UTF8.self)
            #expect(info.contains("Pages:           1"), "\(info)")
            #expect(info.contains("Page size:       841.92 x 594.96 pts (A4)"), "A4 landscape: \(info)")
            let text = String(decoding: try ChildProcess.run("/usr/bin/pdftotext", ["-layout", file, "-"]).output, as: UTF8.self)
            #expect(text.contains("16/18") && text.contains("17/17") && text.contains("3 times"), "the totals column is on the sheet")
            #expect(text.contains("30") && text.contains("asleep"))

            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            let pet = try await owner.addPet("Bori", species: "dog")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(pet)": "on"])
            let limited = Browser(owner.client)
            try await limited.signIn("sitter", "member password 1")
            #expect(try await limited.get("/reports/\(grandma)/2026-11/mar").status == .notFound)
            #expect(try await owner.get("/reports/\(grandma)/2026-13/mar").status == .notFound)
        }
    }
}
