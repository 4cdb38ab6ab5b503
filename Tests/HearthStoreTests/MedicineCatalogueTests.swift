import Foundation
import GRDB
import HearthCore
import HearthImports
import HearthStore
import Synchronization
import Testing

@Suite("The medicine catalogue")
struct MedicineCatalogueTests {
    /// A drug-permit list in the shape of the public download, with the codes as headers.
    static let drugs = """
        ITEM_SEQ,ITEM_NAME,ENTP_NAME,ITEM_INGR_NAME,SPCLTY_PBLC,PRDUCT_TYPE
        200001,타이레놀정500밀리그람(아세트아미노펜),한국얀센,아세트아미노펜 500mg,일반의약품,[01140]해열.진통.소염제
        200002,"부루펜정200밀리그램(이부프로펜)",삼일제약,이부프로펜 200mg,일반의약품,[01140]해열.진통.소염제
        200003,노바스크정5밀리그램,한국화이자제약,암로디핀베실산염 6.94mg,전문의약품,[02140]혈압강하제
        ,이름없는줄,,,,
        200001,타이레놀 중복,한국얀센,,,
        """

    /// The supplement list with its Korean labels.
    static let supplements = """
        품목제조번호,품목명,업소명,제품형태,섭취방법,주된기능성
        2004001,비타민D 1000IU,좋은영양,정제,1일 1회 1정을 물과 함께 섭취하십시오,뼈의 형성과 유지에 필요
        2004002,오메가3 알티지,바다건강,캡슐,1일 2회 1캡슐,혈중 중성지질 개선
        """

    static func cp949(_ text: String) throws -> Data {
        try #require(TextEncoding.convert(Data(text.utf8), from: "UTF-8", to: "CP949"))
    }

    @Test("both lists read by their headers, in CP949; bad rows listed by line")
    func lists() throws {
        let drugs = try MedicineListImport.read(try Self.cp949(Self.drugs))
        #expect(drugs.kind == .medicine)
        #expect(drugs.items.map(\.key) == ["drug:200001", "drug:200002", "drug:200003"])
        #expect(drugs.items[0].medicine.prescription == false && drugs.items[2].medicine.prescription == true)
        #expect(drugs.items[1].medicine.name == "부루펜정200밀리그램(이부프로펜)")
        #expect(drugs.badRows.map(\.line) == [5, 6])
        let supplements = try MedicineListImport.read(Data(Self.supplements.utf8))
        #expect(supplements.kind == .supplement)
        #expect(supplements.items.first?.medicine.howToTake == "1일 1회 1정을 물과 함께 섭취하십시오")
        #expect(supplements.items.first?.medicine.form == "정제")
        #expect(throws: MedicineListImport.Problem.notAList) { try MedicineListImport.read(Data("Date,Steps\n".utf8)) }
    }

