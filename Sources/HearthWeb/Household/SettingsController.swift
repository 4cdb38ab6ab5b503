import HearthCore
import HearthStore
import Hummingbird

/// `/settings` (owner): the household's name, time zone, default language and units; and
/// `/settings/keeping`, how long the bin and the history keep what they hold.
struct SettingsController {
    let renderer: Renderer
    let households: HouseholdRepository
    let household: HouseholdState
    let bin: BinRepository
    let history: HistoryRepository

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        guard let settings = context.household else { throw PageError.notFound }
        let input = Self.settingsInput(settings)
        let saved = request.uri.queryParameters.get("saved")
        return try form(
            input: input, keeping: try Self.keepingInput(bin.keeping()), errors: FieldErrors(), saved: saved, request: request, context: context,
            status: .ok)
    }

    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch HouseholdSettings.validate(input) {
        case .invalid(let errors):
            return try form(
                input: input, keeping: try Self.keepingInput(bin.keeping()), errors: errors, saved: nil, request: request, context: context,
                status: .unprocessableContent)
        case .valid(let settings):
            try await households.update(settings)
            try await household.reload()
            return .redirect(to: HouseholdRoutes.settings.pattern + "?saved=1", type: .normal)
        }
    }

    @Sendable func saveKeeping(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch Keeping.validate(input) {
        case .invalid(let errors):
            guard let settings = context.household else { throw PageError.notFound }
            return try form(
                input: Self.settingsInput(settings), keeping: input, errors: errors, saved: nil, request: request, context: context,
                status: .unprocessableContent)
        case .valid(let keeping):
            try await bin.setKeeping(keeping)
            return .redirect(to: HouseholdRoutes.settings.pattern + "?saved=keeping#keeping", type: .normal)
        }
    }

    static func settingsInput(_ settings: HouseholdSettings) -> [String: String] {
        [
            "household_name": settings.name, "time_zone": settings.timeZone, "language": settings.language.rawValue,
            "weight_unit": settings.weightUnit.rawValue, "volume_unit": settings.volumeUnit.rawValue, "currency": settings.currency,
        ]
    }

    static func keepingInput(_ keeping: Keeping) -> [String: String] {
        ["bin_days": String(keeping.binDays), "history_years": keeping.historyYears.map(String.init) ?? "all"]
    }

    private func form(
        input: [String: String], keeping: [String: String], errors: FieldErrors, saved: String?, request: Request, context: AppRequestContext,
        status: HTTPResponse.Status
    ) throws -> Response {
        let strings = renderer.strings
        let language = context.language
        let format = Formatting(strings: strings, language: language, timeZone: context.timeZone)
        let size = try history.size()
        let years = ["all"] + Keeping.historyYears.map(String.init)
        let page = SettingsPage(
            fields: FormFields(SettingsPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            keeping: FormFields(SettingsPage.keepingNames, input: keeping, errors: errors, strings: strings, language: language),
            timeZones: strings.timeZoneOptions(selected: input["time_zone"] ?? ""),
            languages: strings.languageOptions(selected: input["language"], language),
            weightUnits: WeightUnit.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("unit.\($0.rawValue)", language), selected: input["weight_unit"] == $0.rawValue)
            },
            volumeUnits: VolumeUnit.allCases.map {
                OptionView(value: $0.rawValue, label: strings.text("unit.\($0.rawValue)", language), selected: input["volume_unit"] == $0.rawValue)
            },
            historyYears: years.map { value in
                let label = value == "all" ? format.t("settings.history_all") : format.t("settings.history_years_n", ["n": value])
                return OptionView(value: value, label: label, selected: keeping["history_years"] == value)
            },
            historySize: format.t("settings.history_size", ["rows": size.rows.grouped, "size": Formatting.bytes(size.bytes)]),
            saved: saved == "1", keepingSaved: saved == "keeping", hasErrors: !errors.isEmpty)
        return renderer.page(page, titleKey: "settings.title", request: request, context: context, status: status)
    }
}
