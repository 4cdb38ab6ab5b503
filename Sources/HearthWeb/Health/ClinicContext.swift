import HearthStore
import Hummingbird

/// `/clinics/:id/…`: the clinic, loaded once (the household's list, the register beside it).
struct ClinicContext: LoadedContext {
    var app: AppRequestContext
    let clinic: Clinic

    init(app: AppRequestContext, loaded: Clinic) {
        self.app = app
        self.clinic = loaded
    }
}

/// `/pets/:id/card`: the pet and its care as of today, read together for the member.
struct PetCareContext: LoadedContext {
    var app: AppRequestContext
    let pet: Pet
    let care: PetCare

    init(app: AppRequestContext, loaded: (pet: Pet, care: PetCare)) {
        self.app = app
        (pet, care) = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingClinic(_ clinics: ClinicRepository) -> RouterGroup<ClinicContext> {
        loading(ClinicContext.self) { id, _ in try clinics.clinic(id: id) }
    }

    func loadingPetCare(_ care: CareRepository) -> RouterGroup<PetCareContext> {
        loading(PetCareContext.self) { id, context in try care.care(petID: id, access: context.access, today: context.today) }
    }
}