    @Test("search finds Korean inside words, by ingredient, company and class; short words too; every word must match")
    func search() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let medicines = MedicineRepository(database)
        _ = try await medicines.importListed(try MedicineListImport.read(Data(Self.drugs.utf8)).items)
        _ = try await medicines.importListed(try MedicineListImport.read(Data(Self.supplements.utf8)).items)
        func names(_ query: String) throws -> [String] { try medicines.search(query).map(\.name).sorted() }
        #expect(try names("타이레") == ["타이레놀정500밀리그람(아세트아미노펜)"])
        #expect(try names("아세트아미노펜") == ["타이레놀정500밀리그람(아세트아미노펜)"])
        #expect(try names("삼일제약") == ["부루펜정200밀리그램(이부프로펜)"])
        #expect(try names("해열.진통") == ["부루펜정200밀리그램(이부프로펜)", "타이레놀정500밀리그람(아세트아미노펜)"])
        #expect(try names("해열.진통 이부프로펜") == ["부루펜정200밀리그램(이부프로펜)"])
        #expect(try names("오메가") == ["오메가3 알티지"])
        #expect(try names("D") == ["비타민D 1000IU"], "one letter: LIKE, not trigrams")
        #expect(try names("\"'%") == [])
        #expect(try medicines.search("").count == 5)
    }

    @Test("a search matching more than 200 shows 50 by name, unranked, and says so; fewer are ranked")
    func broad() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let medicines = MedicineRepository(database)
        let many = (1...250).map {
            ListedMedicine(key: "drug:\($0)", medicine: MedicineInput(kind: .medicine, name: "감기약 \($0)", ingredients: "아세트아미노펜 500mg"))
        }
        _ = try await medicines.importListed(many + [ListedMedicine(key: "drug:x", medicine: MedicineInput(kind: .medicine, name: "이부프로펜정"))])
        let broad = try medicines.find("아세트아미노펜")
        #expect(broad.narrowed && broad.items.count == 50)
        let narrow = try medicines.find("이부프로펜")
        #expect(!narrow.narrowed && narrow.items.map(\.name) == ["이부프로펜정"])
    }

    @Test("importing again updates by the list's number and keeps the household's notes")
    func reimport() async throws {
        let database = try temporaryDatabase()
        defer { try? database.close() }
        let medicines = MedicineRepository(database)
        let items = try MedicineListImport.read(Data(Self.drugs.utf8)).items
        #expect(try await medicines.importListed(items) == (added: 3, updated: 0))
        let tylenol = try #require(try medicines.search("타이레놀").first)
        var changed = tylenol.input
        changed.notes = "For Mom's headaches"
        try await medicines.update(id: tylenol.id, changed)
        let renamed = items.map { item in
            var medicine = item.medicine
            if item.key == "drug:200001" { medicine.name = "타이레놀정500mg" }
            return ListedMedicine(key: item.key, medicine: medicine)
        }
        #expect(try await medicines.importListed(renamed) == (added: 0, updated: 3))
        let after = try #require(try medicines.medicine(id: tylenol.id))
        #expect(after.name == "타이레놀정500mg" && after.input.notes == "For Mom's headaches")
        #expect(try medicines.search("타이레놀정500mg").map(\.id) == [tylenol.id], "the search index follows the update")
        #expect(try medicines.count() == 3)
    }

    @Test(
        "a public list is written a batch a transaction: another write gets in midway, a row the new list lacks goes at the end, a file with no row leaves the list there was"
    )
    func listInBatches() async throws {
        // The writer kept at hand: the member's write below comes from a thread of its own,
        // not a task (which a busy test run's cooperative threads may not start in time).
        let writer = try DatabaseQueue()
        let database = try AppDatabase(writer)
        let interactions = InteractionRepository(database)
        @Sendable func pair(_ n: Int) -> DURPair {
            DURPair(
                first: DURIngredient(code: "A\(n)", name: "성분\(n)", english: nil), second: DURIngredient(code: "B\(n)", name: "상대\(n)", english: nil),
                content: nil, notified: "2024-06-10")
        }
        @Sendable func count() throws -> Int { try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dur_pair") ?? 0 } }
        #expect(try await interactions.replace(.pairs) { add, _ in for n in 0..<3 { try add(pair(n)) } } == 3)
        let midway = Mutex<(held: Int, wrote: Bool)?>(nil)
        let rows = try await interactions.replace(.pairs) { add, _ in
            for n in 1...2_500 {
                try add(pair(n))
                guard n == 1_500 else { continue }
                // Between batches: a member's write is not held until the list is done.
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    try? writer.write { db in try db.execute(sql: "UPDATE household SET name = name") }
                    done.signal()
                }
                let wrote = done.wait(timeout: .now() + 10) == .success
                let held = (try? count()) ?? 0
                midway.withLock { $0 = (held, wrote) }
            }
        }
        let seen = try #require(midway.withLock { $0 })
        #expect(seen.wrote, "a write got in while the list was being written")
        #expect(seen.held == 1_001, "the first batch of 1,000 written over the earlier 3 (0 … 1,000): \(seen.held)")
        let after = try count()
        #expect(rows == 2_500 && after == 2_500, "pair 0, which the new list lacks, is gone")
        #expect(try await interactions.replace(.pairs) { _, _ in } == 0)
        #expect(try count() == 2_500, "a file with no good row leaves the list there was")
    }
}
