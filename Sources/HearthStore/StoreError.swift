/// Refusals that protect the household's invariants; the web layer turns each into a message.
public enum StoreError: Error, Equatable, Sendable {
    /// Setup has already happened; it happens once.
    case alreadySetUp
    /// Another account already has this username (compared case-insensitively).
    case usernameTaken
    /// The household would be left without an active owner.
    case lastOwner
    case accountNotFound
    /// The pet, record or food asked for does not exist.
    case notFound
}
