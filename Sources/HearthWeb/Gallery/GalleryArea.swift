import HearthStore
import Hummingbird

/// The household's photos: the gallery, favourites, one photo's page, animations.
enum GalleryArea: Area {
    static let pages: [any Page.Type] = [
        GalleryPage.self, GalleryPhotoPage.self, AnimationFormPage.self, AnimationPage.self, OnThisDayCard.self,
    ]
    static let help: String? = "gallery"
    static let cards: (any AreaCards.Type)? = GalleryCards.self
    static let navigation: [NavigationEntry] = [
        NavigationEntry(href: GalleryRoutes.list.pattern, key: "nav.gallery", place: .more, rank: 0)
    ]

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let gallery = GalleryController(
            renderer: services.renderer, gallery: GalleryRepository(services.database), subjects: SubjectRepository(services.database),
            files: services.photoFiles)
        typealias R = GalleryRoutes
        router.get(R.list.path, use: gallery.list)
        router.get(R.photo.path, use: gallery.show)
        router.group(R.photo.path).add(middleware: RequireRecorderMiddleware())
            .post(R.favourite.under(R.photo), use: gallery.favourite)
            .post(R.remove.under(R.photo), use: gallery.remove)
        let animations = AnimationsController(
            renderer: services.renderer, gallery: GalleryRepository(services.database), entries: EntryRepository(services.database),
            subjects: SubjectRepository(services.database), intake: services.intake, jobs: AnimationJobs(changes: services.pageChanges),
            now: services.clock)
        router.group(R.animations.path).add(middleware: RequireRecorderMiddleware())
            .get(R.newAnimation.under(R.animations), use: animations.new)
            .post(use: animations.create)
            .get(R.animation.under(R.animations), use: animations.progress)
            .get(R.animationFile.under(R.animations), use: animations.file)
            .post(R.saveAnimation.under(R.animations), use: animations.save)
    }
}

/// The gallery's pages: the photos, one photo by its place (`GalleryPlace`), and the animations
/// made from them, for the router and every link to them.
enum GalleryRoutes {
    static let list = Route("/gallery")
    static let photo = Route("/gallery/:place")
    static let favourite = Route("/gallery/:place/favourite")
    static let remove = Route("/gallery/:place/remove")
    static let animations = Route("/gallery/animations")
    static let newAnimation = Route("/gallery/animations/new")
    static let animation = Route("/gallery/animations/:job")
    static let animationFile = Route("/gallery/animations/:job/file")
    static let saveAnimation = Route("/gallery/animations/:job/save")
}
