import HearthStore
import Hummingbird

/// The household's photos: the gallery, favourites, one photo's page, animations.
enum GalleryArea: Area {
    static let pages: [any Page.Type] = [GalleryPage.self, GalleryPhotoPage.self, AnimationFormPage.self, AnimationPage.self]
    static let help: String? = "gallery"

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        GalleryController(renderer: services.renderer, gallery: GalleryRepository(services.database), subjects: SubjectRepository(services.database), files: services.photoFiles)
            .addRoutes(to: router)
        AnimationsController(renderer: services.renderer, gallery: GalleryRepository(services.database), entries: EntryRepository(services.database),
                             subjects: SubjectRepository(services.database), intake: services.intake, now: services.clock)
            .addRoutes(to: router)
    }
}
