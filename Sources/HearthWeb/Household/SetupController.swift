import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// First run: name the household and create its owner. Once that has happened, `/setup` is gone.
struct SetupController {
    let renderer: Renderer
    let households: HouseholdRepository
    let household: HouseholdState
    let sessions: SessionRepository
    let hasher: PasswordHasher
    let sessionLifetime: TimeInterval

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard context.household == nil else { throw PageError.notFound }
        let input = ["time_zone": LikelyTimeZones.preselected(acceptLanguage: request.headers[.acceptLanguage]), "language": context.language.rawValue]
        return form(input: input, errors: FieldErrors(), request: request, context: context, status: .ok)
    }

    @Sendable func submit(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard context.household == nil else { throw PageError.notFound }
        var request = request
        let input = try await FormData.read(&request, context: context).fields

        var errors = FieldErrors()
        var settings: HouseholdSettings?
        switch HouseholdSettings.validate(input) {
        case .valid(let value): settings = value
        case .invalid(let found): errors.add(found)
        }
        var owner: NewMember?
        switch NewMember.validate(input, defaultRole: .owner) {
        case .valid(let value): owner = value
        case .invalid(let found): errors.add(found)
        }
        guard errors.isEmpty, let settings, var owner else {
            return form(input: input, errors: errors, request: request, context: context, status: .unprocessableContent)
        }
        owner.role = .owner
        // The language asked at setup is the household's; the owner follows it until they choose their own.
        owner.language = nil
        let hash = try await hasher.hash(owner.password)
        let account: Account
        do {
            account = try await households.setUp(settings, owner: owner, passwordHash: hash)
        } catch StoreError.alreadySetUp {
            throw PageError.notFound  // someone else finished setup a moment ago
        }
        try await household.reload()
        let session = try await sessions.create(accountID: account.id!, lifetime: sessionLifetime)
        var response = Response.redirect(to: "/", type: .normal)
        response.setCookie(HearthCookies.make(HearthCookies.session, value: session.token, maxAge: sessionLifetime, secure: context.isSecure))
        return response
    }

    private func form(input: [String: String], errors: FieldErrors, request: Request, context: AppRequestContext, status: HTTPResponse.Status) -> Response {
        let strings = renderer.strings
        let language = context.language
        let page = SetupPage(
            fields: FormFields(
                SetupPage.fieldNames, input: input.filter { !$0.key.hasPrefix("password") }, errors: errors, strings: strings, language: language),
            timeZones: strings.timeZoneOptions(
                selected: input["time_zone"] ?? TimeZones.machine,
                likely: LikelyTimeZones.zones(acceptLanguage: request.headers[.acceptLanguage]) + [TimeZones.machine], language),
            languages: strings.languageOptions(selected: input["language"], language),
            hasErrors: !errors.isEmpty)
        return renderer.page(page, titleKey: "setup.title", request: request, context: context, status: status)
    }
}
