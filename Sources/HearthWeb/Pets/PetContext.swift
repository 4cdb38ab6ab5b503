import HearthCore
import HearthStore
import Hummingbird

// The pets area's route groups load what `:id` names once, before the handler, and refuse
// what may not change; handlers take it from their context.

/// `/pets/:id/…`: the pet the member may see.
struct PetContext: LoadedContext {
    var app: AppRequestContext
    let pet: Pet

    init(app: AppRequestContext, loaded: Pet) {
        self.app = app
        self.pet = loaded
    }
}

/// `/records/:id/…`: the record and its pet.
struct RecordContext: LoadedContext {
    var app: AppRequestContext
    let record: StoredEntry
    let pet: Pet

    init(app: AppRequestContext, loaded: (record: StoredEntry, pet: Pet)) {
        self.app = app
        (record, pet) = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    /// `/pets/:id/…`: the pet, or 404.
    func loadingPet(_ pets: PetRepository) -> RouterGroup<PetContext> {
        loading(PetContext.self) { id, context in try await pets.pet(id: id, access: context.access) }
    }

    /// `/records/:id/…`: the record (a live one, or with `deleted` one in the bin) and its pet, or 404.
    func loadingRecord(_ entries: EntryRepository, pets: PetRepository, deleted: Bool) -> RouterGroup<RecordContext> {
        loading(RecordContext.self) { id, context in
            guard let entry = try await entries.entry(id: id), (entry.deletedAt != nil) == deleted,
                let pet = try await pets.pet(id: entry.subjectID, access: context.access)
            else { return nil }
            return (entry, pet)
        }
    }
}

/// An archived pet's history is kept as it was: its profile, records and food preferences
/// take no changes (409) until the pet is brought back from the archive.
struct ArchivedPetIsReadOnlyMiddleware<Context: PetInContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if context.pet.isArchived { throw PageError(status: .conflict, messageKey: "pets.error.archived") }
        return try await next(request, context)
    }
}

/// A context that has a pet: a pet's own routes and a record's.
protocol PetInContext: RequestContext {
    var pet: Pet { get }
}

extension PetContext: PetInContext {}
extension RecordContext: PetInContext {}
