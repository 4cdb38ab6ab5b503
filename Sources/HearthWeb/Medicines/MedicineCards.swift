import HearthStore

/// Medicines' card on a pet's and a person's page: today's doses and the live regimens.
enum MedicineCards: SubjectCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        try person(shown.subject, into: &cards)
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        cards.medicines = try SubjectMedicinesHTML.card(
            subjectID: shown.id, regimens: RegimenRepository(shown.database), context: shown.context, now: shown.now, format: shown.format,
            back: shown.back)
    }
}
