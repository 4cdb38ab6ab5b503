import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// The schedules behind "due" (`/care/vaccines`: every member reads them with their sources,
/// the owner changes an interval or adds a vaccine) and each pet's feeding settings.
struct CareSettingsController {
    let renderer: Renderer
    let care: CareRepository

    /// Booster intervals offered: yearly to every three years, as labels and laws have them.
    static let intervals = [6, 12, 24, 36]

    @Sendable func vaccines(_ request: Request, context: AppRequestContext) async throws -> Response {
        try page(input: [:], errors: FieldErrors(), saved: request.uri.queryParameters.get("saved") != nil, request: request, context: context, status: .ok)
    }

    private func page(
        input: [String: String], errors: FieldErrors, saved: Bool, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let owner = context.role?.canManageHousehold == true
        let schedules = try care.allSchedules()
        var html = HTML.empty
        for species in Species.allCases where species != .other {
            html += "<section class=\"card species-schedule\"><h2>\(format.t("pets.species.\(species.rawValue)"))</h2>"
            let lines = schedules[species] ?? []
            if VaccineSchedules.hasNoCoreVaccines(species) && lines.isEmpty {
                html += "<p>\(format.t("care.no_core_vaccines", ["species": format.t("pets.species.\(species.rawValue)")]))</p>"
            }
            html += "<ul class=\"plain schedule\">"
            for vaccine in lines {
                html +=
                    "<li><strong>\(format.vaccine(vaccine.code, vaccine.name))</strong>\(vaccine.core ? #" <span class="tag">\#(format.t("care.vaccination.core"))</span>"# as HTML : .empty)"
                html += " — \(format.step(.booster(months: vaccine.boosterMonths)))"
                if owner {
                    let options = Self.intervals.map { months -> HTML in
                        #"<option value="\#(months)"\#(months == vaccine.boosterMonths ? " selected" : "")>\#(format.step(.booster(months: months)))</option>"#
                    }.joined()
                    html +=
                        #"<form method="post" action="\#(CareRoutes.vaccineInterval.pattern)" class="inline"><input type="hidden" name="_csrf" value="\#(context.csrfToken)"><input type="hidden" name="code" value="\#(vaccine.code)"><select name="months" aria-label="\#(format.t("care.settings.interval"))">\#(options)</select> <button type="submit">\#(format.t("form.save"))</button></form>"#
                }
                // The schedule in the reader's language; the guideline it comes from as published.
                html +=
                    vaccine.source == "household"
                    ? "<p class=\"meta source\">\(format.t("care.settings.own"))</p></li>"
                    : "<p class=\"meta source\">\(format.t("care.vaccine_note.\(vaccine.code)")) — <cite lang=\"en\">\(vaccine.source)</cite></p></li>"
            }
            html += "</ul></section>"
        }
        let speciesOptions = Species.allCases.filter { $0 != .other }.map {
            OptionView(value: $0.rawValue, label: format.t("pets.species.\($0.rawValue)"), selected: input["species"] == $0.rawValue)
        }
        let view = VaccineSettingsPage(
            species: html, speciesOptions: owner ? speciesOptions : [],
            fields: FormFields(["species", "name", "booster_months"], input: input, errors: errors, strings: renderer.strings, language: context.language),
            problems: FormProblems(errors: errors), saved: saved)
        return renderer.page(view, titleKey: "care.settings.title", request: request, context: context, status: status)
    }

    @Sendable func setInterval(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        guard let code = input["code"], VaccineSchedules.vaccine(code: code) != nil || code.hasPrefix("own."),
            let months = Int(input["months", default: ""]), Self.intervals.contains(months)
        else { throw PageError(status: .unprocessableContent, messageKey: "error.choice.unknown") }
        try await care.setInterval(code: code, months: months)
        return .redirect(to: CareRoutes.vaccines.pattern + "?saved=1", type: .normal)
    }

    @Sendable func addVaccine(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let species: Species? = FormInput.choice(input, "species", default: nil, errors: &errors)
        if species == nil { errors.add("species", "error.choice.unknown") }
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil { errors.add("name", "care.error.vaccine_name_required") }
        let months = FormInput.number(input, "booster_months", range: 1...120, units: NumberUnits.months, whole: true, required: true, errors: &errors)
        if let species, let name, let months, errors.isEmpty {
            if try await care.addOwnVaccine(species: species, name: name, boosterMonths: Int(months)) {
                return .redirect(to: CareRoutes.vaccines.pattern + "?saved=1", type: .normal)
            }
            errors.add("name", "care.error.vaccine_exists")
        }
        return try page(input: input, errors: errors, saved: false, request: request, context: context, status: .unprocessableContent)
    }

    /// `POST /pets/{id}/feeding`: the calculator's stage, ideal weight, meals a day and food.
    @Sendable func feeding(_ request: Request, context: PetContext) async throws -> Response {
        let (pet, context) = (context.pet, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let stage: FeedingStage? = FormInput.choice(input, "stage", default: .automatic, errors: &errors)
        let limit = pet.profile.weightUnit == .g ? 200_000.0 : 200.0
        let target = FormInput.number(input, "target", range: 0.001...limit, units: NumberUnits.weight(pet.profile.weightUnit), errors: &errors)
        let meals = FormInput.number(input, "meals", range: 1...12, units: ["끼", "회", "meals"], whole: true, required: true, errors: &errors)
        let food = input["food_id"].flatMap { Int64($0) }
        guard let stage, let meals, errors.isEmpty else {
            throw PageError(errors) ?? PageError(status: .unprocessableContent, messageKey: "error.bad_request")
        }
        try await care.setFeeding(
            petID: pet.id,
            FeedingSettings(
                stage: stage, targetGrams: target.map { $0 * pet.profile.weightUnit.gramsPerUnit }, mealsPerDay: Int(meals), foodID: food))
        return .redirect(to: PetRoutes.one(pet.id) + "#feeding", type: .normal)
    }
}
