import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/people`: the household's people, each with a profile page.
struct PeopleController {
    let renderer: Renderer
    let people: PersonRepository
    let accounts: AccountRepository
    let daily: DailyRepository
    let entries: EntryRepository
    let intake: PhotoIntake
    /// For the other areas' cards on the person's page (`AreaList.personCards`).
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let format = formatting(context)
        let today = context.today
        let cards = try await people.people(access: context.access).map { person in
            PersonListPage.Card(
                id: person.id, name: person.profile.name, colour: person.profile.colour.rawValue,
                age: person.profile.birthDate.map { format.age(born: $0, today: today) }, photo: person.photoSHA.map(PhotoURL.thumbnail))
        }
        var page = PersonListPage(people: cards, canRecord: context.role?.canRecord == true)
        page.onlySome = context.access != .everyone || context.role?.canRecord != true
        return renderer.page(page, titleKey: "people.title", request: request, context: context)
    }

    @Sendable func show(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let day = request.uri.queryParameters.get("day").flatMap { LocalDate($0) }.map { min($0, context.today) } ?? context.today
        // A tracker's reading saved: said, and an urgent one said first (`FlagCards.urgentToday`).
        let notice = request.uri.queryParameters.get("saved") != nil ? renderer.strings.text("pets.record.saved", context.language) : nil
        return try await page(person, day: day, fields: [:], errors: FieldErrors(), notice: notice, request: request, context: context, status: .ok)
    }

    /// The person's page for `day`; with `errors`, the water or steps form that was refused.
    private func page(
        _ person: Person, day: LocalDate, fields input: [String: String], errors: FieldErrors, notice: String?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let format = formatting(context)
        let profile = person.profile
        var facts: [FactView] = []
        if let born = profile.birthDate { facts.append(.init(label: format.t("people.field.birth_date"), value: format.dayHeading(born))) }
        if profile.sex != .unknown { facts.append(.init(label: format.t("people.field.sex"), value: format.t("people.sex.\(profile.sex.rawValue)"))) }
        if let accountID = profile.accountID, let account = try await accounts.account(id: accountID) {
            facts.append(.init(label: format.t("people.field.account"), value: "\(account.displayName) (\(account.username))"))
        }
        let since = LocalDate(person.createdAt, in: context.timeZone)
        facts.append(.init(label: format.t("people.field.since"), value: format.dayHeading(since)))
        let today = try daily.day(subjectID: person.id, on: day)
        let weightUnit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let waterView = PersonPage.Water(today.water, personID: person.id, unit: context.household?.volumeUnit ?? .ml, format: format)
        let shown = ShownSubject(
            id: person.id, database: database, context: context, format: format, now: now(), back: PersonRoutes.one(person.id) + "#medicines")
        var page = PersonPage(
            id: person.id, name: profile.name, colour: profile.colour.rawValue,
            age: profile.birthDate.map { format.age(born: $0, today: context.today) },
            photo: person.photoSHA.map(PhotoURL.preview), thumbnail: person.photoSHA.map(PhotoURL.thumbnail), facts: facts,
            canRecord: context.role?.canRecord == true, mayLog: context.mayRecord(for: person.id), day: day.description,
            dayHeading: format.dayHeading(day),
            // "Before Hearth" only for a day nothing was written for: steps typed for a day
            // before the person was added are shown as the day's.
            beforeHearth: day < since && today.water.drankML == 0 && today.steps == nil && today.latestWeight?.day != day, water: waterView,
            steps: today.steps.map { format.t("people.steps.value", ["steps": format.number(Double($0))]) },
            stepsGoal: today.goals.steps.map { format.t("people.steps.goal", ["steps": format.number(Double($0))]) },
            weight: today.latestWeight.map { format.weight(grams: $0.grams, unit: weightUnit) + " · " + format.dayHeading($0.day) },
            weightRange: today.goals.weightRangeGrams.map {
                format.t(
                    "people.weight.range",
                    ["low": format.weight(grams: $0.lowerBound, unit: weightUnit), "high": format.weight(grams: $0.upperBound, unit: weightUnit)])
            },
            weightUnit: weightUnit.rawValue,
            fields: FormFields(PersonPage.fieldNames, input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems([], errors: errors), notice: notice,
            cards: try areas.personCards(shown)
        )
        if notice != nil { page.urgent = try FlagCards.urgentToday(shown) }
        return renderer.page(page, titleKey: "people.title", titleText: profile.name, request: request, context: context, status: status)
    }

    /// `+1 cup`, `−1 cup` or a custom amount for a day that is not in the future.
    @Sendable func water(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let day = Self.pastDay(input, today: context.today, errors: &errors)
        let cup = try daily.goals(subjectID: person.id, on: day ?? context.today).cupML
        let change = DailyInput.waterChange(input, cupML: cup, errors: &errors)
        guard let day, let change, errors.isEmpty else {
            return try await page(
                person, day: day ?? context.today, fields: input, errors: errors, notice: nil, request: request, context: context, status: .unprocessableContent
            )
        }
        try await daily.addWater(change, subjectID: person.id, on: day)
        // One tap on the home page comes back to the home page.
        if input["from"] == "home" {
            let said = input["change"] == "cup" ? "cup" : "other"
            return .redirect(to: HomeRoutes.home.pattern + "?water=\(person.id)&change=\(said)#did", type: .normal)
        }
        return .redirect(to: PersonRoutes.one(person.id) + "\(day == context.today ? "" : "?day=\(day)")#today", type: .normal)
    }

    /// Steps counted by hand for a day that is not in the future.
    @Sendable func steps(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let day = Self.pastDay(input, today: context.today, errors: &errors)
        let steps = DailyInput.steps(input, errors: &errors)
        guard let day, let steps, errors.isEmpty else {
            return try await page(
                person, day: day ?? context.today, fields: input, errors: errors, notice: nil, request: request, context: context, status: .unprocessableContent
            )
        }
        try await daily.setSteps(steps, subjectID: person.id, on: day)
        return .redirect(to: PersonRoutes.one(person.id) + "\(day == context.today ? "" : "?day=\(day)")#today", type: .normal)
    }

    /// A weighing in the household's unit, on a day that is not in the future: a weight record,
    /// like a pet's, so it is on the timeline, the calendar and the weight chart.
    @Sendable func weight(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let unit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let day = Self.pastDay(input, field: "weight_date", today: context.today, errors: &errors)
        let value = FormInput.number(
            input, "weight", range: 1...(500_000 / unit.gramsPerUnit), units: NumberUnits.weight(unit), required: true, errors: &errors)
        var fields = input
        if let value {
            let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
            WeighingCheck.ask(grams: value * unit.gramsPerUnit, lastGrams: try entries.latestWeightGrams(subjectID: person.id), input: &fields, errors: &errors)
            {
                format.weight(grams: $0, unit: unit)
            }
        }
        guard let day, let value, errors.isEmpty else {
            return try await page(
                person, day: context.today, fields: fields, errors: errors, notice: nil, request: request, context: context, status: .unprocessableContent)
        }
        // Today's weighing is now; an earlier day's is put at its noon, when the time is not known.
        let occurredAt = day == context.today ? context.now : day.noon(in: context.timeZone)
        let record = RecordInput(occurredAt: occurredAt, localDate: day, note: nil, details: .weight(value: value, unit: unit))
        _ = try await entries.create(subjectID: person.id, record, photos: [], createdBy: context.member?.account.id)
        return .redirect(to: PersonRoutes.one(person.id) + "#weighing", type: .normal)
    }

    /// The form's `date`: today when absent; refused when it does not exist or is still to come.
    static func pastDay(_ input: [String: String], field: String = "date", today: LocalDate, errors: inout FieldErrors) -> LocalDate? {
        let text = input[field, default: ""].trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return today }
        guard let day = LocalDate(text) else {
            errors.add(field, "error.date.invalid")
            return nil
        }
        guard day <= today else {
            errors.add(field, "people.error.future_day")
            return nil
        }
        return day
    }

    @Sendable func goals(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let goals = try daily.goals(subjectID: person.id, on: context.today)
        let unit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let weight = { (grams: Double) in String(format: "%g", (grams / unit.gramsPerUnit * 10).rounded() / 10) }
        let input = [
            "water": goals.waterML.map { String($0) } ?? "", "water_unit": WaterGoalUnit.ml.rawValue,
            "cup_ml": String(goals.cupML), "steps": goals.steps.map { String($0) } ?? "",
            "weight_min": goals.weightRangeGrams.map { weight($0.lowerBound) } ?? "",
            "weight_max": goals.weightRangeGrams.map { weight($0.upperBound) } ?? "",
        ]
        return goalsForm(person, input: input, errors: FieldErrors(), request: request, context: context, status: .ok)
    }

    /// New goals hold from today on; earlier days keep the goals they had.
    @Sendable func saveGoals(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch DailyGoals.validate(input, weightUnit: BodyWeightUnit(context.household?.weightUnit ?? .kg)) {
        case .invalid(let errors):
            return goalsForm(person, input: input, errors: errors, request: request, context: context, status: .unprocessableContent)
        case .valid(let goals):
            try await daily.setGoals(goals, subjectID: person.id, from: context.today)
            return .redirect(to: PersonRoutes.one(person.id) + "#today", type: .normal)
        }
    }

    private func goalsForm(
        _ person: Person, input: [String: String], errors: FieldErrors, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let strings = renderer.strings, language = context.language
        let page = PersonGoalsPage(
            id: person.id, name: person.profile.name,
            fields: FormFields(PersonGoalsPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            waterUnits: WaterGoalUnit.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("people.goals.unit.\($0.rawValue)", language), selected: input["water_unit"] == $0.rawValue)
            },
            weightUnit: BodyWeightUnit(context.household?.weightUnit ?? .kg).rawValue,
            problems: FormProblems([], errors: errors))
        let title = strings.text("people.goals.title", language, ["name": person.profile.name])
        return renderer.page(page, titleKey: "people.goals.title", titleText: title, request: request, context: context, status: status)
    }

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await form(
            input: ["sex": "unknown", "colour": SubjectColour.blue.rawValue], errors: FieldErrors(), problems: [], person: nil, request: request,
            context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: PersonContext) async throws -> Response {
        let (person, context) = (context.person, context.app)
        let profile = person.profile
        let input = [
            "name": profile.name, "birth_date": profile.birthDate?.description ?? "", "sex": profile.sex.rawValue,
            "colour": profile.colour.rawValue, "account_id": profile.accountID.map(String.init) ?? "",
        ]
        return try await form(input: input, errors: FieldErrors(), problems: [], person: person, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: PersonContext) async throws -> Response {
        try await save(context.person, request: request, context: context.app)
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
            return try await form(
                input: upload.fields, errors: validated.errors, problems: checked.problems, person: person, request: request, context: context,
                status: .unprocessableContent)
        }
        try intake.store(checked)
        do {
            guard let person else {
                let created = try await people.create(profile, photo: checked.records.first)
                return .redirect(to: PersonRoutes.one(created.id), type: .normal)
            }
            if let replaced = try await people.update(id: person.id, profile, newPhoto: checked.records.first) {
                await intake.cleanUp([replaced])
            }
            return .redirect(to: PersonRoutes.one(person.id), type: .normal)
        } catch StoreError.accountAlreadyLinked {
            await intake.cleanUp(checked.records.map(\.sha256))
            var errors = FieldErrors()
            errors.add("account_id", "people.error.account_taken")
            return try await form(
                input: upload.fields, errors: errors, problems: [], person: person, request: request, context: context, status: .unprocessableContent)
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
            sexes: Sex.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("people.sex.\($0.rawValue)", language), selected: input["sex"] == $0.rawValue)
            },
            colours: SubjectColour.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("people.colour.\($0.rawValue)", language), selected: input["colour"] == $0.rawValue)
            },
            accounts: [OptionView(value: "", label: strings.text("people.no_account", language), selected: (input["account_id"] ?? "").isEmpty)]
                + accountOptions,
            problems: FormProblems(problems, errors: errors),
            action: person.map { PersonRoutes.one($0.id) } ?? PersonRoutes.list.pattern,
            cancel: person.map { PersonRoutes.one($0.id) } ?? PersonRoutes.list.pattern,
            heading: strings.text(person == nil ? "people.new_title" : "people.edit_title", language), today: context.today.description)
        return renderer.page(page, titleKey: person == nil ? "people.new_title" : "people.edit_title", request: request, context: context, status: status)
    }

    private func formatting(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }
}
