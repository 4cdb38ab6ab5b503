import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// The member's API tokens (made and revoked on `/me`, shown once), the `/api` page, and
/// the Home Assistant package made with a token of its own.
struct APITokensController {
    let renderer: Renderer
    let tokens: APITokenRepository
    let database: AppDatabase
    /// Draws `/me` again with a new token's problems on its fields.
    let me: MyAccountController

    /// `/me`'s tokens: each with its scope and last use, a revoke button, and the form for a new one.
    /// `input` and `errors`: a new token's form sent back with its problems.
    static func section(
        for account: Account, tokens: APITokenRepository, context: AppRequestContext, format: Formatting, input: [String: String] = [:],
        errors: FieldErrors = FieldErrors()
    ) throws -> HTML {
        func problem(_ field: String) -> HTML {
            errors[field].map { #"<p class="field-error" role="alert">\#(format.t($0, errors.values[field] ?? [:]))</p>"# } ?? .empty
        }
        let csrf: HTML = #"<input type="hidden" name="_csrf" value="\#(context.csrfToken)">"#
        var html: HTML =
            #"<h2>\#(format.t("api.tokens.title"))</h2><p>\#(format.t("api.tokens.explain")) <a href="\#(APIRoutes.about.pattern)">\#(format.t("api.tokens.more"))</a></p>"#
        let mine = try tokens.tokens(accountID: account.id!)
        if !mine.isEmpty {
            html += #"<ul class="plain tokens">"#
            for token in mine {
                let used = token.lastUsedAt.map { format.t("api.tokens.used", ["when": format.moment($0)]) } ?? format.t("api.tokens.never_used")
                html +=
                    #"<li><strong>\#(token.name)</strong> <span class="meta">\#(format.t("api.scope." + token.scope.rawValue)) · \#(format.t("api.tokens.made", ["when": format.moment(token.createdAt)])) · \#(used)</span>"#
                if let revoked = token.revokedAt {
                    html += #" <span class="meta">— \#(format.t("api.tokens.revoked", ["when": format.moment(revoked)]))</span>"#
                } else {
                    html +=
                        #" <form method="post" action="\#(APIRoutes.revokeToken(token.id))" class="inline-form">\#(csrf)<button type="submit">\#(format.t("api.tokens.revoke"))</button></form>"#
                }
                html += "</li>"
            }
            html += "</ul>"
        }
        html += #"<form method="post" action="\#(APIRoutes.tokens.pattern)">\#(csrf)<label for="token-name">\#(format.t("api.tokens.name"))</label>"#
        html +=
            #"<input id="token-name" name="name" required value="\#(input["name"] ?? "")" placeholder="\#(format.t("api.tokens.name_example"))">\#(problem("name"))"#
        html += #"<fieldset class="choices"><legend>\#(format.t("api.tokens.scope"))</legend>"#
        for scope in scopes(for: account.role) {
            let checked: HTML = scope.rawValue == (input["scope"] ?? "read") ? " checked" : .empty
            html +=
                #"<label class="choice"><input type="radio" name="scope" value="\#(scope.rawValue)"\#(checked)> \#(format.t("api.scope." + scope.rawValue))</label>"#
        }
        html += #"\#(problem("scope"))</fieldset><button type="submit" class="primary">\#(format.t("api.tokens.make"))</button></form>"#
        return html
    }

    /// What a member may give a token: a viewer reads; the owner alone may give `admin`.
    static func scopes(for role: Role) -> [TokenScope] {
        switch role {
        case .owner: [.read, .record, .admin]
        case .adult: [.read, .record]
        case .viewer: [.read]
        }
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        var errors = FieldErrors()
        let name = FormInput.text(input, "name", errors: &errors)
        if name == nil && errors.isEmpty { errors.add("name", "api.error.token_name") }
        let scope = input["scope"].flatMap(TokenScope.init(rawValue:))
        if scope.map({ !Self.scopes(for: member.account.role).contains($0) }) ?? true { errors.add("scope", "error.choice.unknown") }
        guard errors.isEmpty else { return try me.page(tokenInput: input, tokenErrors: errors, request: request, context: context) }
        guard let name, let scope else { return try me.page(tokenInput: input, tokenErrors: errors, request: request, context: context) }
        do {
            let made = try await tokens.create(accountID: member.accountID, name: name, scope: scope)
            return try shown(made.token, name: name, scope: scope, request: request, context: context)
        } catch StoreError.full(let most) {
            errors.add("name", "api.error.too_many_tokens", ["most": String(most)])
            return try me.page(tokenInput: input, tokenErrors: errors, request: request, context: context)
        }
    }

    @Sendable func revoke(_ request: Request, context: APITokenContext) async throws -> Response {
        let member = try context.app.requireMember()
        guard try await tokens.revoke(id: context.token.id, accountID: member.accountID) else { throw PageError.notFound }
        return .redirect(to: HouseholdRoutes.me.pattern + "#tokens", type: .normal)
    }

    @Sendable func about(_ request: Request, context: AppRequestContext) async throws -> Response {
        let person = try await SubjectRepository(database).subjects(access: context.access).first { $0.kind == .person }
        let page = APIPage(address: Self.address(request, context), canRecord: context.role?.canRecord == true, personID: person?.id)
        return renderer.page(page, titleKey: "api.title", request: request, context: context)
    }

    @Sendable func homeAssistant(_ request: Request, context: AppRequestContext) async throws -> Response {
        let page = HomeAssistantPage(package: nil, address: Self.address(request, context))
        return renderer.page(page, titleKey: "api.ha.title", request: request, context: context)
    }

    /// Makes a token for Home Assistant (read and record) and the package that uses it.
    @Sendable func makeHomeAssistant(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let name = renderer.strings.text("api.ha.token_name", context.language)
        let made = try await tokens.create(accountID: member.accountID, name: name, scope: .record)
        let subjects = try await SubjectRepository(database).subjects(access: context.access)
        let yaml = HomeAssistantPackage.yaml(
            address: Self.address(request, context), token: made.token, subjects: subjects, household: context.household?.name ?? "Hearth",
            made: LocalDate(context.now, in: context.timeZone)
        ) { renderer.strings.text($0, context.language, $1) }
        let page = HomeAssistantPage(package: yaml, address: Self.address(request, context))
        return Self.secret(renderer.page(page, titleKey: "api.ha.title", request: request, context: context), instead: HouseholdRoutes.me.pattern + "#tokens")
    }

    /// A page that shows a token once: never kept for a repeat of its request (the phone's
    /// outbox, a double tap), which is sent to `instead` — the token is in no table or backup.
    static func secret(_ response: Response, instead: String) -> Response {
        var response = response
        response.headers[IdempotencyMiddleware.secretAnswer] = instead
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func shown(_ token: String, name: String, scope: TokenScope, request: Request, context: AppRequestContext) throws -> Response {
        let page = TokenMadePage(
            token: token, name: name, scope: renderer.strings.text("api.scope.\(scope.rawValue)", context.language),
            address: Self.address(request, context))
        return Self.secret(
            renderer.page(page, titleKey: "api.tokens.made_title", request: request, context: context), instead: HouseholdRoutes.me.pattern + "#tokens")
    }

    /// This server as the browser reached it: what a script on the same network will call.
    static func address(_ request: Request, _ context: AppRequestContext) -> String {
        "\(context.isSecure ? "https" : "http")://\(request.head.authority ?? "127.0.0.1:8080")"
    }
}
