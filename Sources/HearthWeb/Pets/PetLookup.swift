import HearthStore
import Hummingbird

extension PetRepository {
    /// The pet named by the route's `:id`, or a 404.
    func pet(in context: AppRequestContext) async throws -> Pet {
        let id = try context.parameters.require("id", as: Int64.self)
        guard let pet = try await pet(id: id) else { throw PageError.notFound }
        return pet
    }
}
