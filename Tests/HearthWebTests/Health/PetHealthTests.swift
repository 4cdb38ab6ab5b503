import Foundation
import GRDB
import HearthCore
import HearthImports
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Pet health")
struct PetHealthTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!
    static var today: LocalDate { LocalDate(Date(), in: seoul) }

    /// A dog born `born`, with that birth date on its profile.
    static func dog(_ name: String, born: LocalDate, owner: Browser, hearth: Hearth) async throws -> Int64 {
        let id = try await owner.addPet(name, species: "dog")
        _ = try await PetRepository(hearth.database).update(id: id, PetProfile(name: name, species: .dog, birthDate: born, neutered: true), newPhoto: nil)
        return id
    }

    @Test("two vaccines in one visit: both on the timeline and the pet page, and the next doses worked out from the schedule")
    func twoVaccines() async throws {
        try await withHousehold { hearth, owner in
            let today = Self.today
            let bori = try await Self.dog("Bori", born: today.adding(days: -7 * 9), owner: owner, hearth: hearth)
            let form = try await owner.get("/pets/\(bori)/records/new?kind=vaccination")
            #expect(form.text.contains(#"name="vaccine_dog.dapp""#) && form.text.contains(#"name="vaccine_dog.rabies""#))
            let given = today.adding(days: -1)
            let saved = try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "vaccination", "vaccine_dog.dapp": "on", "batch_dog.dapp": "A123", "other_name_1": "Kennel cough nasal",
                    "other_next_due_1": today.adding(days: 3).description, "clinic_name": "Happy Vet", "vet": "Dr Kim",
                    "date": given.description, "time": "10:00",
                ])
            #expect(saved.status == .seeOther)
            let page = try await owner.get("/pets/\(bori)").text
            // A puppy at 9 weeks with its first DAPP yesterday: the second 3 weeks on; rabies from 12 weeks.
            #expect(page.contains("DAPP (distemper, adenovirus, parvovirus, parainfluenza) — dose 2 of the starting series"))
            #expect(page.contains("Kennel cough nasal — as written on the last record"))
            #expect(page.contains("Rabies — dose 1 of the starting series"))
            #expect(page.contains("Last vaccinations"))
            let timeline = try await owner.get("/pets/\(bori)/timeline").text
            #expect(timeline.contains("DAPP (distemper, adenovirus, parvovirus, parainfluenza) (lot A123) · Kennel cough nasal · Happy Vet · Dr Kim"))
            // Due within a week on the list of what needs doing: the typed vaccine in 3 days.
            #expect(try await owner.get("/today").text.contains("Bori: Kennel cough nasal"))
            // The edit form reads the record back.
            let recordID = try #require(try hearth.database.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM entry WHERE kind = 'vaccination'") })
            let edit = try await owner.get("/records/\(recordID)/edit").text
            #expect(edit.contains(#"name="vaccine_dog.dapp" checked"#) && edit.contains(#"value="A123""#) && edit.contains(#"value="Kennel cough nasal""#))
        }
    }

    @Test("a vaccination with none ticked, or a next due before the visit, is refused on its field and writes nothing")
    func refused() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(bori)/records/new?kind=vaccination")
            let none = try await owner.postMultipart("/pets/\(bori)/records", ["kind": "vaccination", "date": "2026-01-02", "time": "10:00"])
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("Tick at least one vaccine, or type one."))
            let before = try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "vaccination", "vaccine_dog.rabies": "on", "next_due_dog.rabies": "2026-01-01", "date": "2026-01-02", "time": "10:00",
                ])
            #expect(before.status == .unprocessableContent)
            #expect(before.text.contains("The next date must come after the day it was given."))
            let visit = try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "vet_visit", "date": "2026-01-02", "time": "10:00", "follow_up": "2026-02-30"])
            #expect(visit.status == .unprocessableContent)
            #expect(visit.text.contains("Say why you went."))
            let count = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") }
            #expect(count == 0)
        }
    }

    @Test("a vet visit at a clinic of the directory: last visit and follow-up on the pet page, due on the calendar and the home page")
    func vetVisit() async throws {
        try await withHousehold { hearth, owner in
            let today = Self.today
            let bori = try await owner.addPet("Bori", species: "dog")
            let clinic = try await ClinicRepository(hearth.database).create(ClinicInput(name: "Seoul Animal Clinic", phone: "02-111-2222"))
            try await owner.get("/pets/\(bori)/records/new?kind=vet_visit")
            let followUp = today.adding(days: 5)
            let saved = try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "vet_visit", "clinic_id": String(clinic), "reason": "Limping", "diagnosis": "Sprain", "medicines": "Carprofen 25 mg",
                    "cost": "45000", "follow_up": followUp.description, "date": today.description, "time": "00:01",
                ])
            #expect(saved.status == .seeOther)
            let page = try await owner.get("/pets/\(bori)").text
            #expect(page.contains("Last vet visit:") && page.contains("Limping · Seoul Animal Clinic · Sprain"))
            #expect(page.contains("Follow-up — Limping"))
            let timeline = try await owner.get("/pets/\(bori)/timeline").text
            #expect(timeline.contains("$45,000"), "the cost in the household's currency (an English household starts in USD)")
            let month = try await owner.get("/calendar/\(YearMonth(followUp))").text
            #expect(month.contains(#"<span class="dot due" title="Bori: Follow-up — Limping (due)"></span>"#))
            let day = try await owner.get("/calendar/\(followUp)").text
            #expect(day.contains("Bori: Follow-up — Limping"))
            #expect(try await owner.get("/").text.contains("Bori: Follow-up — Limping"))
            let card = try await owner.get("/pets/\(bori)/card").text
            #expect(card.contains("Carprofen 25 mg"))
        }
    }

    @Test("a clinic removed while the form was open: the form again, said on the clinic field, nothing written")
    func clinicGone() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await owner.addPet("Bori", species: "dog")
            let clinics = ClinicRepository(hearth.database)
            let clinic = try await clinics.create(ClinicInput(name: "Gone Clinic"))
            try await owner.get("/pets/\(bori)/records/new?kind=vet_visit")
            try await clinics.delete(id: clinic)
            let response = try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "vet_visit", "clinic_id": String(clinic), "reason": "Check", "date": "2026-01-02", "time": "10:00"])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("That clinic was just removed from the directory"))
            #expect(try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM entry") } == 0)
        }
    }

    @Test(
        "/emergency at 21:15 on a Tuesday: open now first (favourites first), then the register's unconfirmed 24-hour clinics, then the closed favourite with when it opens"
    )
    func emergency() async throws {
        let clock = TestClock("2026-11-24T12:15:00Z")  // Tuesday 21:15 in Seoul
        try await withHousehold(clock: clock.read) { hearth, owner in
            try await owner.get("/clinics/new")
            let bad = try await owner.post("/clinics", ["name": "Bad Hours", "hours_1": "9 to 5"])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("Write hours as 09:00-18:00"))
            let allDay = (0..<7).reduce(into: [String: String]()) { $0["hours_\($1)"] = "00:00-24:00" }
            let daytime = (1..<7).reduce(into: [String: String]()) { $0["hours_\($1)"] = "09:00-18:00" }
            #expect(try await owner.post("/clinics", ["name": "Always Open Clinic", "phone": "02-000-1111"].merging(allDay) { a, _ in a }).status == .seeOther)
            #expect(try await owner.post("/clinics", ["name": "Night 24 Clinic", "phone": "02-000-2424", "open_24_hours": "on"]).status == .seeOther)
            #expect(
                try await owner.post("/clinics", ["name": "Our Vet", "phone": "+82 2-000-0000", "favourite": "on"].merging(daytime) { a, _ in a }).status
                    == .seeOther)
            #expect(
                try await owner.post("/clinics", ["name": "Open Favourite", "phone": "02-000-3333", "favourite": "on"].merging(allDay) { a, _ in a }).status
                    == .seeOther)
            #expect(try await owner.post("/clinics", ["name": "Never Open", "phone": "02-999-9999"]).status == .seeOther)
            _ = try await ClinicRepository(hearth.database).importLicensed([
                LicensedClinic(key: "A1", name: "행복 24시 동물병원", phone: "02-555-2424", address: nil, district: nil, maybe24Hours: true, mapX: nil, mapY: nil)
            ])
            let page = try await owner.get("/emergency").text
            let order = ["Open Favourite", "Night 24 Clinic", "Always Open Clinic", "행복 24시 동물병원", "Our Vet"].map { page.range(of: $0)?.lowerBound }
            #expect(
                order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(),
                "open now (favourite first), unconfirmed 24, closed favourite")
            #expect(page.contains("&quot;24&quot; in the name — not confirmed, call first"))
            #expect(page.contains("Closed now · opens tomorrow at 09:00"))
            #expect(!page.contains("Never Open"), "closed, not 24 hours, not a favourite")
            #expect(page.contains(#"href="tel:+8220000000""#))
            #expect(page.contains("Open now"))
            let nav = try await owner.get("/").text
            #expect(nav.contains(#"<li><a href="/emergency">Emergency</a></li>"#), "one tap from the bar")
        }
    }

    @Test("the register in CP949: clinics imported, closed skipped, bad rows listed; importing again updates and keeps the household's own")
    func register() async throws {
        try await withHousehold { hearth, owner in
            let csv = """
                사업장명,영업상태명,소재지전화,도로명전체주소,소재지전체주소,관리번호,좌표정보(x),좌표정보(y)\r
                행복 24시 동물병원,영업/정상,02-000-0000,서울특별시 마포구 양화로 1,,A1,195000.1,451000.2\r
                닫은 병원,폐업,,,,A2,,\r
                ,영업/정상,,,,A3,,\r
                온누리 동물병원,영업/정상,031-222-3333,,경기도 성남시 분당구 정자동 1,A4,,\r
                """
            let bytes = try #require(TextEncoding.convert(Data(csv.utf8), from: "UTF-8", to: "CP949"))
            try await owner.get("/clinics")
            let first = try await owner.postMultipart("/clinics/import", [:], files: [("file", "동물병원.csv", Array(bytes))])
            #expect(first.status == .ok)
            #expect(first.text.contains("2 added, 0 updated, 1 closed skipped, 1 rows not read."))
            #expect(first.text.contains("line 4: no 사업장명"))
            let clinics = ClinicRepository(hearth.database)
            let happy = try #require(try clinics.clinics().first { $0.name == "행복 24시 동물병원" })
            #expect(happy.maybe24Hours && happy.district == "서울특별시 마포구")
            try await clinics.update(
                id: happy.id, ClinicInput(name: happy.name, phone: happy.input.phone, address: happy.input.address, open24Hours: true, favourite: true))
            let again = try await owner.postMultipart("/clinics/import", [:], files: [("file", "동물병원.csv", Array(bytes))])
            #expect(again.text.contains("0 added, 2 updated"))
            let after = try clinics.clinics()
            #expect(after.count == 2)
            let kept = try #require(after.first { $0.id == happy.id })
            #expect(kept.input.favourite && kept.input.open24Hours && !kept.maybe24Hours, "the household's confirmation survives")
            let list = try await owner.get("/clinics").text
            #expect(list.contains("경기도 성남시 분당구"), "grouped by district")

            let notRegister = try await owner.postMultipart(
                "/clinics/import", [:], files: [("file", "steps.csv", Array("Date,Step count\n2026-01-01,5\n".utf8))])
            #expect(notRegister.status == .unprocessableContent)
            #expect(notRegister.text.contains("This is not the animal-hospital register: it has no 사업장명, 영업상태명 column."))
            #expect(try clinics.clinics().count == 2, "nothing written")
        }
    }

    @Test("hearth import clinics: the summary on the terminal, and failure when nothing was imported")
    func commandLine() async throws {
        try await withHousehold { hearth, owner in
            let say = try CommandLineText(resourcesDirectory: packageRoot, environment: ["LANG": "ko_KR.UTF-8"])
            let path = temporaryDataDirectory() + "-clinics.csv"
            let csv = "사업장명,영업상태명,소재지전화,도로명전체주소,관리번호\n행복 동물병원,영업/정상,02-000-0000,서울특별시 마포구 양화로 1,A1\n닫은 병원,폐업,,,A2\n"
            try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
            let first = try await ClinicImport.commandLine(path: path, database: hearth.database, say: say)
            #expect(first.imported)
            #expect(first.text == "1곳 추가, 0곳 갱신, 폐업 1곳 건너뜀, 읽지 못한 줄 0개.")
            try Data("Date,Steps\n".utf8).write(to: URL(fileURLWithPath: path))
            let refused = try await ClinicImport.commandLine(path: path, database: hearth.database, say: say)
            #expect(!refused.imported)
            #expect(refused.text.contains("사업장명"))
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    @Test("in Korean the schedule's vaccines have Korean names")
    func koreanNames() async throws {
        try await withHearth { hearth, client in
            let owner = Browser(client)
            try await owner.setUpHousehold(language: "ko")
            let bori = try await owner.addPet("보리", species: "dog")
            let form = try await owner.get("/pets/\(bori)/records/new?kind=vaccination").text
            #expect(form.contains("광견병") && form.contains("종합백신 DAPP"))
        }
    }

    @Test("the feeding calculator on the pet page: inputs shown, grams a day and a meal, today's meals and treats against it")
    func feeding() async throws {
        try await withHousehold { hearth, owner in
            let today = Self.today
            let bori = try await Self.dog("Bori", born: LocalDate("2020-01-01")!, owner: owner, hearth: hearth)
            let foods = FoodRepository(hearth.database)
            let kibble = try await foods.create(name: "Kibble", kind: .food, kcalPer100g: 350)
            let jerky = try await foods.create(name: "Jerky", kind: .treat, kcalPer100g: 300)
            try await owner.get("/pets/\(bori)")
            try await owner.postMultipart(
                "/pets/\(bori)/records", ["kind": "weight", "weight": "10", "unit": "kg", "date": today.description, "time": "00:01"])
            try await owner.postMultipart(
                "/pets/\(bori)/records",
                ["kind": "meal", "food_id": String(kibble), "amount": "100", "amount_unit": "g", "outcome": "all", "date": today.description, "time": "00:02"])
            try await owner.postMultipart(
                "/pets/\(bori)/records",
                ["kind": "meal", "food_id": String(jerky), "amount": "30", "amount_unit": "g", "outcome": "all", "date": today.description, "time": "00:03"])
            #expect(try await owner.post("/pets/\(bori)/feeding", ["stage": "automatic", "meals": "2", "food_id": String(kibble)]).status == .seeOther)
            let page = try await owner.get("/pets/\(bori)").text
            // 70 × 10^0.75 = 393.6; × 1.6 = 629.8 kcal; at 350 kcal/100 g: 179.9 g, 90 g a meal.
            #expect(page.contains("Resting energy 70 × 10^0.75 = 394 kcal; × 1.6 (neutered adult) = 630 kcal a day."))
            #expect(page.contains("180 g a day, 90 g a meal (2 meals)"))
            // 350 + 90 kcal eaten; treats 90 over a tenth (63).
            #expect(page.contains("Today: 440 of 630 kcal"))
            #expect(page.contains("treats 90 kcal, over the 10% (63 kcal)"))
            // Three pieces of a treat counted in pieces, 12 kcal each, typed on the meal form: 36 kcal more.
            try await owner.postMultipart(
                "/pets/\(bori)/records",
                [
                    "kind": "meal", "new_food_name": "Chicken strip", "new_food_kind": "treat", "new_food_kcal_piece": "12",
                    "amount": "3", "amount_unit": "pieces", "outcome": "all", "date": today.description, "time": "00:04",
                ])
            let after = try await owner.get("/pets/\(bori)").text
            #expect(after.contains("Today: 476 of 630 kcal") && after.contains("treats 126 kcal"))
            let snacks = try ChartRepository(hearth.database).snacks(subjectID: bori, from: today, to: today, bucket: .day)
            #expect(snacks.first?.total == 4, "the jerky once and three strips")
            #expect(snacks.first?.kcal == 126)
            let refused = try await owner.post("/pets/\(bori)/feeding", ["stage": "automatic", "meals": "0"])
            #expect(refused.status == .unprocessableContent)
            let cat = try await owner.addPet("Hammy", species: "hamster")
            #expect(try await owner.get("/pets/\(cat)").text.contains("Hearth has no energy formula for this kind of animal"))
            #expect(try await owner.get("/pets/\(cat)").text.contains("no vaccine is routinely recommended"))
        }
    }

    @Test("a heartworm preventive monthly: due a month on; the owner makes rabies yearly and it moves")
    func preventiveAndIntervals() async throws {
        try await withHousehold { hearth, owner in
            let bori = try await Self.dog("Bori", born: LocalDate("2020-01-01")!, owner: owner, hearth: hearth)
            try await owner.get("/pets/\(bori)/records/new?kind=preventive")
            let given = Self.today.adding(days: -2)
            #expect(
                try await owner.postMultipart(
                    "/pets/\(bori)/records",
                    ["kind": "preventive", "preventive": "heartworm", "product": "Heartgard", "cycle": "1m", "date": given.description, "time": "09:00"]
                ).status == .seeOther)
            try await owner.postMultipart("/pets/\(bori)/records", ["kind": "vaccination", "vaccine_dog.rabies": "on", "date": "2025-01-10", "time": "09:00"])
            try await owner.postMultipart("/pets/\(bori)/records", ["kind": "vaccination", "vaccine_dog.rabies": "on", "date": "2026-01-10", "time": "09:00"])
            let format = Formatting(strings: try Localization(directory: packageRoot + "/Templates/i18n"), language: .en, timeZone: Self.seoul)
            var page = try await owner.get("/pets/\(bori)").text
            #expect(page.contains("Heartworm — Heartgard"))
            #expect(page.contains("due \(format.dayHeading(given.adding(months: 1)))"))
            #expect(page.contains("Rabies — booster every 3 years"))
            #expect(page.contains("due \(format.dayHeading(LocalDate("2029-01-10")!))"))
            try await owner.get("/care/vaccines")
            #expect(try await owner.post("/care/vaccines/interval", ["code": "dog.rabies", "months": "12"]).status == .seeOther)
            page = try await owner.get("/pets/\(bori)").text
            #expect(page.contains("Rabies — booster every year"))
            #expect(page.contains("due \(format.dayHeading(LocalDate("2027-01-10")!))"))
            let bad = try await owner.post("/care/vaccines/own", ["species": "dog", "name": "", "booster_months": "12"])
            #expect(bad.status == .unprocessableContent && bad.text.contains("Name the vaccine."))
            #expect(try await owner.post("/care/vaccines/own", ["species": "dog", "name": "Kennel cough nasal", "booster_months": "12"]).status == .seeOther)
            #expect(
                try await owner.post("/care/vaccines/own", ["species": "dog", "name": "Kennel cough nasal", "booster_months": "12"]).text.contains(
                    "already has a vaccine of that name"))
            #expect(try await owner.get("/pets/\(bori)/records/new?kind=vaccination").text.contains("Kennel cough nasal"))
        }
    }
}
