import HearthStore
import Hummingbird

/// `/regimens/:id/…`: the regimen, loaded once for the member (404 when it is gone or its subject hidden).
struct RegimenContext: LoadedContext {
    var app: AppRequestContext
    let regimen: Regimen

    init(app: AppRequestContext, loaded: Regimen) {
        self.app = app
        self.regimen = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingRegimen(_ regimens: RegimenRepository) -> RouterGroup<RegimenContext> {
        loading(RegimenContext.self, by: { id, context in try regimens.regimen(id: id, access: context.access) })
    }
}
