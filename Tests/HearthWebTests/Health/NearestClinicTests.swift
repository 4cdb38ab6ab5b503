import Foundation
import GRDB
import HearthCore
@testable import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// Where home is, set once, and the clinics by distance on `/clinics` and `/emergency`. The
/// register's coordinates below were made by pyproj from points 0.5, 1.2 and 12 km from Seoul
/// City Hall (37.5665, 126.9780), to EPSG:2097.
@Suite("The nearest clinic")
struct NearestClinicTests {
    static let register = """
        사업장명,영업상태명,소재지전화,도로명전체주소,소재지전체주소,관리번호,좌표정보(x),좌표정보(y)
        가까운 24시 동물병원,영업/정상,02-111-1111,서울특별시 종로구 세종대로 1,,N1,198242.335,452779.803
        동네 동물병원,영업/정상,02-222-2222,서울특별시 중구 세종대로 2,,N2,198742.076,451579.683
        먼 24시 동물병원,영업/정상,02-333-3333,서울특별시 관악구 관악로 3,,N3,198239.441,439579.694
        위치 모름 동물병원,영업/정상,02-444-4444,서울특별시 강서구 공항대로 4,,N4,,

        """

    @Test(
        "home typed as a map gives it: /clinics nearest first with kilometres, /emergency's 24-hour clinic within 5 km first; far from home it says so plainly; bad places refused on the field"
    )
    func distances() async throws {
        try await withHousehold { hearth, owner in
            // Home known, but no clinic's place: no distance, and no "none within 5 km" that nobody measured.
            _ = try await ClinicRepository(hearth.database).create(ClinicInput(name: "우리 동네 24시", open24Hours: true))
            #expect(try await owner.post("/clinics/home", ["coordinates": "37.5665, 126.9780"]).status == .seeOther)
            let unmeasured = try await owner.get("/emergency").text
            #expect(unmeasured.contains("place is known, so there are no distances yet") && !unmeasured.contains("No 24-hour clinic within 5 km"))
            #expect(try await owner.post("/clinics/home", ["clear": "1"]).status == .seeOther)
            let imported = try await owner.postMultipart("/clinics/import", [:], files: [("file", "동물병원.csv", Array(Self.register.utf8))])
            #expect(imported.status == .ok)
            var emergency = try await owner.get("/emergency").text
            #expect(emergency.contains("Set where home is"), "offered once there are places")

            // Refused: the other order (not in Korea), words, nothing; nothing written.
            for (typed, message) in [
                ("126.9780, 37.5665", "That is outside Korea."), ("시청 앞", "Write latitude, then longitude"), ("", "Type coordinates or pick a clinic."),
            ] {
                let refused = try await owner.post("/clinics/home", ["coordinates": typed])
                #expect(refused.status == .unprocessableContent && refused.text.contains(message), "\(typed)")
                #expect(refused.text.contains(#"aria-invalid="true""#))
            }
            #expect(try ClinicRepository(hearth.database).home() == nil)

            #expect(try await owner.post("/clinics/home", ["coordinates": "37.5665, 126.9780"]).status == .seeOther)
            let list = try await owner.get("/clinics").text
            let order = ["동네 동물병원", "가까운 24시 동물병원", "먼 24시 동물병원", "위치 모름 동물병원"].compactMap { list.range(of: "<h3>\($0)</h3>")?.lowerBound }
            #expect(order.count == 4 && order == order.sorted(), "nearest first, the unknown place last")
            #expect(list.contains(">0.5 km<") && list.contains(">1.2 km<") && list.contains(">12 km<"))
            #expect(list.contains("Home: 37.56650, 126.97800"))

            // At night nothing is open by its hours: the register's 24-hour guess within 5 km comes first.
            emergency = try await owner.get("/emergency").text
            #expect(!emergency.contains("No 24-hour clinic within 5 km"))
            let near = try #require(emergency.range(of: "가까운 24시 동물병원")), far = try #require(emergency.range(of: "먼 24시 동물병원"))
            #expect(near.lowerBound < far.lowerBound)

            // Home picked as a clinic's place: 12 km from the nearest 24-hour one's neighbour, so none within 5 km.
            let farClinic = try #require(try ClinicRepository(hearth.database).clinics().first { $0.name == "먼 24시 동물병원" })
            let gone = try #require(try ClinicRepository(hearth.database).clinics().first { $0.name == "위치 모름 동물병원" })
            let noPlace = try await owner.post("/clinics/home", ["clinic": String(gone.id)])
            #expect(noPlace.status == .unprocessableContent && noPlace.text.contains("place is not known."))
            try await ClinicRepository(hearth.database).update(
                id: farClinic.id, ClinicInput(name: farClinic.name, phone: farClinic.input.phone, address: farClinic.input.address))  // confirmed: not 24 hours
            #expect(try await owner.post("/clinics/home", ["clinic": String(farClinic.id)]).status == .seeOther)
            emergency = try await owner.get("/emergency").text
            #expect(emergency.contains("No 24-hour clinic within 5 km of home.") && emergency.contains("The nearest is 가까운 24시 동물병원 (13 km)."))

            #expect(try await owner.post("/clinics/home", ["clear": "1"]).status == .seeOther)
            #expect(try ClinicRepository(hearth.database).home() == nil)
        }
    }

