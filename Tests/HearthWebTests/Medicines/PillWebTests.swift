import Foundation
import HearthCore
import HearthImports
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A loose pill found by what is printed on it, its shape and colour, from a small list shaped
/// as the public pill-identification list (낱알식별) is, in CP949 with its Korean headers.
@Suite("Identify a pill")
struct PillWebTests {
    static let pills = """
        품목일련번호,품목명,업소일련번호,업소명,성상,큰제품이미지,표시앞,표시뒤,의약품제형,색상앞,색상뒤,분할선앞,분할선뒤,크기장축,크기단축,크기두께,분류명,전문일반구분,제형코드명
        300001,심바스트정10밀리그램,1,한국제약,흰색의 원형 정제,,YH,10,원형,하양,,-,-,7.1,7.1,3.2,동맥경화용제,전문의약품,나정
        300005,유한비타민씨정,2,유한양행,노란색의 원형 정제,,YH,C,원형,노랑,,-,-,9,9,4,비타민제,일반의약품,필름코팅정
        300006,다른알약정,3,대한제약,흰색의 타원형 정제,,DH,YH 5,타원형,하양,,+,-,12,6,4,해열진통제,일반의약품,나정
        300001,중복된줄,1,한국제약,,,,,원형,하양,,,,,,,,,

        """

    @Test(
        "'하양 원형 YH' finds the white round pill printed YH, with its product page and the household's regimen of it; colours as people say them; the list replaced on import"
    )
    func identify() async throws {
        try await withHousehold { hearth, owner in
            var page = try await owner.get("/medicines/pills?q=YH").text
            #expect(page.contains("has not been imported yet"))
            let bytes = try #require(TextEncoding.convert(Data(Self.pills.utf8), from: "UTF-8", to: "CP949"))
            try await owner.get("/medicines")
            page = try await MedicineCatalogueWebTests.finished(
                owner, try await owner.postMultipart("/medicines/import", [:], files: [("file", "낱알식별.csv", Array(bytes))])
            ).text
            #expect(page.contains("now 3 rows") && page.contains("1 rows not read"), "\(page)")
            _ = try await InteractionWebTests.importList(owner, "drugs.csv", InteractionWebTests.drugs)
            let simva = try #require(try MedicineRepository(hearth.database).search("심바스트정").first?.id)
            let grandpa = try await PersonRepository(hearth.database).create(PersonProfile(name: "할아버지", colour: .teal), photo: nil).id
            try await owner.get("/regimens/new?subject=\(grandpa)")
            let saved = try await owner.post(
                "/regimens",
                [
                    "subject": String(grandpa), "name": "콜레스테롤", "item_1_name": "심바스트정", "item_1_medicine": String(simva), "item_1_amount": "1",
                    "item_1_unit": "tablet", "repeat": "daily", "time_1": "08:00", "start": "2026-11-20", "end": "none",
                ])
            #expect(saved.status == .seeOther)

            page = try await owner.get("/medicines/pills?q=" + QueryLink.encode("하양 원형 YH")).text
            #expect(page.contains("심바스트정10밀리그램") && !page.contains("유한비타민씨정") && !page.contains("다른알약정"))
            // As the browser's form sends it: each space a `+`.
            let asSent = try await owner.get("/medicines/pills?q=" + ["하양", "원형", "YH"].map(QueryLink.encode).joined(separator: "+")).text
            #expect(asSent.contains("심바스트정10밀리그램") && !asSent.contains("유한비타민씨정"), "spaces sent as + are spaces")
            #expect(page.contains(#"href="/medicines/\#(simva)""#) && page.contains("할아버지: 콜레스테롤") && page.contains("Front: YH"))
            // "YH 5" on the back of another is one mark; "white" is 하양; every word required.
            page = try await owner.get("/medicines/pills?q=" + QueryLink.encode("white yh5")).text
            #expect(page.contains("다른알약정") && !page.contains("심바스트정10밀리그램"))
            page = try await owner.get("/medicines/pills?q=" + QueryLink.encode("노랑 YH")).text
            #expect(page.contains("유한비타민씨정") && !page.contains("심바스트정10밀리그램"))
            #expect(try await owner.get("/medicines/pills?q=" + QueryLink.encode("파랑 YH")).text.contains("No pill matches."))

            // A sitter who sees none of the people: the pill, not the household's regimen.
            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([]), accountID: sitter)
            let browser = Browser(owner.client)
            try await browser.signIn("sitter", "member password 1")
            page = try await browser.get("/medicines/pills?q=YH").text
            #expect(page.contains("심바스트정10밀리그램") && !page.contains("콜레스테롤"))
        }
    }
}
