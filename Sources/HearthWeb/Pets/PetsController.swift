import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// `/pets`: the household's animals, each with a profile page.
struct PetsController {
    let renderer: Renderer
    let pets: PetRepository
    let pages: PetPages
    let foods: FoodRepository
    let intake: PhotoIntake
    /// For the other areas' cards on the pet page (`AreaList.petCards`).
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    // MARK: - List

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let archived = request.uri.queryParameters.get("archived") == "1"
        let format = formatting(context)
        let today = context.today
        let cards = try await pets.pets(archived: archived, access: context.access).map { pet in
            PetListPage.PetCard(
                id: pet.id, name: pet.profile.name, species: format.species(pet.profile), age: format.age(pet.profile, today: today),
                photo: pet.photoSHA.map { PhotoURL.thumbnail($0) })
        }
        let page = PetListPage(pets: cards, archived: archived, canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: archived ? "pets.archived_title" : "pets.title", request: request, context: context)
    }

    // MARK: - Add and edit

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        form(
            input: ["species": "dog", "sex": "unknown", "neutered": ""], errors: FieldErrors(), problems: [], pet: nil, request: request, context: context,
            status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        return form(input: Self.input(from: pet.profile), errors: FieldErrors(), problems: [], pet: pet, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: PetContext) async throws -> Response {
        try await save(context.pet, request: request, context: context.app)
    }

    /// Adds a pet (`pet` nil) or saves an edit: the form and its photo are checked together,
    /// and nothing is written unless both are good.
    private func save(_ pet: Pet?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        let checked = await intake.check(upload, field: "photo", maximum: 1, strings: renderer.strings, language: context.language)
        let validated = PetProfile.validate(upload.fields, today: context.today)
        guard case .valid(let profile) = validated, checked.problems.isEmpty else {
            return form(
                input: upload.fields, errors: validated.errors, problems: checked.problems, pet: pet, request: request, context: context,
                status: .unprocessableContent)
        }
        try intake.store(checked)
        guard let pet else {
            let created = try await pets.create(profile, photo: checked.records.first)
            return .redirect(to: PetRoutes.one(created.id), type: .normal)
        }
        if let replaced = try await pets.update(id: pet.id, profile, newPhoto: checked.records.first) {
            await intake.cleanUp([replaced])
        }
        return .redirect(to: PetRoutes.one(pet.id), type: .normal)
    }

    @Sendable func archive(_ request: Request, context: PetContext) async throws -> Response {
        let pet = context.pet
        try await pets.setArchived(true, id: pet.id)
        return .redirect(to: PetRoutes.one(pet.id), type: .normal)
    }

    @Sendable func unarchive(_ request: Request, context: PetContext) async throws -> Response {
        let pet = context.pet
        try await pets.setArchived(false, id: pet.id)
        return .redirect(to: PetRoutes.one(pet.id), type: .normal)
    }

    @Sendable func setPreference(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        let foodID = try context.parameters.require("food", as: Int64.self)
        var request = request
        let raw = try await FormData.read(&request, context: context)["preference"] ?? ""
        guard raw.isEmpty || FoodPreference(rawValue: raw) != nil else { throw PageError(status: .unprocessableContent, messageKey: "error.choice.unknown") }
        guard try await foods.foods(for: pet.id).contains(where: { $0.food.id == foodID }) else { throw PageError.notFound }
        try await foods.setPreference(FoodPreference(rawValue: raw), subjectID: pet.id, foodID: foodID)
        return .redirect(to: PetRoutes.one(pet.id) + "#foods", type: .normal)
    }

    // MARK: - Profile page

    /// The pet was loaded for the member (`loadingPet`); the page reads it again with the rest,
    /// in one snapshot, so it shows one moment (gone in between: 404).
    @Sendable func show(_ request: Request, context: PetContext) async throws -> Response {
        let (id, context) = (context.pet.id, context.app)
        guard let overview = try await pages.overview(petID: id, access: context.access, day: context.today) else { throw PageError.notFound }
        let pet = overview.pet
        let format = formatting(context)
        let unit = pet.profile.weightUnit
        var latestWeight: PetPage.LatestWeight?
        if let latest = overview.latestWeight, case .weight(let value, let entered) = latest.details {
            let grams = value * entered.gramsPerUnit
            latestWeight = PetPage.LatestWeight(
                value: format.weight(grams: grams, unit: unit), date: format.dayHeading(latest.localDate),
                change: latest.previousWeightGrams.map { format.weightChange(grams: grams - $0, unit: unit) })
        }
        let today = overview.day.map { EntryView($0, format: format, unit: unit) }
        let mayChange = context.role?.canRecord == true && !pet.isArchived
        let actions = EntryListHTML.Actions(context, format: format, mayChange: mayChange)
        let preferences = overview.foods
        let photoLabel = format.t("photo.open")
        let shown = ShownSubject(id: pet.id, database: database, context: context, format: format, now: now(), back: PetRoutes.one(pet.id) + "#medicines")
        let cards = try areas.petCards(ShownPet(subject: shown, overview: overview, mayChange: mayChange))
        let saved = request.uri.queryParameters.get("saved") != nil
        var page = PetPage(
            pet: profileView(pet, format: format, today: context.today), latestWeight: latestWeight,
            today: EntryListHTML.render(today, actions: actions, photoLabel: photoLabel), hasToday: !today.isEmpty,
            recordForm: today.isEmpty ? .empty : actions?.form ?? .empty,
            photos: PhotoGridHTML.render(overview.photos, label: photoLabel), hasPhotos: !overview.photos.isEmpty,
            foods: FoodPreferenceListHTML.render(preferences, petID: pet.id, csrf: mayChange ? context.csrfToken : nil, format: format),
            hasFoods: !preferences.isEmpty,
            cards: cards,
            canRecord: mayChange, mayArchive: context.role?.canRecord == true,
            newRecord: PetRoutes.newRecord(pet.id) + "?kind=",
            notice: saved ? format.t("pets.record.saved") : nil)
        if saved { page.urgent = try FlagCards.urgentToday(shown) }
        return renderer.page(page, titleKey: "pets.title", titleText: pet.profile.name, request: request, context: context)
    }

    // MARK: - Helpers

    private func formatting(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }

    private func profileView(_ pet: Pet, format: Formatting, today: LocalDate) -> PetPage.Profile {
        let profile = pet.profile
        var facts: [FactView] = []
        facts.add(format.t("pets.profile.field.breed"), profile.breed)
        facts.add(format.t("pets.profile.field.sex"), profile.sex == .unknown ? nil : format.t("sex.\(profile.sex.rawValue)"))
        facts.add(
            format.t("pets.profile.field.birth_date"),
            profile.birthDate.map { format.dayHeading($0) + (profile.birthDateEstimated ? " (\(format.t("pets.profile.estimated")))" : "") })
        facts.add(format.t("pets.profile.field.adoption_date"), profile.adoptionDate.map { format.dayHeading($0) })
        facts.add(format.t("pets.profile.field.neutered"), profile.neutered.map { format.t($0 ? "answer.yes" : "answer.no") })
        facts.add(format.t("pets.profile.field.microchip"), profile.microchip)
        facts.add(format.t("pets.profile.field.markings"), profile.markings)
        return PetPage.Profile(
            id: pet.id, name: profile.name, species: format.species(profile), age: format.age(profile, today: today),
            archived: pet.isArchived, notes: profile.notes, facts: facts,
            photo: pet.photoSHA.map(PhotoURL.preview), thumbnail: pet.photoSHA.map(PhotoURL.thumbnail))
    }

    static func input(from profile: PetProfile) -> [String: String] {
        [
            "name": profile.name, "species": profile.species.rawValue, "species_other": profile.speciesOther ?? "",
            "breed": profile.breed ?? "", "sex": profile.sex.rawValue, "birth_date": profile.birthDate?.description ?? "",
            "adoption_date": profile.adoptionDate?.description ?? "",
            "neutered": profile.neutered.map { $0 ? "yes" : "no" } ?? "", "microchip": profile.microchip ?? "",
            "markings": profile.markings ?? "", "notes": profile.notes ?? "", "weight_unit": profile.weightUnit.rawValue,
        ]
    }

    private func form(
        input: [String: String], errors: FieldErrors, problems: [String], pet: Pet?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let strings = renderer.strings
        let language = context.language
        func options(_ values: [String], prefix: String, selected: String?) -> [OptionView] {
            values.map { OptionView(value: $0, label: strings.text("\(prefix).\($0.isEmpty ? "unknown" : $0)", language), selected: selected == $0) }
        }
        let page = PetFormPage(
            fields: FormFields(PetFormPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            species: options(Species.allCases.map(\.rawValue), prefix: "pets.species", selected: input["species"]),
            sexes: options(Sex.allCases.map(\.rawValue), prefix: "sex", selected: input["sex"]),
            neutered: options(["", "yes", "no"], prefix: "pets.neutered", selected: input["neutered"] ?? ""),
            weightUnits: [
                OptionView(value: "", label: strings.text("pets.profile.weight_unit_default", language), selected: (input["weight_unit"] ?? "").isEmpty)
            ]
                + options(BodyWeightUnit.allCases.map(\.rawValue), prefix: "pets.weight_unit", selected: input["weight_unit"]),
            problems: FormProblems(problems, errors: errors),
            action: pet.map { PetRoutes.one($0.id) } ?? PetRoutes.list.pattern, cancel: pet.map { PetRoutes.one($0.id) } ?? PetRoutes.list.pattern,
            heading: strings.text(pet == nil ? "pets.new_title" : "pets.edit_title", language),
            today: context.today.description)
        return renderer.page(page, titleKey: pet == nil ? "pets.new_title" : "pets.edit_title", request: request, context: context, status: status)
    }
}
