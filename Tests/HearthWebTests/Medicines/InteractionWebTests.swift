import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// The public DUR lists imported through the catalogue's import, and a person's medicines
/// checked against them by ingredient: the regimen form, the person's card, the regimen's
/// page and the month report. A small list shaped as the real ones are.
@Suite("Medicine interactions (DUR)")
struct InteractionWebTests {
    static let pairs = """
        DUR성분코드,DUR성분명,DUR성분명영문,복합제,관계성분,병용금기DUR성분코드,병용금기DUR성분명,병용금기DUR성분명영문,병용금기복합제,병용금기관계성분,고시일자,금기내용,비고,삭제여부
        D000027,심바스타틴,simvastatin,단일,,D000573,클래리트로마이신,clarithromycin,단일,,20081212,횡문근융해증 위험 증가,,N
        D000056,와파린,warfarin,단일,,D000147,아스피린,aspirin,단일,,20090301,출혈 위험 증가,,N
        D000999,옛성분,old,단일,,D000998,다른성분,other,단일,,20050101,더 이상 금기 아님,,Y

        """
    static let elderly = """
        DUR성분코드,DUR성분명,DUR성분명영문,복합제,관계성분,고시일자,금기내용,비고
        D000300,디아제팜,diazepam,단일,,20150601,장기 작용형 벤조디아제핀: 노인에서 낙상 위험,

        """
    static let drugs = """
        ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC
        300001,심바스트정10밀리그램,한국제약,[M040534]심바스타틴,전문의약품
        300002,클래리정250밀리그램,대한제약,Clarithromycin 250mg,전문의약품
        300003,바리움정2밀리그램,로슈,디아제팜 2mg,전문의약품
        300004,타이레놀정500밀리그람,한국얀센,아세트아미노펜/카페인무수물,일반의약품

        """

    static func importList(_ owner: Browser, _ name: String, _ text: String) async throws -> String {
        try await owner.get("/medicines")
        let started = try await owner.postMultipart("/medicines/import", [:], files: [("file", name, Array(text.utf8))])
        return try await MedicineCatalogueWebTests.finished(owner, started).text
    }

