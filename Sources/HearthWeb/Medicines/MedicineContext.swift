import HearthStore
import Hummingbird

/// `/medicines/:id/…`: the catalogue's medicine, loaded once (the catalogue is the whole household's).
struct MedicineContext: LoadedContext {
    var app: AppRequestContext
    let medicine: Medicine

    init(app: AppRequestContext, loaded: Medicine) {
        self.app = app
        self.medicine = loaded
    }
}

extension RouterMethods where Context == AppRequestContext {
    func loadingMedicine(_ medicines: MedicineRepository) -> RouterGroup<MedicineContext> {
        loading(MedicineContext.self, by: { id, context in try medicines.medicine(id: id) })
    }
}
