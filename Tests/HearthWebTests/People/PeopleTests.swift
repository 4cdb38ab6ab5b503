import Foundation
import HearthCore
import HearthStore
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthWeb

@Suite("People")
struct PeopleTests {
    @Test("a person is added with a colour, a birth date and the account that is them, and shows on the list and their page")
    func addAndShow() async throws {
        try await withHousehold { hearth, owner in
            let dadID = try await owner.addMember("dad", role: .adult, database: hearth.database)
            try await owner.get("/people/new")
            let response = try await owner.postMultipart(
                "/people",
                [
                    "name": "Dad", "birth_date": "1984-03-02", "sex": "male", "colour": "teal", "account_id": String(dadID),
                ])
            #expect(response.status == .seeOther)
            let id = try #require(Int64(response.location!.split(separator: "/").last!))
            let person = try #require(try await PersonRepository(hearth.database).person(id: id, access: .everyone))
            #expect(person.profile == PersonProfile(name: "Dad", birthDate: LocalDate("1984-03-02"), sex: .male, colour: .teal, accountID: dadID))

            let list = try await owner.get("/people")
            #expect(list.text.contains(#"class="pet-card person-card colour-teal" href="/people/\#(id)""#))
            let page = try await owner.get("/people/\(id)")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1>Dad</h1>"))
            #expect(page.text.contains("Dad (dad)"), "the linked account is named")
            #expect(try await owner.get("/people/999").status == .notFound)
            // A sitter limited to a pet sees nobody, and is not invited to add the family.
            let cat = try await owner.addPet("Mochi")
            let sitter = try await owner.addMember("sitter", role: .adult, database: hearth.database)
            try await AccountRepository(hearth.database).setAccess(.only([cat]), accountID: sitter)
            let browser = Browser(owner.client)
            try await browser.signIn("sitter", "member password 1")
            let theirs = try await browser.get("/people").text
            #expect(theirs.contains("There is nobody here for you to see") && !theirs.contains("No people yet") && !theirs.contains("/people/\(id)"))
        }
    }

    @Test(
        "bad input comes back on its field with 422 and nothing is written",
        arguments: [
            (["name": "", "colour": "blue"], "name", "Write the person"),
            (["name": "Kid", "birth_date": "2999-01-01", "colour": "blue"], "birth_date", "future"),
            (["name": "Kid", "birth_date": "2026-02-30", "colour": "blue"], "birth_date", "date"),
            (["name": "Kid", "colour": "gold"], "colour", "Choose from the list."),
            (["name": "Kid", "colour": "blue", "account_id": "4242"], "account_id", "Choose from the list."),
        ])
    func refused(fields: [String: String], field: String, words: String) async throws {
        try await withHousehold { hearth, owner in
            try await owner.get("/people/new")
            let response = try await owner.postMultipart("/people", fields)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("field-error"))
            #expect(response.text.contains(words))
            #expect(try await PersonRepository(hearth.database).people(access: .everyone).isEmpty)
        }
    }

    @Test("an account is at most one person: linking it twice is said on the field")
    func accountOnce() async throws {
        try await withHousehold { hearth, owner in
            let dadID = try await owner.addMember("dad", role: .adult, database: hearth.database)
            try await owner.get("/people/new")
            #expect(try await owner.postMultipart("/people", ["name": "Dad", "colour": "teal", "account_id": String(dadID)]).status == .seeOther)
            let again = try await owner.postMultipart("/people", ["name": "Also dad", "colour": "red", "account_id": String(dadID)])
            #expect(again.status == .unprocessableContent)
            #expect(again.text.contains("That account is already another person of the household."))
            #expect(try await PersonRepository(hearth.database).people(access: .everyone).map(\.profile.name) == ["Dad"])
        }
    }

    @Test("editing keeps what was not changed and saves what was")
    func edit() async throws {
        try await withHousehold { hearth, owner in
            let person = try await PersonRepository(hearth.database).create(PersonProfile(name: "Mina", colour: .pink), photo: nil)
            let form = try await owner.get("/people/\(person.id)/edit")
            #expect(form.text.contains(#"value="pink" checked"#))
            #expect(try await owner.postMultipart("/people/\(person.id)", ["name": "Mina Kim", "colour": "indigo", "sex": "female"]).status == .seeOther)
            #expect(
                try await PersonRepository(hearth.database).person(id: person.id, access: .everyone)?.profile
                    == PersonProfile(name: "Mina Kim", sex: .female, colour: .indigo))
        }
    }

    @Test("each colour in the stylesheet is the one HearthCore names (charts will use the hex)")
    func coloursMatchTheStylesheet() throws {
        let css = try String(contentsOfFile: packageRoot + "/Public/css/hearth.css", encoding: .utf8)
        for colour in SubjectColour.allCases {
            #expect(css.contains(".colour-\(colour.rawValue) { --subject: \(colour.hex); }"), "\(colour)")
        }
    }
}
