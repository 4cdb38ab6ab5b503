import HearthStore
import Hummingbird

/// `/imports/:id/…`: the import job, when its person is one the member may see (404 otherwise).
struct ImportContext: LoadedContext {
    var app: AppRequestContext
    let job: ImportJob

    init(app: AppRequestContext, loaded: ImportJob) {
        self.app = app
        self.job = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingImport(_ imports: ImportRepository) -> RouterGroup<ImportContext> {
        loading(ImportContext.self) { id, context in try await imports.job(id: id, access: context.access) }
    }
}
