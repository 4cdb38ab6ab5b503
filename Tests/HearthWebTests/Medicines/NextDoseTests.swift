import Foundation
import HearthCore
import HearthStore
import Testing
@testable import HearthWeb

/// "The next dose" is one reading everywhere (`DoseSlot.next`): a report once said the evening
/// insulin was still to come after it had been moved to the morning and given.
@Suite("The next dose, one truth")
struct NextDoseTests {
    @Test("insulin's evening dose moved to 10:50 and given: the report and the API say tomorrow 08:00; a dose due now is 'now'; a skipped one is passed over")
    func movedMarkedSkipped() async throws {
        let clock = TestClock("2026-12-07T02:10:00Z")  // 11:10 on Monday 7 December in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let regimens = RegimenRepository(hearth.database)
            let insulin = try await regimens.create(
                subjectID: nabi,
                RegimenInput(
                    name: "Insulin", items: [RegimenItemInput(name: "Glargine", amount: 2, unit: "IU")],
                    schedule: CareSchedule(repeatRule: .daily, times: [480, 1200], start: LocalDate("2026-12-01")!)))
            let probiotic = try await regimens.create(
                subjectID: nabi,
                RegimenInput(
                    name: "Probiotic", items: [RegimenItemInput(name: "FortiFlora", amount: 1, unit: "sachet")],
                    schedule: CareSchedule(repeatRule: .daily, times: [671], start: LocalDate("2026-12-01")!)))  // 11:11
            try await owner.get("/doses")
            for (fields, what) in [
                (["regimen": "\(insulin)", "day": "2026-12-07", "time": "480", "action": "given", "at": "08:05"], "the morning's given"),
                (["regimen": "\(insulin)", "day": "2026-12-07", "time": "1200", "action": "move", "to": "10:50"], "the evening's moved"),
                (["regimen": "\(insulin)", "day": "2026-12-07", "time": "1200", "action": "given", "at": "11:05"], "and given"),
            ] {
                let path = fields["action"] == "move" ? "/doses/change" : "/doses/mark"
                #expect(try await owner.post(path, fields).status == .seeOther, "\(what)")
            }
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            func next(_ subject: Int64) async throws -> (String?, String?, String?) {
                let said = try APIClient.json(try await api.call(.get, "/api/v1/doses?subject=\(subject)"))["next"] as? [String: Any]
                return (said?["name"] as? String, said?["date"] as? String, said?["time"] as? String)
            }
            // 11:10: the probiotic (11:11) is the next; at 11:12 it is due now, and still the next.
            #expect(try await next(nabi) == ("Probiotic", "2026-12-07", "11:11"))
            clock.set("2026-12-07T02:12:00Z")
            #expect(try await next(nabi) == ("Probiotic", "2026-12-07", "11:11"), "due now is the next, not tomorrow's")
            let report = try await owner.get("/reports/\(nabi)/2026-12").text
            let strings = try Renderer(templatesDirectory: packageRoot + "/Templates", pages: []).strings
            let format = Formatting(strings: strings, language: .en, timeZone: TimeZone(identifier: "Asia/Seoul")!)
            // The next-dose cell: a short day and a time, neither split by a line break.
            func cell(_ day: String, _ time: String) -> String {
                #"<span class="nowrap">\#(format.doseDay(LocalDate(day)!))</span> <span class="nowrap">\#(time)</span>"#
            }
            #expect(report.contains(cell("2026-12-08", "08:00")), "insulin: tomorrow's 08:00, not tonight's 20:00")
            #expect(!report.contains(cell("2026-12-07", "20:00")))
            #expect(report.contains("Now: " + cell("2026-12-07", "11:11")), "the probiotic is due now")
            // The medication chart says the same next doses under its table.
            let chart = try await owner.get("/reports/\(nabi)/2026-12/mar").text
            #expect(chart.contains("Insulin " + cell("2026-12-08", "08:00")) && chart.contains("Probiotic Now: " + cell("2026-12-07", "11:11")))
            #expect(!(try await owner.get("/reports/\(nabi)/2026-10/mar").text.contains("Next dose")), "a month over has none")
            // Given, and tomorrow's skipped ahead: the next probiotic is the day after.
            #expect(
                try await owner.post("/doses/mark", ["regimen": "\(probiotic)", "day": "2026-12-07", "time": "671", "action": "given"]).status == .seeOther)
            #expect(
                try await owner.post("/doses/change", ["regimen": "\(probiotic)", "day": "2026-12-08", "time": "671", "action": "skip"]).status == .seeOther)
            let after = try await owner.get("/reports/\(nabi)/2026-12").text
            #expect(after.contains(cell("2026-12-09", "11:11")), "the skipped day is passed over")
            #expect(try await next(nabi) == ("Insulin", "2026-12-08", "08:00"))
        }
    }
}
