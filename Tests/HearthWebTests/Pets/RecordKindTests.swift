import Foundation
import GRDB
import HearthCore
import HearthAPI
import HearthStore
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A record kind is declared once (`RecordKind`) and every place that lists kinds has it:
/// a new `EntryKind` is a compile error (`RecordKind.of`, `sample` below) or a failing test
/// here until its table, form, marks, words, export and way onto the pet's page are done.
@Suite("Record kinds, each complete")
struct RecordKindTests {
    /// A valid form of each kind (the switch is exhaustive: a new kind needs one).
    static func sample(_ kind: EntryKind, clinic: Int64, tracker: Int64) -> [String: String] {
        switch kind {
        case .weight: ["weight": "4.2", "unit": "kg"]
        case .meal: ["new_food_name": "Kibble", "new_food_kind": "food", "amount": "50", "amount_unit": "g", "outcome": "all"]
        case .toilet: ["urine": "on", "stool": "on", "colour": "brown", "fecal_score": "3"]
        case .walk: ["activity": "walk", "minutes": "30"]
        case .vomit: ["times": "1", "contents": "Grass"]
        case .symptom: ["sign_lethargy": "on", "severity": "2"]
        case .diary: ["title": "A good day", "text": "Slept in the sun."]
        case .vaccination: ["vaccine_dog.rabies": "on", "clinic_id": String(clinic)]
        case .preventive: ["preventive": "heartworm", "product": "Heartgard", "cycle": "1m"]
        case .vetVisit: ["clinic_id": String(clinic), "reason": "Check-up", "cost": "30,000"]
        // The ready-made seizure tracker: how long, and its kind.
        case .tracker: ["tracker": String(tracker), "tracker_f1_min": "2", "tracker_f1_sec": "30", "tracker_f2": "c1"]
        }
    }

