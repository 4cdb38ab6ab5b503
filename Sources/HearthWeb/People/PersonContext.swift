import HearthStore
import Hummingbird

/// `/people/:id/…`: the person the member may see.
struct PersonContext: LoadedContext {
    var app: AppRequestContext
    let person: Person

    init(app: AppRequestContext, loaded: Person) {
        self.app = app
        self.person = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    /// `/people/:id/…`: the person, or 404.
    func loadingPerson(_ people: PersonRepository) -> RouterGroup<PersonContext> {
        loading(PersonContext.self) { id, context in try await people.person(id: id, access: context.access) }
    }
}
