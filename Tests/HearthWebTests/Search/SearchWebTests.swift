import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("Search")
struct SearchWebTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul")!

    static func record(_ details: RecordDetails, note: String? = nil, _ at: String) -> RecordInput {
        let instant = ISO8601DateFormatter().date(from: at)!
        return RecordInput(occurredAt: instant, localDate: LocalDate(instant, in: seoul), note: note, details: details)
    }

    @Test(
        "in Korean: '노란 구토' finds the vomit by its words and its kind, grouped, each linking to itself on its timeline; filters; refused filters; a limited member finds only theirs"
    )
    func korean() async throws {
        try await withHearth { hearth, client in
            let owner = Browser(client)
            try await owner.setUpHousehold(language: "ko")
            let tori = try await owner.addPet("토리", species: "dog")
            let nabi = try await owner.addPet("나비", species: "cat")
            let vomit = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "vomit", "date": "2026-11-20", "time": "08:00", "times": "1", "contents": "노란 거품"])
            #expect(vomit.status == .seeOther, "\(vomit.text)")
            let entries = EntryRepository(hearth.database)
            let vomitID = try #require(try await entries.timeline(subjectID: tori, limit: 5).first?.id)
            let stool = Self.record(.toilet(urine: false, stool: true, colour: .yellow, fecalScore: nil, blood: false, mucus: false), "2026-11-21T01:00:00Z")
            let toiletID = try await entries.create(subjectID: nabi, stool, photos: [], createdBy: nil)

            // The box is on every page.
            #expect(try await owner.get("/").text.contains(#"<form class="site-search" role="search" method="get" action="/search">"#))

            var page = try await owner.get("/search?q=" + QueryLink.encode("노란 구토")).text
            #expect(page.contains("노란 거품"))
            #expect(!page.contains(#"id="record-"#) && !page.contains("#record-\(toiletID)"), "the yellow stool is not a vomit")
            let link = try #require(page.firstMatch(of: #/href="(/pets/\d+/timeline\?before=[0-9]+_#record-\d+)"/#).map { String($0.1) })
            #expect(link.hasPrefix("/pets/\(tori)/timeline") && link.hasSuffix("#record-\(vomitID)"))
            let timeline = try await owner.get(String(link.split(separator: "#")[0])).text
            #expect(timeline.contains(#"id="record-\#(vomitID)""#), "the link opens the timeline at the record")

            // 노란 alone: the vomit's words and the stool's colour (노란색), grouped by kind, newest first.
            page = try await owner.get("/search?q=" + QueryLink.encode("노란")).text
            let stoolAt = try #require(page.range(of: "<h2>배변</h2>")), vomitAt = try #require(page.range(of: "<h2>구토</h2>"))
            #expect(stoolAt.lowerBound < vomitAt.lowerBound)
            page = try await owner.get("/search?q=" + QueryLink.encode("노란") + "&kind=toilet").text
            #expect(page.contains("#record-\(toiletID)") && !page.contains("#record-\(vomitID)"))
            page = try await owner.get("/search?q=" + QueryLink.encode("노란") + "&subject=\(tori)").text
            #expect(!page.contains("#record-\(toiletID)") && page.contains("#record-\(vomitID)"))
            page = try await owner.get("/search?q=" + QueryLink.encode("노란") + "&from=2026-11-21").text
            #expect(page.contains("#record-\(toiletID)") && !page.contains("#record-\(vomitID)"))
            // Names too: the pet, under its own group.
            page = try await owner.get("/search?q=" + QueryLink.encode("토리")).text
            #expect(page.contains("<h2>반려동물·가족</h2>") && page.contains(#"href="/pets/\#(tori)""#))
            #expect(try await owner.get("/search?q=" + QueryLink.encode("없는말")).text.contains("찾은 결과가 없어요"))
            // A choice's whole name means that choice: 산책 finds the walk, not the play (both 산책·놀이 records).
            let walk = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "walk", "date": "2026-11-22", "time": "08:00", "activity": "walk", "minutes": "30"])
            let play = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "walk", "date": "2026-11-22", "time": "09:00", "activity": "play", "minutes": "10"])
            #expect(walk.status == .seeOther && play.status == .seeOther)
            page = try await owner.get("/search?q=" + QueryLink.encode("산책")).text
            #expect(page.contains("<strong>산책</strong>") && !page.contains("<strong>놀이</strong>"), "\(page)")

            // Refused: a day that does not exist (on its field), a kind that is none, a subject not there.
            let bad = try await owner.get("/search?q=a&from=2026-02-30")
            #expect(bad.status == .badRequest && bad.text.contains("날짜가 아니에요") && bad.text.contains(#"aria-invalid="true""#))
            #expect(try await owner.get("/search?q=a&kind=lunch").status == .badRequest)
            #expect(try await owner.get("/search?q=a&subject=9999").status == .notFound)

            // A sitter who sees only 나비 finds only 나비's, and may not name 토리.
            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([nabi]), accountID: sitter)
            let browser = Browser(client)
            try await browser.signIn("sitter", "member password 1")
            page = try await browser.get("/search?q=" + QueryLink.encode("노란")).text
            #expect(page.contains("#record-\(toiletID)") && !page.contains("노란 거품") && !page.contains("#record-\(vomitID)"))
            #expect(!(try await browser.get("/search?q=" + QueryLink.encode("토리")).text.contains("/pets/\(tori)")))
            #expect(try await browser.get("/search?q=a&subject=\(tori)").status == .notFound)
        }
    }

    @Test(
        "Korean words of one syllable are found in typed words and in chosen labels alike (약 in 예방약, 토 in 구토, 다 먹음), mixed with Latin, never past a limited member; the hint says what is true"
    )
    func oneSyllable() async throws {
        try await withHearth { hearth, client in
            let owner = Browser(client)
            try await owner.setUpHousehold(language: "ko")
            let tori = try await owner.addPet("토리", species: "dog")
            let nabi = try await owner.addPet("나비", species: "cat")
            func save(_ pet: Int64, _ fields: [String: String]) async throws -> Int64 {
                let saved = try await owner.postMultipart("/pets/\(pet)/records", ["date": "2026-11-20", "time": "08:00"].merging(fields) { $1 })
                #expect(saved.status == .seeOther, "\(saved.text)")
                return try #require(try await EntryRepository(hearth.database).timeline(subjectID: pet, limit: 1).first?.id)
            }
            let meal = try await save(tori, ["kind": "meal", "new_food_name": "연어 사료", "new_food_kind": "food", "amount": "40", "outcome": "all"])
            let pill = try await save(tori, ["kind": "preventive", "preventive": "heartworm", "cycle": "1m", "product": "하트가드", "time": "09:00"])
            let vomit = try await save(nabi, ["kind": "vomit", "times": "1", "time": "10:00"])
            let diary = try await save(nabi, ["kind": "diary", "text": "CT검사 받음", "time": "11:00"])
            func found(_ query: String) async throws -> String { try await owner.get("/search?q=" + QueryLink.encode(query)).text }
            for (query, record) in [("약", pill), ("토", vomit), ("다 먹음", meal), ("연", meal), ("사료", meal), ("ct", diary), ("검", diary), ("CT검", diary)] {
                #expect(try await found(query).contains("#record-\(record)"), "\(query)")
            }
            #expect(!(try await found("다 먹음")).contains("#record-\(pill)"), "every word required")
            #expect(!(try await found("안 먹음")).contains("#record-\(meal)"), "she ate it all")
            #expect(try await found("토").contains(#"href="/pets/\#(tori)""#), "토리 by her name too")
            // What nothing holds says so; several words, that fewer may find something.
            let none = try await found("뷁")
            #expect(none.contains("찾은 결과가 없어요.") && !none.contains("짧게"))
            #expect(try await found("약 뷁").contains("모든 단어가 들어 있는 결과가 없어요"))
            #expect(try await owner.get("/search").text.contains("한 글자로도 찾아요"))
            // A sitter who sees only 나비 finds 나비's vomit by 토, and nothing of 토리's by 약.
            let sitter = try await owner.addMember("sitter", role: .viewer, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([nabi]), accountID: sitter)
            let browser = Browser(client)
            try await browser.signIn("sitter", "member password 1")
            #expect(try await browser.get("/search?q=" + QueryLink.encode("토")).text.contains("#record-\(vomit)"))
            #expect(!(try await browser.get("/search?q=" + QueryLink.encode("약")).text.contains("#record-\(pill)")))
        }
    }

    @Test("one kind, page by page: thirty, then the rest, nothing twice")
    func pages() async throws {
        try await withHousehold { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let entries = EntryRepository(hearth.database)
            for day in 1...35 {
                _ = try await entries.create(
                    subjectID: tori,
                    Self.record(
                        .walk(activity: .walk, minutes: 20, distanceKm: nil), note: "park loop \(day)", String(format: "2026-10-%02dT00:00:00Z", day % 31 + 1)),
                    photos: [], createdBy: nil)
            }
            let first = try await owner.get("/search?q=park&kind=walk").text
            let more = try #require(first.firstMatch(of: #/href="(/search\?before=\d+&amp;kind=walk&amp;q=park)"/#).map { String($0.1) })
            let second = try await owner.get(more.replacingOccurrences(of: "&amp;", with: "&")).text
            func ids(_ page: String) -> [String] { page.matches(of: #/#record-(\d+)"/#).map { String($0.1) } }
            #expect(ids(first).count == 30 && ids(second).count == 5)
            #expect(Set(ids(first) + ids(second)).count == 35)
            #expect(!second.contains("/search?before="), "no page after the last")
        }
    }
}
