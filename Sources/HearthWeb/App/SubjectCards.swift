import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// What one area shows on a pet's or a person's page (Health: care and feeding; Medicines: the
/// medicines card), so the subject's own area names no other: the page asks every area
/// (`Area.subjectCards`) and places each card in its slot.
protocol SubjectCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws
}

extension SubjectCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {}
    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {}
}

/// The places a subject's page has for other areas' cards.
struct SubjectCardSlots {
    var care = HTML.empty
    var medicines = HTML.empty
    var feeding = HTML.empty
    var feedingForm = HTML.empty
}

/// A subject's page as the cards see it: whose, for whom, and when.
struct ShownSubject {
    let id: Int64
    let database: AppDatabase
    let context: AppRequestContext
    let format: Formatting
    let now: Date
    /// Where a form on a card returns to (`/pets/1#medicines`).
    let back: String
}

/// A pet's page: the subject, and what the page read of the pet in its one snapshot.
struct ShownPet {
    let subject: ShownSubject
    let overview: PetOverview
    /// Whether the member may change this pet (a recorder, and the pet not archived).
    let mayChange: Bool
}

extension Areas {
    /// Every area's cards for subjects' pages, in the order of `all`.
    static let subjectCards: [any SubjectCards.Type] = all.compactMap { $0.subjectCards }

    static func petCards(_ shown: ShownPet) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for cards in subjectCards { try cards.pet(shown, into: &slots) }
        return slots
    }

    static func personCards(_ shown: ShownSubject) throws -> SubjectCardSlots {
        var slots = SubjectCardSlots()
        for cards in subjectCards { try cards.person(shown, into: &slots) }
        return slots
    }
}
