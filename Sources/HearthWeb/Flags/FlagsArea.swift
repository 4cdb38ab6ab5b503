import HearthCore
import HearthStore
import Hummingbird

/// Flags: what the records show a vet or a doctor would want raised (`FlagRules`), on the
/// subject's page, home and the report, and "seen" for a member who may record.
enum FlagsArea: Area {
    static let pages: [any Page.Type] = [FlagsHomeCard.self]
    static let help: String? = "flags"
    static let cards: (any AreaCards.Type)? = FlagCards.self

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let controller = FlagsController(database: services.database)
        router.group(FlagRoutes.seen.path).loadingSubject(SubjectRepository(services.database))
            .post(use: controller.markSeen)
    }
}

enum FlagRoutes {
    static let seen = Route("/subjects/:id/flags/seen")
}

/// `/subjects/:id/…`: a pet or a person the member may see.
struct SubjectContext: LoadedContext {
    var app: AppRequestContext
    let subject: SubjectSummary

    init(app: AppRequestContext, loaded: SubjectSummary) {
        self.app = app
        self.subject = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    /// `/subjects/:id/…`: the subject, or 404.
    func loadingSubject(_ subjects: SubjectRepository) -> RouterGroup<SubjectContext> {
        loading(SubjectContext.self) { id, context in try subjects.subject(id: id, access: context.access) }
    }
}
