import HearthCore
import HearthStore
import Hummingbird

/// `/accounts` (owner): add members, set roles, reset passwords, disable and re-enable.
struct AccountsController {
    let renderer: Renderer
    let accounts: AccountRepository
    let hasher: PasswordHasher
    let pets: PetRepository
    let people: PersonRepository

    /// Outcomes announced after a redirect; anything else in `?done=` is ignored.
    static let outcomes: Set<String> = ["added", "role", "password", "disabled", "enabled", "access"]

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        let done = request.uri.queryParameters.get("done").flatMap { Self.outcomes.contains($0) ? $0 : nil }
        return try await page(
            addInput: ["role": Role.adult.rawValue], addErrors: FieldErrors(),
            noticeKey: done.map { "accounts.done.\($0)" }, problemKey: nil,
            request: request, context: context, status: .ok)
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        try context.requireOwner()
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        switch NewMember.validate(input) {
        case .invalid(let errors):
            return try await page(
                addInput: input, addErrors: errors, noticeKey: nil, problemKey: nil, request: request, context: context, status: .unprocessableContent)
        case .valid(let member):
            let hash = try await hasher.hash(member.password)
            do {
                _ = try await accounts.create(member, passwordHash: hash)
            } catch StoreError.usernameTaken {
                var errors = FieldErrors()
                errors.add("username", "error.username.taken")
                return try await page(
                    addInput: input, addErrors: errors, noticeKey: nil, problemKey: nil, request: request, context: context, status: .unprocessableContent)
            }
            return .redirect(to: AccountRoutes.list.pattern + "?done=added", type: .normal)
        }
    }

    @Sendable func setRole(_ request: Request, context: AccountContext) async throws -> Response {
        let (id, context) = (context.accountID, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context)
        guard let role = input["role"].flatMap(Role.init(rawValue:)) else {
            return try await problem("error.role.unknown", request: request, context: context)
        }
        return try await change(request: request, context: context, done: "role") {
            try await accounts.setRole(role, accountID: id)
        }
    }

    @Sendable func resetPassword(_ request: Request, context: AccountContext) async throws -> Response {
        let (id, context) = (context.accountID, context.app)
        var request = request
        let password = try await FormData.read(&request, context: context)["password"] ?? ""
        var errors = FieldErrors()
        Credentials.checkPassword(password, into: &errors)
        if let key = errors["password"] {
            return try await problem(key, request: request, context: context)
        }
        let hash = try await hasher.hash(password)
        // Signs the member out everywhere and ends their tokens and feed: whoever knew the old
        // password is out too. The owner resetting their own stays signed in here.
        let own = id == context.member?.account.id
        return try await change(request: request, context: context, done: "password") {
            try await accounts.setPasswordHash(hash, accountID: id, keepingSession: own ? context.sessionToken : nil, reset: !own)
        }
    }

    @Sendable func disable(_ request: Request, context: AccountContext) async throws -> Response {
        let (id, context) = (context.accountID, context.app)
        return try await change(request: request, context: context, done: "disabled") {
            try await accounts.setDisabled(true, accountID: id)
        }
    }

    @Sendable func enable(_ request: Request, context: AccountContext) async throws -> Response {
        let (id, context) = (context.accountID, context.app)
        return try await change(request: request, context: context, done: "enabled") {
            try await accounts.setDisabled(false, accountID: id)
        }
    }

    /// `access=everyone`, or `access=limited` with a `subject_<id>` box for each pet and person
    /// the member may see. Ids that name no subject are dropped by the repository.
    @Sendable func setAccess(_ request: Request, context: AccountContext) async throws -> Response {
        let (id, context) = (context.accountID, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context)
        let access: SubjectAccess
        switch input["access"] {
        case "everyone": access = .everyone
        case "limited":
            access = .only(Set(input.fields.keys.compactMap { $0.hasPrefix("subject_") ? Int64($0.dropFirst(8)) : nil }))
        default:
            return try await problem("form.has_errors", request: request, context: context)
        }
        return try await change(request: request, context: context, done: "access") {
            try await accounts.setAccess(access, accountID: id)
        }
    }

    /// Runs one change; the household's own rules (an active owner must remain) come back as a message.
    private func change(request: Request, context: AppRequestContext, done: String, _ work: () async throws -> Void) async throws -> Response {
        do {
            try await work()
        } catch StoreError.accountNotFound {
            throw PageError.notFound
        } catch StoreError.lastOwner {
            return try await problem("accounts.problem.last_owner", request: request, context: context, status: .conflict)
        }
        return .redirect(to: AccountRoutes.list.pattern + "?done=" + done, type: .normal)
    }

    private func problem(
        _ key: String, request: Request, context: AppRequestContext, status: HTTPResponse.Status = .unprocessableContent
    ) async throws -> Response {
        try await page(
            addInput: ["role": Role.adult.rawValue], addErrors: FieldErrors(), noticeKey: nil, problemKey: key, request: request, context: context,
            status: status)
    }

    private func page(
        addInput: [String: String], addErrors: FieldErrors, noticeKey: String?, problemKey: String?,
        request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let strings = renderer.strings
        let language = context.language
        let selfID = context.member?.account.id
        let subjects =
            try await pets.pets(access: .everyone).map { ($0.id, $0.profile.name) }
            + people.people(access: .everyone).map { ($0.id, $0.profile.name) }
        var members: [AccountsPage.MemberRow] = []
        for account in try await accounts.all() {
            let access = account.role == .owner ? .everyone : try await accounts.access(accountID: account.id!)
            let sees =
                switch access {
                case .everyone: strings.text("accounts.sees_everyone", language)
                case .only(let ids) where ids.isEmpty: strings.text("accounts.sees_nobody", language)
                case .only(let ids): subjects.filter { ids.contains($0.0) }.map(\.1).joined(separator: ", ")
                }
            members.append(
                AccountsPage.MemberRow(
                    id: account.id!, displayName: account.displayName, username: account.username,
                    roleLabel: strings.text("role.\(account.role.rawValue)", language),
                    roles: strings.roleOptions(selected: account.role.rawValue, language),
                    disabled: account.isDisabled, isSelf: account.id == selfID,
                    sees: sees, limited: access.isLimited, canLimit: account.role != .owner,
                    subjects: subjects.map { CheckboxView(name: "subject_\($0.0)", label: $0.1, checked: access.isLimited && access.allows($0.0)) }))
        }
        let page = AccountsPage(
            members: members,
            fields: FormFields(
                AccountsPage.fieldNames, input: addInput.filter { $0.key != "password" }, errors: addErrors, strings: strings, language: language),
            roles: strings.roleOptions(selected: addInput["role"], language),
            languages: strings.languageOptions(selected: addInput["language"], includeHouseholdDefault: true, language),
            notice: noticeKey.map { strings.text($0, language) }, problem: problemKey.map { strings.text($0, language) })
        return renderer.page(page, titleKey: "accounts.title", request: request, context: context, status: status)
    }
}
