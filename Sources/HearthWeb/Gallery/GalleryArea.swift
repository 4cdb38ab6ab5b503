import HearthStore
import Hummingbird

/// The household's photos: the gallery, favourites, one photo's page, animations.
enum GalleryArea: Area {
    static let pages: [any Page.Type] = [
        GalleryPage.self, GalleryPhotoPage.self, AnimationFormPage.self, AnimationPage.self, NewestPhotosCard.self, OnThisDayCard.self,
    ]
    static let help: String? = "gallery"
    static let cards: (any AreaCards.Type)? = GalleryCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: "/gallery", key: "nav.gallery", place: .more, rank: 0)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let gallery = GalleryController(
            renderer: services.renderer, gallery: GalleryRepository(services.database), subjects: SubjectRepository(services.database),
            files: services.photoFiles)
        router.get("/gallery", use: gallery.list)
        router.get("/gallery/:place", use: gallery.show)
        router.group("/gallery/:place").add(middleware: RequireRecorderMiddleware())
            .post("favourite", use: gallery.favourite)
            .post("remove", use: gallery.remove)
        let animations = AnimationsController(
            renderer: services.renderer, gallery: GalleryRepository(services.database), entries: EntryRepository(services.database),
            subjects: SubjectRepository(services.database), intake: services.intake, jobs: AnimationJobs(changes: services.pageChanges),
            now: services.clock)
        router.group("/gallery/animations").add(middleware: RequireRecorderMiddleware())
            .get("new", use: animations.new)
            .post(use: animations.create)
            .get(":job", use: animations.progress)
            .get(":job/file", use: animations.file)
            .post(":job/save", use: animations.save)
    }
}