    @Test(
        "a pair on the list warns before saving, saves when confirmed, and shows on the card, the regimen page and the report; older people's cautions by birth date; pets never"
    )
    func warnings() async throws {
        try await withHousehold(clock: { ISO8601DateFormatter().date(from: "2026-11-25T01:00:00Z")! }) { hearth, owner in
            var page = try await Self.importList(owner, "병용금기.csv", Self.pairs)
            #expect(page.contains("now 2 rows") && page.contains("1 marked withdrawn"), "\(page)")
            page = try await Self.importList(owner, "노인주의.csv", Self.elderly)
            #expect(page.contains("now 1 rows"))
            _ = try await Self.importList(owner, "drugs.csv", Self.drugs)
            let catalogue = MedicineRepository(hearth.database)
            func id(_ name: String) throws -> Int64 { try #require(try catalogue.search(name).first?.id) }
            let (simva, clari, valium, tylenol) = (try id("심바스트정"), try id("클래리정"), try id("바리움정"), try id("타이레놀정"))

            let grandpa = try await PersonRepository(hearth.database).create(
                PersonProfile(name: "할아버지", birthDate: LocalDate("1950-03-01"), colour: .teal), photo: nil
            ).id
            func regimen(_ name: String, _ medicine: Int64, _ medicineName: String, subject: Int64) -> [String: String] {
                [
                    "subject": String(subject), "name": name, "item_1_name": medicineName, "item_1_medicine": String(medicine), "item_1_amount": "1",
                    "item_1_unit": "tablet", "repeat": "daily", "time_1": "08:00", "start": "2026-11-20", "end": "none",
                ]
            }
            try await owner.get("/regimens/new?subject=\(grandpa)")
            let first = try await owner.post("/regimens", regimen("혈압·콜레스테롤", simva, "심바스트정", subject: grandpa))
            #expect(first.status == .seeOther, "nothing on the lists yet: saved at once")
            // Tylenol shares no ingredient with anything listed.
            #expect(try await owner.post("/regimens", regimen("진통제", tylenol, "타이레놀", subject: grandpa)).status == .seeOther)

            // Clarithromycin beside simvastatin: asked first, nothing written.
            let before = try RegimenRepository(hearth.database).regimens(access: .everyone, subjectID: grandpa).count
            var fields = regimen("기관지염 항생제", clari, "클래리정", subject: grandpa)
            let asked = try await owner.post("/regimens", fields)
            #expect(asked.status == .conflict)
            #expect(asked.text.contains("심바스타틴 + 클래리트로마이신") && asked.text.contains("횡문근융해증 위험 증가") && asked.text.contains("listed 2008-12-12"))
            #expect(asked.text.contains("not medical advice") && asked.text.contains("I have read this, save"))
            #expect(try RegimenRepository(hearth.database).regimens(access: .everyone, subjectID: grandpa).count == before)
            let seen = try #require(asked.text.firstMatch(of: #/name="interactions_seen" value="([^"]+)"/#).map { String($0.1) })
            fields["interactions_seen"] = seen.replacingOccurrences(of: "&#39;", with: "'")
            let saved = try await owner.post("/regimens", fields)
            #expect(saved.status == .seeOther, "the doctor decided: saved once confirmed")
            let antibiotic = try #require(saved.location)

            // Where it shows: the regimen's page, the person's card, the month report.
            page = try await owner.get(antibiotic).text
            #expect(page.contains("심바스타틴 + 클래리트로마이신") && page.contains("혈압·콜레스테롤"))
            page = try await owner.get("/people/\(grandpa)").text
            #expect(page.contains("심바스타틴 + 클래리트로마이신") && page.contains("Ingredients not to be taken together"))
            #expect(page.contains("병용금기") && page.contains("of 2009-03-01"), "the list's date: its newest listing")
            page = try await owner.get("/reports/\(grandpa)/2026-11").text
            #expect(page.contains("What the DUR lists say") && page.contains("횡문근융해증 위험 증가"))

            // 76 years old: diazepam's caution for older people.
            fields = regimen("수면", valium, "바리움정", subject: grandpa)
            let cautioned = try await owner.post("/regimens", fields)
            #expect(cautioned.status == .conflict && cautioned.text.contains("디아제팜") && cautioned.text.contains("낙상 위험"))

            // A younger person is not cautioned; a pet's regimens are never matched.
            let mina = try await PersonRepository(hearth.database).create(
                PersonProfile(name: "민아", birthDate: LocalDate("1990-05-05"), colour: .blue), photo: nil
            ).id
            #expect(try await owner.post("/regimens", regimen("수면", valium, "바리움정", subject: mina)).status == .seeOther)
            let cat = try await owner.addPet("나비")
            #expect(try await owner.post("/regimens", regimen("A", simva, "심바스트정", subject: cat)).status == .seeOther)
            #expect(try await owner.post("/regimens", regimen("B", clari, "클래리정", subject: cat)).status == .seeOther)
            #expect(!(try await owner.get("/pets/\(cat)").text.contains("클래리트로마이신")))

            // Ended: the warning goes with it.
            let antibioticID = try #require(antibiotic.split(separator: "/").last.map(String.init))
            #expect(try await owner.post("/regimens/\(antibioticID)/end", [:]).status == .seeOther)
            let later = try InteractionRepository(hearth.database).check(personID: grandpa, today: LocalDate("2026-11-26")!)
            #expect(later.interactions.isEmpty)
        }
    }

    @Test(
        "a medicine typed rather than picked is checked too: by the catalogue's name, then as its only ingredient; one found neither way is said to be unchecked"
    )
    func typedMedicines() async throws {
        try await withHousehold(clock: { ISO8601DateFormatter().date(from: "2026-11-25T01:00:00Z")! }) { hearth, owner in
            _ = try await Self.importList(owner, "병용금기.csv", Self.pairs)
            _ = try await Self.importList(owner, "drugs.csv", Self.drugs)
            let grandpa = try await PersonRepository(hearth.database).create(
                PersonProfile(name: "할아버지", birthDate: LocalDate("1950-03-01"), colour: .teal), photo: nil
            ).id
            func typed(_ name: String, _ medicine: String) -> [String: String] {
                [
                    "subject": String(grandpa), "name": name, "item_1_name": medicine, "item_1_amount": "1", "item_1_unit": "tablet",
                    "repeat": "daily", "time_1": "08:00", "start": "2026-11-20", "end": "none",
                ]
            }
            try await owner.get("/regimens/new?subject=\(grandpa)")
            // Typed exactly as the catalogue names it (spaces aside).
            #expect(try await owner.post("/regimens", typed("콜레스테롤", "심바스트정 10밀리그램")).status == .seeOther)
            // Typed as an ingredient, in English: the one catalogue medicine of that ingredient alone.
            let asked = try await owner.post("/regimens", typed("항생제", "clarithromycin"))
            #expect(asked.status == .conflict, "\(asked.status)")
            #expect(asked.text.contains("심바스타틴 + 클래리트로마이신"))
            // Not in the catalogue at all: saved, and the regimen says it was not checked.
            let vitamin = try await owner.post("/regimens", typed("영양제", "우리집 비타민"))
            #expect(vitamin.status == .seeOther)
            let page = try await owner.get(try #require(vitamin.location)).text
            #expect(page.contains("DUR not checked.") && page.contains("영양제: 우리집 비타민"), "\(page.prefix(4000))")
            #expect(try await owner.get("/people/\(grandpa)").text.contains("DUR not checked."))
        }
    }

    @Test("importing a list again replaces it")
    func reimport() async throws {
        try await withHousehold { hearth, owner in
            _ = try await Self.importList(owner, "pairs.csv", Self.pairs)
            let one = "DUR성분코드,DUR성분명,병용금기DUR성분코드,병용금기DUR성분명,고시일자,금기내용\nD1,가성분,D2,나성분,2024-06-10,이유\n"
            let page = try await Self.importList(owner, "pairs.csv", one)
            #expect(page.contains("now 1 rows"))
            #expect(try hearth.database.read { db in try String.fetchAll(db, sql: "SELECT first_name FROM dur_pair") } == ["가성분"])
        }
    }
}
