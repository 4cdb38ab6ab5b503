import HearthCore
import HearthStore
import Hummingbird

// The pets area's route groups load what `:id` names once, before the handler, and refuse
// what may not change; handlers take it from the context.

/// `/pets/:id/…`: the pet, or 404.
struct LoadPetMiddleware: RouterMiddleware {
    let pets: PetRepository

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let pet = try await pets.pet(id: id, access: context.access) else { throw PageError.notFound }
        var context = context
        context.pet = pet
        return try await next(request, context)
    }
}

/// `/records/:id/…`: the record (a live one, or with `deleted` one in the bin) and its pet, or 404.
struct LoadRecordMiddleware: RouterMiddleware {
    let entries: EntryRepository
    let pets: PetRepository
    let deleted: Bool

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        guard let id = context.parameters.get("id", as: Int64.self), let entry = try await entries.entry(id: id),
              (entry.deletedAt != nil) == deleted, let pet = try await pets.pet(id: entry.subjectID, access: context.access)
        else { throw PageError.notFound }
        var context = context
        context.pet = pet
        context.record = entry
        return try await next(request, context)
    }
}

/// An archived pet's history is kept as it was: its profile, records and food preferences
/// take no changes (409) until the pet is brought back from the archive.
struct ArchivedPetIsReadOnlyMiddleware: RouterMiddleware {
    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        if context.pet?.isArchived == true { throw PageError(status: .conflict, messageKey: "pets.error.archived") }
        return try await next(request, context)
    }
}

extension AppRequestContext {
    /// The pet its route group loaded.
    func loadedPet() throws -> Pet {
        guard let pet else { throw PageError(status: .internalServerError, messageKey: "error.server") }
        return pet
    }

    /// The record its route group loaded.
    func loadedRecord() throws -> StoredEntry {
        guard let record else { throw PageError(status: .internalServerError, messageKey: "error.server") }
        return record
    }
}
