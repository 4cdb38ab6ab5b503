/// Refusals that protect the household's invariants; the web layer turns each into a message.
public enum StoreError: Error, Equatable, Sendable {
    /// Setup has already happened; it happens once.
    case alreadySetUp
    /// Another account already has this username (compared case-insensitively).
    case usernameTaken
    /// The household would be left without an active owner.
    case lastOwner
    case accountNotFound
    /// The pet (or another subject) asked for does not exist.
    case petNotFound
    case personNotFound
    /// The pet or person a record is for is gone (a record does not know which it was for).
    case subjectNotFound
    /// The account chosen is already another person of the household.
    case accountAlreadyLinked
    /// The record asked for does not exist, or is not in the state asked for (live, or deleted).
    case recordNotFound
    /// Not in the bin any more (already put back).
    case notInBin
    /// No such thing, or not the member's to see (the bin's forms name what they put back).
    case binItemNotFound
    /// The food picked is not on the household's list.
    case foodNotFound
    /// An edit would change a record's kind (a weight into a meal); a record keeps its kind.
    case kindMismatch
    /// The clinic picked is no longer in the directory.
    case clinicNotFound
    /// Another live regimen of the same subject has this name.
    case regimenNameTaken
    /// The regimen asked for does not exist (or was deleted) or is not the member's to see.
    case regimenNotFound
    /// The routine asked for does not exist (or was deleted).
    case routineNotFound
    /// The tracker was deleted, or is not for this subject.
    case trackerNotFound
    case appointmentNotFound
    /// The tracker's fields changed since the record was checked against them.
    case trackerChanged
    /// There are already `most` of what was added (`Bounds`).
    case full(most: Int)
}