    @Test("a long register is listed a page at a time, nearest first across pages, and found by search in SQL without listing it")
    func longRegister() async throws {
        try await withHousehold { hearth, owner in
            // 250 clinics on a line going north from Seoul City Hall's grid point, 100 m apart, listed in reverse.
            var csv = "사업장명,영업상태명,소재지전화,도로명전체주소,소재지전체주소,관리번호,좌표정보(x),좌표정보(y)\n"
            for n in (0..<250).reversed() {
                csv += "행복동물병원\(n),영업/정상,02-555-\(1000 + n),서울특별시 강남구 테헤란로 \(n),,L\(n),198242.335,\(452279.803 + Double(n) * 100)\n"
            }
            #expect(try await owner.postMultipart("/clinics/import", [:], files: [("file", "동물병원.csv", Array(csv.utf8))]).status == .ok)
            let size = ClinicsController.perPage, pages = (250 + size - 1) / size
            var page = try await owner.get("/clinics").text
            #expect(page.components(separatedBy: "<h3>").count - 1 == size, "one page")
            #expect(page.contains("1–\(size) of 250") && page.contains(#"href="/clinics?page=2""#))
            page = try await owner.get("/clinics?page=\(pages)").text
            #expect(page.components(separatedBy: "<h3>").count - 1 == 250 - (pages - 1) * size, "the last page holds the rest")
            #expect(page.contains("\((pages - 1) * size + 1)–250 of 250") && !page.contains(#"rel="next""#))

            #expect(try await owner.post("/clinics/home", ["coordinates": "37.5665, 126.9780"]).status == .seeOther)
            page = try await owner.get("/clinics").text
            let first = try #require(page.firstMatch(of: /<h3>(행복동물병원\d+)<\/h3>/).map { String($0.output.1) })
            #expect(first == "행복동물병원0", "the one nearest home first, whatever the register's order: \(first)")
            page = try await owner.get("/clinics?page=\(pages)").text
            #expect(page.contains("<h3>행복동물병원249</h3>"), "the farthest on the last page")
            #expect(!page.contains("<option value="), "no list of every clinic to pick home from")

            // Found in SQL: a long word through the index, short ones among what it found.
            page = try await owner.get("/clinics?q=" + QueryLink.encode("행복동물병원123")).text
            #expect(page.contains("<h3>행복동물병원123</h3>") && page.components(separatedBy: "<h3>").count - 1 == 1)
            let search = try await owner.get("/search?q=" + QueryLink.encode("테헤란로 77 강남")).text
            #expect(search.contains("행복동물병원77"), "\(search.prefix(3000))")

            // /emergency reads what the household knows may be open through one index, and only the
            // nearest ten of the register's "24" guesses through another (here: no hours, no favourite).
            let clinics = ClinicRepository(hearth.database)
            let maybe = (0..<250).filter { String($0).contains("24") }
            let home = try #require(KoreanGrid.register.grid(of: GeoPoint(latitude: 37.5665, longitude: 126.9780)))
            let emergency = try clinics.emergency(near: home, limit: 10)
            #expect(emergency.known.isEmpty && emergency.maybeCount == maybe.count && emergency.any && emergency.anyPlaced)
            #expect(emergency.maybe.map(\.name) == maybe.prefix(10).map { "행복동물병원\($0)" }, "nearest first: north of home, 100 m apart")
            let typed = try await clinics.create(ClinicInput(name: "밤에 여는 병원", open24Hours: true))
            #expect(try clinics.emergency(near: nil, limit: 10).known.map(\.id) == [typed])
            for (query, index) in [
                (ClinicRepository.knownQuery, "clinic_emergency"),
                ("SELECT * FROM clinic WHERE maybe_24_hours AND NOT \(ClinicRepository.known)", "clinic_maybe_24"),
            ] {
                let plan = try hearth.database.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query).map { $0["detail"] as String }.joined() }
                #expect(plan.contains(index), "\(plan)")
            }
            let night = try await owner.get("/emergency").text
            #expect(night.contains("행복동물병원24") && night.contains("\(maybe.count - 10) more on the clinics page"), "ten shown, the rest counted")
            #expect(try await owner.get("/emergency").text.contains("밤에 여는 병원"))
        }
    }
}
