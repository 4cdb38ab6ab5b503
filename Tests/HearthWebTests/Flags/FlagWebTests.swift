import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A cat vomits a third time in 30 days: home, its page and its report say so with the rule,
/// in both languages; "seen" keeps it off home until it gets worse; a viewer cannot mark it,
/// and a member who may not see the cat sees nothing of it.
@Suite("Flags on home, the subject's page and the report")
struct FlagWebTests {
    static let moment = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 20:06 in Seoul

    @Test("raised at 3 vomits in 30 days, marked seen, raised again at 5; viewers and hidden subjects")
    func vomiting() async throws {
        let directory = temporaryDataDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withHousehold(dataDirectory: directory, clock: { Self.moment }) { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let bori = try await owner.addPet("Bori", species: "dog")
            func vomit(_ day: String) async throws {
                try await owner.get("/pets/\(nabi)/records/new?kind=vomit")
                let saved = try await owner.postMultipart("/pets/\(nabi)/records", ["kind": "vomit", "times": "1", "date": day, "time": "08:00"])
                #expect(saved.status == .seeOther)
            }
            try await vomit("2026-10-18")  // 31 days before: counted before, not in
            try await vomit("2026-11-10")
            try await vomit("2026-11-15")
            #expect(!(try await owner.get("/").text.contains("flags-home")), "two in 30 days raise nothing")
            try await vomit("2026-11-18")
            var home = try await owner.get("/").text
            #expect(home.contains("flags-home") && home.contains("Vomited 3 times in the last 30 days — about 0.3 a month in the 90 days before"))
            #expect(!home.contains("Texas A&amp;M Pet Talk") && home.contains("Talk it over with your vet."), "the rule is on the pet's page, not home")
            #expect(home.contains("/pets/\(nabi)/timeline?from=2026-11-10&amp;kind=vomit&amp;to=2026-11-18"), "the records behind it")
            let page = try await owner.get("/pets/\(nabi)").text
            #expect(page.contains(#"id="flags""#) && page.contains("Vomited 3 times"))
            #expect(!(try await owner.get("/pets/\(bori)").text.contains("Vomited")))
            let report = try await owner.get("/reports/\(nabi)/2026-11").text
            #expect(report.contains("report-flags") && report.contains("Vomited 3 times"))

            // The API: `/flags` and the cat on `/subjects` carry it in the same words; the dog nothing.
            let api = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "mina", scope: .read, database: hearth.database))
            let flags = try JSONSerialization.jsonObject(with: Data(try await api.call(.get, "/api/v1/flags").text.utf8)) as? [String: Any]
            let flag = (flags?["flags"] as? [[String: Any]])?.first
            #expect((flags?["flags"] as? [Any])?.count == 1 && flag?["rule"] as? String == "vomiting" && flag?["subject"] as? Int64 == nabi)
            #expect((flag?["text"] as? String)?.hasPrefix("Vomited 3 times in the last 30 days") == true)
            #expect((flag?["figures"] as? [String: Double])?["count"] == 3 && flag?["level"] as? Int == 1 && flag?["since"] as? String == "2026-11-18")
            let listed = try JSONSerialization.jsonObject(with: Data(try await api.call(.get, "/api/v1/subjects").text.utf8)) as? [String: Any]
            let subjectFlags = Dictionary(
                uniqueKeysWithValues: ((listed?["subjects"] as? [[String: Any]]) ?? []).map { ($0["id"] as? Int64 ?? 0, ($0["flags"] as? [Any])?.count ?? -1) })
            #expect(subjectFlags == [nabi: 1, bori: 0])

            try await owner.post("/me", ["display_name": "Mina", "language": "ko"])
            home = try await owner.get("/").text
            #expect(home.contains("최근 30일 구토 3회 — 이전 90일은 월 0.3회 꼴") && home.contains("수의사와 상의해 보세요."))

            // Seen: off home, on the cat's page with who; a key not raised is refused.
            #expect(try await owner.post("/subjects/\(nabi)/flags/seen", ["key": "weight_loss"]).status == .seeOther, "not raised: nothing written")
            #expect(try await owner.post("/subjects/\(nabi)/flags/seen", ["key": "vomiting", "back": "/"]).location == "/")
            #expect(!(try await owner.get("/").text.contains("flags-home")))
            #expect(try await owner.get("/pets/\(nabi)").text.contains("Mina님이 11월 18일 (수)에 확인함"))
            #expect(try await Self.openFlags(api) == 0, "seen: not open")

            // Worse (5 in 30 days): back on home.
            try await vomit("2026-11-16")
            #expect(!(try await owner.get("/").text.contains("flags-home")), "4 is the same level")
            try await vomit("2026-11-17")
            #expect(try await owner.get("/").text.contains("최근 30일 구토 5회"))

            // A viewer sees it and cannot mark it; a sitter limited to Bori sees nothing of Nabi's.
            try await owner.addMember("grandpa", role: .viewer, database: hearth.database)
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on"])
            let viewer = Browser(owner.client)
            try await viewer.signIn("grandpa", "member password 1")
            home = try await viewer.get("/").text
            #expect(home.contains("Vomited 5 times") && !home.contains("/flags/seen"))
            #expect(try await viewer.post("/subjects/\(nabi)/flags/seen", ["key": "vomiting"]).status == .forbidden)
            let limited = Browser(owner.client)
            try await limited.signIn("sitter", "member password 1")
            #expect(!(try await limited.get("/").text.contains("flags-home")))
            #expect(try await limited.post("/subjects/\(nabi)/flags/seen", ["key": "vomiting"]).status == .notFound)
            let sitterAPI = APIClient(
                client: owner.client, token: try await APITokenRepository(hearth.database).make(for: "sitter", scope: .read, database: hearth.database))
            #expect(try await Self.openFlags(sitterAPI) == 0)
            #expect(try await sitterAPI.call(.get, "/api/v1/subjects/\(nabi)").status == .notFound)
            let seen = try hearth.database.read { db in try Int.fetchOne(db, sql: "SELECT level FROM flag_seen WHERE subject_id = ?", arguments: [nabi]) }
            #expect(seen == 1, "only the owner's mark, at the level it had")
        }
    }

    /// How many flags `/api/v1/flags` lists.
    static func openFlags(_ api: APIClient) async throws -> Int? {
        let answer = try JSONSerialization.jsonObject(with: Data(try await api.call(.get, "/api/v1/flags").text.utf8)) as? [String: Any]
        return (answer?["flags"] as? [Any])?.count
    }
}
