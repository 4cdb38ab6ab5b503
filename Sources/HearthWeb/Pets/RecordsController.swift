import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Adding, editing, deleting (softly) and restoring a pet's records.
struct RecordsController {
    let renderer: Renderer
    let entries: EntryRepository
    let foods: FoodRepository
    let care: CareRepository
    let clinics: ClinicRepository
    let intake: PhotoIntake
    let appointments: AppointmentRepository
    let subjects: SubjectRepository
    let pets: PetRepository
    let history: HistoryRepository
    let trackers: TrackerRepository

    /// Kinds one save may record for several pets at once (a walk with both dogs).
    static let together: Set<EntryKind> = [.walk, .meal, .toilet]

    /// The other pets a member may record this for too: ticked `also_<id>` on the form.
    private func otherPets(than pet: Pet, kind: EntryKind, context: AppRequestContext) async throws -> [SubjectSummary] {
        guard Self.together.contains(kind) else { return [] }
        return try await subjects.subjects(access: context.access).filter { $0.kind == .pet && $0.id != pet.id }
    }

    @Sendable func new(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        guard let kind = request.uri.queryParameters.get("kind").flatMap(EntryKind.init(rawValue:)) else { throw PageError.notFound }
        let now = context.now
        var input = ["date": LocalDate(now, in: context.timeZone).description, "time": LocalTime.clock(now, in: context.timeZone)]
        switch kind {
        case .weight: input["unit"] = pet.profile.weightUnit.rawValue
        case .meal:
            input["outcome"] = MealOutcome.all.rawValue
            input["amount_unit"] = AmountUnit.g.rawValue
            // What she always eats: the last meal's food and amount, to change if today differs.
            if let usual = try entries.usualMeal(petID: pet.id) {
                input["food_id"] = String(usual.foodID)
                input["amount_unit"] = usual.unit.rawValue
                if let amount = usual.amount { input["amount"] = Self.number(amount) }
            }
        case .symptom: input["severity"] = "2"
        case .walk: input["activity"] = Activity.walk.rawValue
        case .vomit: input["times"] = "1"
        case .preventive:
            input["cycle"] = "1m"
            input["preventive"] = PreventiveKind.heartworm.rawValue
        case .tracker:
            guard let id = request.uri.queryParameters.get("tracker"), try tracker(Int64(id), for: pet, context: context) != nil else {
                throw PageError.notFound
            }
            input["tracker"] = id
        case .diary, .toilet, .vaccination, .vetVisit: break
        }
        // "How did it go?" from an appointment: its day, time, clinic and reason, and which
        // appointment to link the record to.
        let query = request.uri.queryParameters
        for name in ["appointment", "date", "time", "clinic_id", "reason"] { if let value = query.get(name), !value.isEmpty { input[name] = value } }
        return try await form(
            kind: kind, pet: pet, entry: nil, input: input, errors: FieldErrors(), problems: [], request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        guard let kind = upload.fields["kind"].flatMap(EntryKind.init(rawValue:)) else {
            throw PageError(status: .unprocessableContent, messageKey: "error.choice.unknown")
        }
        let checked = await intake.check(upload, field: "photos", maximum: kind.maximumPhotos, strings: renderer.strings, language: context.language)
        let validated = RecordInput.validate(
            kind, upload.fields, species: pet.profile.species, timeZone: context.timeZone, vaccines: try care.schedules(pet.profile.species),
            currency: context.household?.currency, tracker: try tracker(upload.fields["tracker"].flatMap { Int64($0) }, for: pet, context: context),
            now: context.now)
        guard case .valid(let record) = validated, checked.problems.isEmpty else {
            return try await form(
                kind: kind, pet: pet, entry: nil, input: upload.fields, errors: validated.errors, problems: checked.problems, request: request,
                context: context, status: Self.status(validated.errors))
        }
        if let (input, question) = try weighingQuestion(record, pet: pet, editing: nil, input: upload.fields, context: context) {
            return try await form(
                kind: kind, pet: pet, entry: nil, input: input, errors: question, problems: [], request: request, context: context,
                status: .unprocessableContent)
        }
        // The other pets ticked: the same record for each, refused as a whole if it does not
        // suit one of them (a food not for its species).
        let others = Set(try await otherPets(than: pet, kind: kind, context: context).map(\.id))
        let together = upload.fields.keys.filter { $0.hasPrefix("also_") && upload.fields[$0] == "on" }.compactMap { Int64($0.dropFirst(5)) }.sorted()
        // A pet ticked and gone (archived, or hidden) since the form was drawn: not saved for
        // the others alone, which would silently drop one.
        if together.contains(where: { !others.contains($0) }) { throw PageError(status: .notFound, messageKey: "regimens.error.subject_gone") }
        if case .meal(food: .existing(let foodID), _, _, _) = record.details {
            for other in together {
                guard let otherPet = try await pets.pet(id: other, access: context.access) else { continue }
                if try !foods.suits(foodID: foodID, subjectID: other) {
                    let refusal = renderer.strings.text("pets.record.also_refused", context.language, ["name": otherPet.profile.name])
                    return try await form(
                        kind: kind, pet: pet, entry: nil, input: upload.fields, errors: FieldErrors(), problems: [refusal], request: request,
                        context: context, status: .unprocessableContent)
                }
            }
        }
        try intake.store(checked)
        let id: Int64
        do {
            id = try await entries.create(
                subjectID: pet.id, record, photos: checked.records, createdBy: context.member?.account.id, together: together)
            if let appointmentID = upload.fields["appointment"].flatMap({ Int64($0) }),
                let appointment = try appointments.appointment(id: appointmentID, access: context.access), appointment.subject?.id == pet.id
            {
                try await appointments.link(id: appointment.id, entryID: id, now: context.now)
            }
        } catch StoreError.trackerChanged {
            await intake.cleanUp(checked.records.map(\.sha256))
            return try await form(
                kind: kind, pet: pet, entry: nil, input: upload.fields, errors: Self.trackerChanged, problems: [], request: request, context: context,
                status: .conflict)
        } catch let error as StoreError where error == .foodNotFound || error == .clinicNotFound || error == .subjectNotFound || error == .trackerNotFound {
            await intake.cleanUp(checked.records.map(\.sha256))
            if error == .subjectNotFound { throw PageError(status: .notFound, messageKey: "regimens.error.subject_gone") }
            if error == .trackerNotFound { throw PageError(error) }
            return try await gone(error, kind: kind, pet: pet, entry: nil, input: upload.fields, request: request, context: context)
        }
        // A quick log on home goes back there, which says what was saved and offers its undo.
        if upload.fields["from"] == "home" { return .redirect(to: HomeRoutes.home.pattern + "?logged=\(id)", type: .normal) }
        return .redirect(to: PetRoutes.one(pet.id) + "?saved=\(kind.rawValue)", type: .normal)
    }

    /// A tracker's form drawn before its fields changed is a conflict (409), any other refusal 422.
    static func status(_ errors: FieldErrors) -> HTTPResponse.Status { errors["tracker_version"] != nil ? .conflict : .unprocessableContent }
    static var trackerChanged: FieldErrors {
        var errors = FieldErrors()
        errors.add("tracker_version", "trackers.error.changed")
        return errors
    }

    @Sendable func edit(_ request: Request, context: RecordContext) async throws -> Response {
        let (entry, pet, context) = (context.record, context.pet, context.app)
        return try await form(
            kind: entry.kind, pet: pet, entry: entry, input: Self.input(from: entry, timeZone: context.timeZone), errors: FieldErrors(), problems: [],
            request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: RecordContext) async throws -> Response {
        let (entry, pet, context) = (context.record, context.pet, context.app)
        var request = request
        let upload = try await intake.read(&request, context: context)
        defer { upload.discard() }
        let keeping = entry.photos.filter { upload.fields["keep_\($0)"] != nil }
        let checked = await intake.check(
            upload, field: "photos", maximum: max(0, entry.kind.maximumPhotos - keeping.count), strings: renderer.strings, language: context.language)
        let validated = RecordInput.validate(
            entry.kind, upload.fields, species: pet.profile.species, timeZone: context.timeZone, vaccines: try care.schedules(pet.profile.species),
            currency: context.household?.currency, tracker: try tracker(Self.trackerID(of: entry), for: pet, context: context), now: context.now)
        guard case .valid(let record) = validated, checked.problems.isEmpty else {
            return try await form(
                kind: entry.kind, pet: pet, entry: entry, input: upload.fields, errors: validated.errors, problems: checked.problems, request: request,
                context: context, status: Self.status(validated.errors))
        }
        if let (input, question) = try weighingQuestion(record, pet: pet, editing: entry.id, input: upload.fields, context: context) {
            return try await form(
                kind: entry.kind, pet: pet, entry: entry, input: input, errors: question, problems: [], request: request, context: context,
                status: .unprocessableContent)
        }
        try intake.store(checked)
        let dropped: [String]
        do {
            let alsoIDs = upload.fields["apply"] == "all" ? try entries.together(with: entry.id, access: context.access).map(\.id) : []
            dropped = try await entries.update(id: entry.id, record, keeping: keeping, adding: checked.records, alsoIDs: alsoIDs)
        } catch StoreError.trackerChanged {
            await intake.cleanUp(checked.records.map(\.sha256))
            return try await form(
                kind: entry.kind, pet: pet, entry: entry, input: upload.fields, errors: Self.trackerChanged, problems: [], request: request,
                context: context, status: .conflict)
        } catch let error as StoreError where error == .foodNotFound || error == .clinicNotFound || error == .trackerNotFound {
            await intake.cleanUp(checked.records.map(\.sha256))
            if error == .trackerNotFound { throw PageError(error) }
            return try await gone(error, kind: entry.kind, pet: pet, entry: entry, input: upload.fields, request: request, context: context)
        }
        await intake.cleanUp(dropped)
        return .redirect(to: PetRoutes.timeline(pet.id) + "?saved=1", type: .normal)
    }

    @Sendable func delete(_ request: Request, context: RecordContext) async throws -> Response {
        let (entry, pet, context) = (context.record, context.pet, context.app)
        // "Delete for all of them" on a record saved with others.
        let alsoIDs = request.uri.queryParameters.get("all") == "1" ? try entries.together(with: entry.id, access: context.access).map(\.id) : []
        try await entries.delete(id: entry.id, alsoIDs: alsoIDs)
        if request.uri.queryParameters.get("from") == "home" { return .redirect(to: HomeRoutes.home.pattern + "?undone=record", type: .normal) }
        // The page that follows offers the undo.
        return .redirect(to: PetRoutes.timeline(pet.id) + "?deleted=\(entry.id)", type: .normal)
    }

    @Sendable func restore(_ request: Request, context: RecordContext) async throws -> Response {
        let (entry, context) = (context.record, context.app)
        try await entries.restore(id: entry.id, access: context.access)
        return .redirect(to: PetRoutes.timeline(entry.subjectID) + "?restored=1", type: .normal)
    }

    // MARK: - Helpers

    /// The tracker a tracker record is read against, as it is now: one deleted, or not for this
    /// pet (another species'), is nil, and the record is refused on its form.
    private func tracker(_ id: Int64?, for pet: Pet, context: AppRequestContext) throws -> (id: Int64, input: TrackerInput)? {
        guard let id, let tracker = try trackers.tracker(id: id, keptBy: pet.id, species: pet.profile.species, access: context.access)
        else { return nil }
        return (tracker.id, tracker.input)
    }

    static func trackerID(of entry: StoredEntry) -> Int64? {
        if case .tracker(let record) = entry.details { return record.trackerID }
        return nil
    }

    /// The food or clinic picked left its list after the form was drawn (someone else removed
    /// it): the form again, with that said on its field.
    private func gone(
        _ error: StoreError, kind: EntryKind, pet: Pet, entry: StoredEntry?, input: [String: String], request: Request, context: AppRequestContext
    ) async throws -> Response {
        var errors = FieldErrors()
        if error == .clinicNotFound { errors.add("clinic_id", "care.error.clinic_gone") } else { errors.add("food_id", "pets.error.food_gone") }
        return try await form(
            kind: kind, pet: pet, entry: entry, input: input, errors: errors, problems: [], request: request, context: context, status: .unprocessableContent)
    }

    /// A stored number as a form field shows it: `40`, not `40.0`.
    static func number(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    /// The form's fields for an existing record.
    static func input(from entry: StoredEntry, timeZone: TimeZone) -> [String: String] {
        var input = ["date": entry.localDate.description, "time": LocalTime.clock(entry.occurredAt, in: timeZone), "note": entry.note ?? ""]
        func number(_ value: Double?) -> String { value.map(Self.number) ?? "" }
        switch entry.details {
        case .diary(let title, let text):
            input["title"] = title ?? ""
            input["text"] = text ?? ""
        case .weight(let value, let unit):
            input["weight"] = number(value)
            input["unit"] = unit.rawValue
        case .meal(let food, let amount, let unit, let outcome):
            if case .existing(let id) = food { input["food_id"] = String(id) }
            input["amount"] = number(amount)
            input["amount_unit"] = unit.rawValue
            input["outcome"] = outcome.rawValue
        case .toilet(let urine, let stool, let colour, let score, let blood, let mucus):
            if urine { input["urine"] = "on" }
            if stool { input["stool"] = "on" }
            if blood { input["blood"] = "on" }
            if mucus { input["mucus"] = "on" }
            input["colour"] = colour?.rawValue ?? ""
            input["fecal_score"] = score.map(String.init) ?? ""
        case .vomit(let times, let contents):
            input["times"] = String(times)
            input["contents"] = contents ?? ""
        case .symptom(let signs, let severity, let description):
            for sign in signs { input["sign_\(sign)"] = "on" }
            input["severity"] = String(severity)
            input["description"] = description ?? ""
        case .walk(let activity, let minutes, let distance):
            input["activity"] = activity.rawValue
            input["minutes"] = String(minutes)
            input["distance_km"] = number(distance)
        case .vaccination(let visit):
            var typed = 0
            for vaccine in visit.vaccines {
                if let code = vaccine.code, !code.isEmpty {
                    input["vaccine_\(code)"] = "on"
                    input["batch_\(code)"] = vaccine.batch ?? ""
                    input["next_due_\(code)"] = vaccine.nextDue?.description ?? ""
                } else if typed < VaccinationVisit.typedRows {
                    typed += 1
                    input["other_name_\(typed)"] = vaccine.name
                    input["other_batch_\(typed)"] = vaccine.batch ?? ""
                    input["other_next_due_\(typed)"] = vaccine.nextDue?.description ?? ""
                }
            }
            clinic(visit.clinic, into: &input)
            input["vet"] = visit.vet ?? ""
        case .preventive(let given):
            input["preventive"] = given.kind.rawValue
            input["product"] = given.product ?? ""
            input["next_due"] = given.nextDue?.description ?? ""
            switch given.cycle {
            case .months(let months) where PreventiveCycle.choices.contains("\(months)m"): input["cycle"] = "\(months)m"
            case .months(let months):
                input["cycle"] = "custom"
                input["cycle_days"] = String(months * 30)
            case .days(let days):
                input["cycle"] = "custom"
                input["cycle_days"] = String(days)
            }
        case .vetVisit(let visit):
            clinic(visit.clinic, into: &input)
            input["reason"] = visit.reason ?? ""
            input["diagnosis"] = visit.diagnosis ?? ""
            input["treatment"] = visit.treatment ?? ""
            input["medicines"] = visit.medicines ?? ""
            input["cost"] = number(visit.cost)
            input["follow_up"] = visit.followUp?.description ?? ""
        case .tracker(let record):
            input.merge(TrackerRecordHTML.input(record)) { $1 }
        }
        return input
    }

    private static func clinic(_ clinic: ClinicChoice?, into input: inout [String: String]) {
        if let id = clinic?.id { input["clinic_id"] = String(id) } else { input["clinic_name"] = clinic?.name ?? "" }
    }

    private func clinicOptions(_ input: [String: String]) throws -> [OptionView] {
        try clinics.names(including: input["clinic_id"].flatMap { Int64($0) }).map {
            OptionView(value: String($0.id), label: $0.name, selected: input["clinic_id"] == String($0.id))
        }
    }

    /// "Is this right?" for a weighing far from the last one, with the form to ask it on; nil to save.
    private func weighingQuestion(
        _ record: RecordInput, pet: Pet, editing: Int64?, input: [String: String], context: AppRequestContext
    ) throws -> ([String: String], FieldErrors)? {
        guard case .weight(let value, let unit) = record.details else { return nil }
        var (input, errors) = (input, FieldErrors())
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        WeighingCheck.ask(
            grams: value * unit.gramsPerUnit, lastGrams: try entries.latestWeightGrams(subjectID: pet.id, excluding: editing),
            input: &input, errors: &errors
        ) { format.weight(grams: $0, unit: pet.profile.weightUnit) }
        return errors.isEmpty ? nil : (input, errors)
    }

    private func form(
        kind: EntryKind, pet: Pet, entry: StoredEntry?, input: [String: String], errors: FieldErrors, problems: [String],
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let strings = renderer.strings
        let language = context.language
        func t(_ key: String) -> String { strings.text(key, language) }
        func options(_ values: [String], prefix: String, field: String) -> [OptionView] {
            values.map { OptionView(value: $0, label: t("\(prefix).\($0)"), selected: input[field] == $0) }
        }
        // A tracker's record is called by the tracker's name ("혈당"), not "tracker".
        let tracker = kind == .tracker ? try self.tracker(input["tracker"].flatMap { Int64($0) }, for: pet, context: context) : nil
        let kindLabel = tracker?.input.name ?? t("pets.kind.\(kind.rawValue)")
        let title = strings.text(entry == nil ? "pets.record.new_title" : "pets.record.edit_title", language, ["kind": kindLabel, "pet": pet.profile.name])
        var view = RecordFormPage(
            kind: kind, kindLabel: kindLabel, petID: pet.id, petName: pet.profile.name,
            action: entry.map { RecordRoutes.one($0.id) } ?? PetRoutes.records(pet.id),
            cancel: entry == nil ? PetRoutes.one(pet.id) : PetRoutes.timeline(pet.id), heading: title,
            fields: FormFields(RecordFormPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            problems: FormProblems(problems, errors: errors),
            photoHint: strings.text("pets.record.photo_hint", language, ["maximum": String(kind.maximumPhotos)]),
            existingPhotos: (entry?.photos ?? []).map {
                RecordFormPage.ExistingPhoto(
                    sha: $0, thumbnail: PhotoURL.thumbnail($0), kept: entry == nil || input["keep_\($0)"] != nil || input["_csrf"] == nil)
            },
            editing: entry != nil)
        view.datedNow = entry == nil && (input["appointment"] ?? "").isEmpty
        if let entry {
            view.together = try entries.together(with: entry.id, access: context.access).count
            let format = Formatting(strings: strings, language: language, timeZone: context.timeZone)
            let changes = try history.of(record: "entry", id: entry.id)
            let names = try HistoryNames.read(changes, subjects: [], entries: entries, foods: foods, access: context.access)
            view.changeLog = HistoryHTML.rows(changes, format: format, names: names)
        } else {
            view.alsoFor = try await otherPets(than: pet, kind: kind, context: context).map {
                OptionView(value: "also_\($0.id)", label: $0.name, selected: input["also_\($0.id)"] == "on")
            }
        }
        switch kind {
        case .weight:
            view.units = options(BodyWeightUnit.allCases.map(\.rawValue), prefix: "pets.weight_unit", field: "unit")
        case .meal:
            view.foods = try await foods.foods(for: pet.id).map { item in
                OptionView(
                    value: String(item.food.id),
                    label: item.preference.map { "\(item.food.name) — \(t("pets.preference.\($0.rawValue)"))" } ?? item.food.name,
                    selected: input["food_id"] == String(item.food.id))
            }
            view.foodKinds = options(FoodKind.allCases.map(\.rawValue), prefix: "pets.food_kind", field: "new_food_kind")
            view.amountUnits = options(AmountUnit.allCases.map(\.rawValue), prefix: "pets.amount_unit", field: "amount_unit")
            view.outcomes = options(MealOutcome.allCases.map(\.rawValue), prefix: "pets.outcome", field: "outcome")
        case .toilet:
            view.colours =
                [OptionView(value: "", label: t("pets.colour.none"), selected: (input["colour"] ?? "").isEmpty)]
                + options(ExcretionColour.allCases.map(\.rawValue), prefix: "pets.colour", field: "colour")
            view.scores =
                [OptionView(value: "", label: t("pets.fecal.none"), selected: (input["fecal_score"] ?? "").isEmpty)]
                + (1...7).map { OptionView(value: String($0), label: "\($0) — \(t("pets.fecal.\($0)"))", selected: input["fecal_score"] == String($0)) }
            view.checks = ["urine", "stool", "blood", "mucus"].map { CheckboxView(name: $0, label: t("pets.toilet.\($0)"), checked: input[$0] != nil) }
        case .symptom:
            view.signs = pet.profile.species.symptoms.map {
                CheckboxView(name: "sign_\($0)", label: t("pets.symptom.\($0)"), checked: input["sign_\($0)"] != nil)
            }
            view.severities = (1...5).map {
                OptionView(value: String($0), label: "\($0) — \(t("pets.severity.\($0)"))", selected: input["severity"] == String($0))
            }
        case .walk:
            view.activities = options(Activity.allCases.map(\.rawValue), prefix: "pets.activity", field: "activity")
        case .vaccination:
            view.vaccineRows = CareFormHTML.vaccineRows(
                try care.schedules(pet.profile.species), input: input, format: Formatting(strings: strings, language: language, timeZone: context.timeZone))
            view.clinics = try clinicOptions(input)
        case .vetVisit:
            view.clinics = try clinicOptions(input)
            view.currency = context.household?.currency ?? ""
        case .preventive:
            view.preventives = options(PreventiveKind.allCases.map(\.rawValue), prefix: "care.preventive", field: "preventive")
            view.cycles = options(PreventiveCycle.choices, prefix: "care.cycle", field: "cycle")
        case .tracker:
            if let tracker {
                view.trackerFields = TrackerRecordHTML.fields(
                    tracker.input, input: input, errors: errors, format: Formatting(strings: strings, language: language, timeZone: context.timeZone))
            }
        case .diary, .vomit:
            break
        }
        return renderer.page(view, titleKey: "pets.record.new_title", titleText: title, request: request, context: context, status: status)
    }
}
