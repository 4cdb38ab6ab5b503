import Foundation
import GRDB
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("One record for several pets")
struct TogetherRecordsTests {
    static func live(_ database: AppDatabase) throws -> [Row] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.id, e.subject_id, e.together_id, w.minutes, (SELECT group_concat(photo_sha) FROM entry_photo p WHERE p.entry_id = e.id) AS photos
                    FROM entry e JOIN walk_entry w ON w.entry_id = e.id WHERE e.deleted_at IS NULL ORDER BY e.id
                    """)
        }
    }

    @Test("a walk with both dogs: one save, a record on each timeline sharing the photo; change all, delete all; a pet gone meanwhile writes none")
    func walkTogether() async throws {
        try await withHousehold { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            let form = try await owner.get("/pets/\(tori)/records/new?kind=walk").text
            #expect(form.contains(#"name="also_\#(bori)""#), "the other dog can be ticked")
            #expect(!(try await owner.get("/pets/\(tori)/records/new?kind=weight").text.contains("also_")), "a weighing is one pet's")
            let saved = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "walk", "activity": "walk", "minutes": "40", "date": "2026-11-25", "time": "07:30", "also_\(bori)": "on"],
                files: [("photos", "park.jpg", try fixture("exif-orientation/Landscape_1.jpg"))])
            #expect(saved.status == .seeOther, "\(saved.text)")
            var rows = try Self.live(hearth.database)
            #expect(rows.map { $0["subject_id"] as Int64 } == [tori, bori])
            #expect(Set(rows.map { $0["together_id"] as Int64? }) == [rows[0]["id"] as Int64?], "linked to each other")
            #expect(rows[0]["photos"] as String? != nil && rows[0]["photos"] as String? == rows[1]["photos"] as String?, "the photo shared, not copied")
            #expect(try await owner.get("/pets/\(bori)/timeline").text.contains("40"))

            // Editing asks: this one or all of them.
            let first: Int64 = rows[0]["id"]
            let edit = try await owner.get("/records/\(first)/edit").text
            #expect(edit.contains(#"name="apply" value="all""#) && edit.contains("Delete all of them (2)"))
            let sha: String = rows[0]["photos"]
            let changed = try await owner.postMultipart(
                "/records/\(first)",
                ["kind": "walk", "activity": "walk", "minutes": "45", "date": "2026-11-25", "time": "07:30", "apply": "all", "keep_\(sha)": "on"])
            #expect(changed.status == .seeOther)
            rows = try Self.live(hearth.database)
            #expect(rows.map { $0["minutes"] as Int } == [45, 45])
            #expect(rows[1]["photos"] as String? == sha)
            try await owner.get("/records/\(first)/edit")
            let one = try await owner.postMultipart(
                "/records/\(first)", ["kind": "walk", "activity": "walk", "minutes": "50", "date": "2026-11-25", "time": "07:30", "apply": "one"])
            #expect(one.status == .seeOther)
            #expect(try Self.live(hearth.database).map { $0["minutes"] as Int } == [50, 45])
            try await owner.get("/records/\(first)/edit")
            #expect(try await owner.post("/records/\(first)/delete?all=1", [:]).status == .seeOther)
            #expect(try Self.live(hearth.database).isEmpty, "both deleted")

            // Bori is archived after the form was drawn: nothing is written for either.
            try await owner.get("/pets/\(tori)/records/new?kind=walk")
            try await hearth.database.write { db in
                try db.execute(sql: "UPDATE subject SET archived_at = '2026-11-25 00:00:00' WHERE id = ?", arguments: [bori])
            }
            let refused = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "walk", "activity": "walk", "minutes": "30", "date": "2026-11-25", "time": "08:30", "also_\(bori)": "on"])
            #expect(refused.status.code >= 400)
            #expect(try Self.live(hearth.database).isEmpty, "one transaction: none written")
        }
    }

    @Test("a sitter limited to one dog changes and deletes only her copy of a shared walk, and is not told the other exists")
    func limitedMemberActsOnHerCopyOnly() async throws {
        try await withHousehold { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(tori)/records/new?kind=walk")
            let saved = try await owner.postMultipart(
                "/pets/\(tori)/records", ["kind": "walk", "activity": "walk", "minutes": "40", "date": "2026-11-25", "time": "07:30", "also_\(bori)": "on"])
            #expect(saved.status == .seeOther)
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            #expect(try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(tori)": "on"]).status == .seeOther)
            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let first: Int64 = try Self.live(hearth.database)[0]["id"]

            let edit = try await member.get("/records/\(first)/edit").text
            #expect(!edit.contains("all of them"), "the hidden copy is not mentioned")
            let changed = try await member.postMultipart(
                "/records/\(first)", ["kind": "walk", "activity": "walk", "minutes": "45", "date": "2026-11-25", "time": "07:30", "apply": "all"])
            #expect(changed.status == .seeOther)
            #expect(try Self.live(hearth.database).map { $0["minutes"] as Int } == [45, 40], "Bori's copy untouched")
            try await member.get("/records/\(first)/edit")
            #expect(try await member.post("/records/\(first)/delete?all=1", [:]).status == .seeOther)
            #expect(try Self.live(hearth.database).map { $0["subject_id"] as Int64 } == [bori], "Bori's copy kept")
        }
    }

    @Test("deleting a shared meal for all, then undo, brings back every copy")
    func undoBringsBackEveryCopy() async throws {
        try await withHousehold { hearth, owner in
            let tori = try await owner.addPet("Tori", species: "dog")
            let bori = try await owner.addPet("Bori", species: "dog")
            try await owner.get("/pets/\(tori)/records/new?kind=walk")
            #expect(
                try await owner.postMultipart(
                    "/pets/\(tori)/records", ["kind": "walk", "activity": "walk", "minutes": "40", "date": "2026-11-25", "time": "07:30", "also_\(bori)": "on"]
                ).status == .seeOther)
            let first: Int64 = try Self.live(hearth.database)[0]["id"]
            try await owner.get("/records/\(first)/edit")
            #expect(try await owner.post("/records/\(first)/delete?all=1", [:]).status == .seeOther)
            #expect(try Self.live(hearth.database).isEmpty)
            try await owner.get("/pets/\(tori)/timeline?deleted=\(first)")
            #expect(try await owner.post("/records/\(first)/restore", [:]).status == .seeOther)
            #expect(try Self.live(hearth.database).map { $0["subject_id"] as Int64 } == [tori, bori], "both copies back")
        }
    }
}
