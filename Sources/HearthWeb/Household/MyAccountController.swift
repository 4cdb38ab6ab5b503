import HearthCore
import HearthStore
import Hummingbird

/// `/me`: every member, viewers included, may change their own name, language and password.
struct MyAccountController {
    let renderer: Renderer
    let accounts: AccountRepository
    let hasher: PasswordHasher
    let feeds: CalendarFeedRepository
    let reminders: ReminderRepository
    let devices: PushDeviceRepository
    let tokens: APITokenRepository

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let input = ["display_name": member.account.displayName, "language": member.account.language?.rawValue ?? ""]
        let done = request.uri.queryParameters.get("done").flatMap { ["saved", "password", "device", "device_removed"].contains($0) ? $0 : nil }
        return try page(input: input, errors: FieldErrors(), noticeKey: done.map { "me.done.\($0)" }, request: request, context: context, status: .ok)
    }

    @Sendable func savePreferences(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let displayName = (input["display_name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        Credentials.checkDisplayName(displayName, into: &errors)
        let rawLanguage = input["language"] ?? ""
        let language = Language(rawValue: rawLanguage)
        if !rawLanguage.isEmpty && language == nil { errors.add("language", "error.language.unknown") }
        guard errors.isEmpty else {
            return try page(input: input, errors: errors, noticeKey: nil, request: request, context: context, status: .unprocessableContent)
        }
        try await accounts.setPreferences(displayName: displayName, language: language, accountID: member.accountID)
        return .redirect(to: HouseholdRoutes.me.pattern + "?done=saved", type: .normal)
    }

    @Sendable func changePassword(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let newPassword = input["new_password"] ?? ""
        Credentials.checkPassword(newPassword, field: "new_password", into: &errors)
        if input["new_password_confirm"] != newPassword { errors.add("new_password_confirm", "error.password.mismatch") }
        if try await !hasher.verify(input["current_password"] ?? "", hash: member.account.passwordHash) {
            errors.add("current_password", "error.password.current_wrong")
        }
        guard errors.isEmpty else {
            let preferences = ["display_name": member.account.displayName, "language": member.account.language?.rawValue ?? ""]
            return try page(input: preferences, errors: errors, noticeKey: nil, request: request, context: context, status: .unprocessableContent)
        }
        let hash = try await hasher.hash(newPassword)
        // Other browsers signed in as this member are signed out; this one stays.
        try await accounts.setPasswordHash(hash, accountID: member.accountID, keepingSession: member.token, reset: false)
        return .redirect(to: HouseholdRoutes.me.pattern + "?done=password", type: .normal)
    }

    /// The page with a new API token's form sent back with its problems (422).
    func page(tokenInput: [String: String], tokenErrors: FieldErrors, request: Request, context: AppRequestContext) throws -> Response {
        let account = try context.requireMember().account
        let input = ["display_name": account.displayName, "language": account.language?.rawValue ?? ""]
        return try page(
            input: input, errors: FieldErrors(), noticeKey: nil, tokenInput: tokenInput, tokenErrors: tokenErrors, request: request, context: context,
            status: .unprocessableContent)
    }

    private func page(
        input: [String: String], errors: FieldErrors, noticeKey: String?, tokenInput: [String: String] = [:], tokenErrors: FieldErrors = FieldErrors(),
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let strings = renderer.strings
        let language = context.language
        let page = MyAccountPage(
            fields: FormFields(MyAccountPage.fieldNames, input: input, errors: errors, strings: strings, language: language),
            languages: strings.languageOptions(selected: input["language"], includeHouseholdDefault: true, language),
            username: context.member?.account.username ?? "", notice: noticeKey.map { strings.text($0, language) },
            reminders: try RemindersController.section(
                for: try context.requireMember().accountID, feeds: feeds, reminders: reminders, devices: devices,
                request: request, context: context,
                format: Formatting(strings: strings, language: language, timeZone: context.timeZone)),
            tokens: try APITokensController.section(
                for: try context.requireMember().account, tokens: tokens, context: context,
                format: Formatting(strings: strings, language: language, timeZone: context.timeZone), input: tokenInput, errors: tokenErrors))
        return renderer.page(page, titleKey: "me.title", request: request, context: context, status: status)
    }
}