    @Test("every kind is described once")
    func describedOnce() {
        #expect(RecordKind.all.map(\.kind).sorted { $0.rawValue < $1.rawValue } == EntryKind.allCases.sorted { $0.rawValue < $1.rawValue })
        for kind in EntryKind.allCases { #expect(RecordKind.of(kind).kind == kind) }
    }

    @Test("each kind's tables exist and hang off entry; every such table belongs to a kind")
    func tables() throws {
        let database = try AppDatabase.inMemory()
        let withEntryID = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'").filter { table in
                try db.columns(in: table).contains { $0.name == "entry_id" }
            }
        }
        let claimed = RecordKind.all.flatMap(\.tables)
        #expect(Set(claimed).subtracting(withEntryID).sorted() == [], "a kind names a table without entry_id, or none at all")
        // Photos and the search index refer to records without being a kind's details.
        let notDetails = Set(withEntryID.filter { $0 == "entry_photo" || $0.hasPrefix("search_") })
        #expect(Set(withEntryID).subtracting(claimed).subtracting(notDetails).sorted() == [], "a detail table no kind describes")
    }

    @Test("each kind: its form has exactly its fields, it saves, and it shows everywhere kinds show", arguments: EntryKind.allCases.map(\.rawValue))
    func complete(_ raw: String) async throws {
        let kind = EntryKind(rawValue: raw)!
        let description = kind.recordKind
        try await withHousehold { hearth, owner in
            let pet = try await owner.addPet("Bori", species: "dog")
            let clinic = try await ClinicRepository(hearth.database).create(ClinicInput(name: "Happy Vet"))
            // A tracker's records are of a tracker the household made: the ready-made one for dogs' seizures.
            let added = try await owner.post("/trackers/ready-made", ["ready": "seizure"])
            #expect(added.status == .seeOther, "\(added.status) \(added.text.prefix(500))")
            let tracker = try #require(try TrackerRepository(hearth.database).trackers(access: .everyone).first?.id)
            let newRecord = kind == .tracker ? "records/new?kind=tracker&tracker=\(tracker)" : "records/new?kind=\(raw)"
            let petPage = try await owner.get("/pets/\(pet)").text
            #expect(petPage.contains(newRecord.replacingOccurrences(of: "&", with: "&amp;") + "\""), "the pet's page offers no way to add a \(raw)")
            #expect(petPage.contains(#"class="button quick \#(raw)""#) == description.everyDay)

            // The record's own form: the header's search box (the first form on every page) is another.
            let page = try await owner.get("/pets/\(pet)/\(newRecord)").text
            let search = try #require(page.range(of: #"<form class="site-search""#))
            let form = String(
                page[page.startIndex..<search.lowerBound]
                    + page[try #require(page.range(of: "</form>", range: search.upperBound..<page.endIndex)).upperBound...])
            let declared = Set(RecordKind.commonFields + description.fields).subtracting(description.maximumPhotos == 0 ? ["photos"] : [])
            // Rows made per choice (a vaccine per line: vaccine_dog.rabies, other_name_1; a sign per checkbox) count by their family.
            // A tracker's own fields are its definition's (`tracker_<key>`).
            let families = ["vaccine", "batch", "next_due", "other_name", "other_batch", "other_next_due", "sign", "tracker"]
            let names = Set(
                form.matches(of: /<(?:input|select|textarea)[^>]* name="([^"]+)"/).map { String($0.output.1) }.filter { name in
                    declared.contains(name) || !families.contains { name.hasPrefix($0 + "_") }
                }
            ).subtracting(["_csrf", "kind"])
            #expect(names.subtracting(declared).sorted() == [], "the \(raw) form sends fields its RecordKind does not name")
            let errorOnly: Set<String> = ["vaccines", "signs"]
            #expect(declared.subtracting(names).subtracting(errorOnly).sorted() == [], "RecordKind names \(raw) fields its form lacks")

            let today = LocalDate(Date(), in: TimeZone(identifier: "Asia/Seoul")!)
            let saved = try await owner.postMultipart(
                "/pets/\(pet)/records",
                Self.sample(kind, clinic: clinic, tracker: tracker).merging(
                    ["kind": raw, "date": today.description, "time": "09:00"], uniquingKeysWith: { first, _ in first }))
            #expect(saved.status == .seeOther, "\(raw): \(saved.status) \(saved.text.prefix(2000))")

            #expect(try await owner.get("/pets/\(pet)/timeline").text.contains(#"<li class="entry \#(raw)""#), "the timeline does not show the \(raw)")
            let word = try Localization(directory: packageRoot + "/Templates/i18n").text("pets.kind.\(raw)", .en)
            #expect(try await owner.get("/").text.contains("\(word) ×1"), "home's today card does not count the \(raw)")
            let month = try await owner.get("/calendar/\(YearMonth(today))").text
            #expect(month.contains("kind-\(raw)"), "the calendar has no mark for the \(raw)")
            let report = try await owner.get("/reports/\(pet)/\(YearMonth(today))").text
            let letter = try Localization(directory: packageRoot + "/Templates/i18n").text("report.mark.\(raw)", .en)
            #expect(report.contains(">\(letter)<"), "the report's calendar has no letter for the \(raw)")

            let export = try JSONSerialization.jsonObject(with: AreaList.standard.export(hearth.database).json()) as? [String: Any]
            let rows = ((export?["kinds"] as? [String: Any])?[description.exportKind] as? [[String: Any]]) ?? []
            #expect(rows.count >= 1, "the export's \(description.exportKind) has no row of the \(raw)")
        }
        let strings = try Localization(directory: packageRoot + "/Templates/i18n")
        for key in ["pets.kind.\(raw)", "report.mark.\(raw)", "calendar.kind.\(raw)"] {
            #expect(strings.has(key), "\(key) is missing in a language")
        }
        for language in [Language.en, .ko] {
            let help = try String(contentsOfFile: packageRoot + "/Templates/help/\(language.rawValue)/pets.md", encoding: .utf8)
            #expect(
                help.lowercased().contains(strings.text("pets.kind.\(raw)", language).lowercased()), "the \(language) help on pets does not name the \(raw)"
            )
        }
        // The API's description names every kind (its record kinds are one enum there).
        let kinds = try #require(OpenAPIDocument.yaml.firstMatch(of: #/enum: \[(diary[^\]]*)\]/#)).output.1.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(kinds.contains(raw), "openapi.yaml's record kinds leave out the \(raw)")
        let css = try String(contentsOfFile: packageRoot + "/Public/css/hearth.css", encoding: .utf8)
        #expect(css.contains(".dot.kind-\(raw) {"), "the calendar's dot for the \(raw) has no shape")
    }
}
