import HearthCore
import HearthStore
import Hummingbird

/// `/settings` (owner): the household's name, time zone, default language and units.
struct SettingsController {
    let renderer: Renderer
    let households: HouseholdRepository
    let household: HouseholdState

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        guard let settings = context.household else { throw PageError.notFound }
        let input = [
            "household_name": settings.name, "time_zone": settings.timeZone, "language": settings.language.rawValue,
            "weight_unit": settings.weightUnit.rawValue, "volume_unit": settings.volumeUnit.rawValue, "currency": settings.currency,
        ]
        let saved = request.uri.queryParameters.get("saved") != nil
        return form(input: input, errors: FieldErrors(), saved: saved, request: request, context: context, status: .ok)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch HouseholdSettings.validate(input) {
        case .invalid(let errors):
            return form(input: input, errors: errors, saved: false, request: request, context: context, status: .unprocessableContent)
        case .valid(let settings):
            try await households.update(settings)
            try await household.reload()
            return .redirect(to: HouseholdRoutes.settings.pattern + "?saved=1", type: .normal)
        }
    }

    private func form(
        input: [String: String], errors: FieldErrors, saved: Bool, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let strings = renderer.strings
        let language = context.language
        let page = SettingsPage(
            fields: FormFields(SettingsPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            timeZones: strings.timeZoneOptions(selected: input["time_zone"] ?? ""),
            languages: strings.languageOptions(selected: input["language"], language),
            weightUnits: WeightUnit.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("unit.\($0.rawValue)", language), selected: input["weight_unit"] == $0.rawValue)
            },
            volumeUnits: VolumeUnit.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("unit.\($0.rawValue)", language), selected: input["volume_unit"] == $0.rawValue)
            },
            saved: saved, hasErrors: !errors.isEmpty)
        return renderer.page(page, titleKey: "settings.title", request: request, context: context, status: status)
    }
}
