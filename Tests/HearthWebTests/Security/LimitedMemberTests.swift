import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

/// A member the owner limited to chosen subjects (a sitter who sees only Bori and Jun) asks
/// every route of the role matrix about the subjects they may not see: each page that names
/// one answers 404 and changes nothing, each page that lists subjects leaves them out, and
/// adding a subject is refused. A new route in the role matrix is asked here too.
@Suite("Members limited to chosen subjects")
struct LimitedMemberTests {
    /// Adding subjects: a limited member would add one they could not see. And changing the
    /// household's trackers, whose records are everyone's (a people's tracker is Grandma's too).
    static let creating: Set<String> = [
        "GET /pets/new", "POST /pets", "GET /people/new", "POST /people", "GET /trackers/new", "POST /trackers", "POST /trackers/ready-made",
        "GET /trackers/{id}/edit", "POST /trackers/{id}", "POST /trackers/{id}/delete",
    ]
    /// Pages of everyone's days (the calendar's `{when}` is a date, not a subject): they answer, filtered.
    static let household: Set<String> = [
        "GET /calendar/{when}", "GET /clinics/{id}/edit", "GET /medicines/{id}", "GET /medicines/{id}/edit", "GET /medicines/imports/{job}",
        "GET /medicines/imports/{job}/status",
        "GET /reports/household/{month}", "GET /recipes/{id}", "GET /recipes/{id}/edit", "GET /recipes/{id}/export", "GET /help/{topic}",
    ]
    /// Routes whose subject or regimen is named in the form or the query, not the path: a hidden one is 404 too.
    static let namedInForm: Set<String> = [
        "GET /regimens/new", "POST /regimens", "POST /routines", "POST /appointments", "POST /doses/mark", "POST /doses/change", "GET /gallery/animations/new",
        "POST /gallery/animations", "POST /bin/put-back",
    ]
    /// The clinic directory, the medicine catalogue and the recipe book are the household's, not a subject's: a
    /// limited adult keeps them (the sitter may need to add the clinic they took the dog to). Not asked here.
    static let directoryChanges: Set<String> = [
        "POST /recipes/{id}/bookmark", "POST /recipes/{id}/food", "POST /recipes", "POST /recipes/categories", "POST /recipes/import", "POST /recipes/{id}",
        "POST /recipes/{id}/delete",
        "POST /clinics", "POST /clinics/import", "POST /clinics/home", "POST /clinics/{id}", "POST /clinics/{id}/delete", "POST /medicines",
        "POST /medicines/import",
        "POST /medicines/{id}",
    ]

    @Test(
        "a limited member gets 404 for every hidden subject's page, list pages leave them out, adding is refused",
        arguments: RoleMatrixTests.routes.keys.sorted())
    func limitedMatrix(routeName: String) async throws {
        let route = RoleMatrixTests.routes[routeName]!
        guard route.needs != .anyone, route.needs != .owner, !routeName.contains(" /me"), routeName != "POST /logout",
            !Self.directoryChanges.contains(routeName)
        else { return }
        try await withHousehold { hearth, owner in
            let hidden = try await RoleMatrixTests.household(owner, hearth: hearth, photo: routeName.contains("/photos/") || routeName.contains("/gallery"))
            let bori = try await owner.addPet("Bori", species: "dog")
            let jun = try await PersonRepository(hearth.database).create(PersonProfile(name: "Jun", colour: .orange), photo: nil)
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            let saved = try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on", "subject_\(jun.id)": "on"])
            #expect(saved.status == .seeOther)
            #expect(try await AccountRepository(hearth.database).access(accountID: sitter) == .only([bori, jun.id]))

            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            try await member.get("/")
            let route = try await RoleMatrixTests.prepareAPI(route, routeName: routeName, member, username: "sitter", hearth: hearth, ids: hidden)
            let before = try await RoleMatrixTests.Snapshot(hearth.database)
            let response = try await RoleMatrixTests.send(route, ids: hidden, as: member, method: RoleMatrixTests.method(routeName))
            if Self.creating.contains(routeName) {
                #expect(response.status == .forbidden, "\(routeName): \(response.status)")
                #expect(response.text.contains("cannot add new ones"))
            } else if routeName.contains("{") && !Self.household.contains(routeName) || Self.namedInForm.contains(routeName) {
                #expect(response.status == .notFound, "\(routeName): \(response.status)")
            } else {
                #expect(response.status == .ok, "\(routeName): \(response.status)")
                #expect(!response.text.contains("Nabi"), "\(routeName) names a hidden pet")
                #expect(!response.text.contains("/pets/\(hidden.pet)\""), "\(routeName) links a hidden pet")
                #expect(!response.text.contains("/people/\(hidden.person)\""), "\(routeName) links a hidden person")
            }
            #expect(try await RoleMatrixTests.Snapshot(hearth.database) == before, "\(routeName): nothing written")
        }
    }

    @Test("what a limited member may see works as before, lists show it, and lifting the limit shows everyone again")
    func allowedSubjects() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi", photo: try fixture("exif-orientation/Landscape_1.jpg"))
            let bori = try await owner.addPet("Bori", species: "dog", photo: try fixture("exif-orientation/Landscape_3.jpg"))
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "limited", "subject_\(bori)": "on", "subject_99999": "on"])
            let accounts = try await owner.get("/accounts")
            #expect(accounts.text.contains("Sees: Bori"), "the owner reads whom the member sees")
            let pets = PetRepository(hearth.database)
            let boriPhoto = try #require(try await pets.pet(id: bori, access: .everyone)?.photoSHA)
            let nabiPhoto = try #require(try await pets.pet(id: nabi, access: .everyone)?.photoSHA)

            let member = Browser(owner.client)
            try await member.signIn("sitter", "member password 1")
            let list = try await member.get("/pets")
            #expect(list.text.contains("Bori") && !list.text.contains("Nabi"))
            #expect(try await member.get("/pets/\(bori)").status == .ok)
            #expect(try await member.get("/photos/\(boriPhoto)-320.jpg").status == .ok)
            #expect(try await member.get("/photos/\(nabiPhoto)-320.jpg").status == .notFound, "a photo by its URL")
            try await member.get("/pets/\(bori)/records/new?kind=weight")
            let record = try await member.postMultipart(
                "/pets/\(bori)/records", ["kind": "weight", "weight": "12", "unit": "kg", "date": "2026-01-02", "time": "08:00"])
            #expect(record.status == .seeOther, "a limited member records for what they see")

            try await owner.get("/accounts")
            try await owner.post("/accounts/\(sitter)/access", ["access": "everyone"])
            #expect(try await member.get("/pets").text.contains("Nabi"), "the limit lifted takes effect at once")
        }
    }

    @Test("owners are never limited, whatever is stored")
    func ownersSeeEveryone() async throws {
        try await withHousehold { hearth, owner in
            let nabi = try await owner.addPet("Nabi")
            let ownerID = try #require(try await AccountRepository(hearth.database).account(username: "mina")?.id)
            try await AccountRepository(hearth.database).setAccess(.only([]), accountID: ownerID)
            #expect(try await owner.get("/pets/\(nabi)").status == .ok)
        }
    }
}
