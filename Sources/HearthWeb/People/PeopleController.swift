import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/people`: the household's people, each with a profile page.
struct PeopleController {
    let renderer: Renderer
    let people: PersonRepository
    let accounts: AccountRepository
    let intake: PhotoIntake

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = formatting(context)
        let today = context.today
        let cards = try await people.people().map { person in
            PersonListPage.Card(
                id: person.id, name: person.profile.name, colour: person.profile.colour.rawValue,
                age: person.profile.birthDate.map { format.age(born: $0, today: today) }, photo: person.photoSHA.map(PhotoURL.thumbnail))
        }
        let page = PersonListPage(people: cards, canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: "people.title", request: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.loadedPerson()
        let format = formatting(context)
        let profile = person.profile
        var facts: [PetPage.Profile.Fact] = []
        if let born = profile.birthDate { facts.append(.init(label: format.t("people.field.birth_date"), value: format.dayHeading(born))) }
        if profile.sex != .unknown { facts.append(.init(label: format.t("people.field.sex"), value: format.t("sex.\(profile.sex.rawValue)"))) }
        if let accountID = profile.accountID, let account = try await accounts.account(id: accountID) {
            facts.append(.init(label: format.t("people.field.account"), value: "\(account.displayName) (\(account.username))"))
        }
        facts.append(.init(label: format.t("people.field.since"), value: format.dayHeading(LocalDate(person.createdAt, in: context.timeZone))))
        let page = PersonPage(
            id: person.id, name: profile.name, colour: profile.colour.rawValue,
            age: profile.birthDate.map { format.age(born: $0, today: context.today) },
            photo: person.photoSHA.map(PhotoURL.preview), thumbnail: person.photoSHA.map(PhotoURL.thumbnail), facts: facts,
            canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: "people.title", titleText: profile.name, request: request, context: context)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await form(input: ["sex": "unknown", "colour": SubjectColour.blue.rawValue], errors: FieldErrors(), problems: [], person: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try context.loadedPerson()
        let profile = person.profile
        let input = [
            "name": profile.name, "birth_date": profile.birthDate?.description ?? "", "sex": profile.sex.rawValue,
            "colour": profile.colour.rawValue, "account_id": profile.accountID.map(String.init) ?? "",
        ]
        return try await form(input: input, errors: FieldErrors(), problems: [], person: person, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(try context.loadedPerson(), request: request, context: context)
    }

    /// Adds a person (`person` nil) or saves an edit: the form and its photo are checked
    /// together, and nothing is written unless both are good.
    private func save(_ person: Person?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        let checked = await intake.check(upload, field: "photo", maximum: 1, strings: renderer.strings, language: context.language)
        let accountIDs = Set(try await accounts.all().compactMap(\.id))
        let validated = PersonProfile.validate(upload.fields, today: context.today, accounts: accountIDs)
        guard case .valid(let profile) = validated, checked.problems.isEmpty else {
            return try await form(input: upload.fields, errors: validated.errors, problems: checked.problems, person: person, request: request, context: context, status: .unprocessableContent)
        }
        try intake.store(checked)
        do {
            guard let person else {
                let created = try await people.create(profile, photo: checked.records.first)
                return .redirect(to: "/people/\(created.id)", type: .normal)
            }
            if let replaced = try await people.update(id: person.id, profile, newPhoto: checked.records.first) {
                await intake.cleanUp([replaced])
            }
            return .redirect(to: "/people/\(person.id)", type: .normal)
        } catch StoreError.accountAlreadyLinked {
            await intake.cleanUp(checked.records.map(\.sha256))
            var errors = FieldErrors()
            errors.add("account_id", "people.error.account_taken")
            return try await form(input: upload.fields, errors: errors, problems: [], person: person, request: request, context: context, status: .unprocessableContent)
        }
    }

    private func form(
        input: [String: String], errors: FieldErrors, problems: [String], person: Person?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let strings = renderer.strings
        let language = context.language
        let accountOptions = try await accounts.all().map {
            OptionView(value: String($0.id!), label: "\($0.displayName) (\($0.username))", selected: input["account_id"] == String($0.id!))
        }
        let page = PersonFormPage(
            fields: FormFields(PersonFormPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            sexes: Sex.allCases.map { OptionView(value: $0.rawValue, label: strings.text("sex.\($0.rawValue)", language), selected: input["sex"] == $0.rawValue) },
            colours: SubjectColour.allCases.map {
                PersonFormPage.Colour(value: $0.rawValue, label: strings.text("people.colour.\($0.rawValue)", language), selected: input["colour"] == $0.rawValue)
            },
            accounts: [OptionView(value: "", label: strings.text("people.no_account", language), selected: (input["account_id"] ?? "").isEmpty)] + accountOptions,
            problems: FormProblems(problems, errors: errors),
            action: person.map { "/people/\($0.id)" } ?? "/people", cancel: person.map { "/people/\($0.id)" } ?? "/people",
            heading: strings.text(person == nil ? "people.new_title" : "people.edit_title", language), today: context.today.description)
        return renderer.page(page, titleKey: person == nil ? "people.new_title" : "people.edit_title", request: request, context: context, status: status)
    }

    private func formatting(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }
}
