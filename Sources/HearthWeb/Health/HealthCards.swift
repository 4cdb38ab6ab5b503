import HearthCore
import HearthStore

/// Health's cards on a pet's page: what is due with the last visit and vaccinations, and the
/// feeding calculator with its settings (dogs and cats).
enum HealthCards: SubjectCards {
    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        let (pet, care, format, today) = (shown.overview.pet, shown.overview.care, shown.subject.format, shown.subject.context.today)
        cards.care = PetCareHTML.summary(care, pet: pet, format: format, today: today)
        cards.feeding = PetCareHTML.feeding(care, pet: pet, format: format, today: today)
        if shown.mayChange && (pet.profile.species == .dog || pet.profile.species == .cat) {
            cards.feedingForm = PetCareHTML.feedingForm(
                care.feeding, pet: pet, foods: shown.overview.foods.map(\.food), csrf: shown.subject.context.csrfToken, format: format)
        }
    }
}
