import HearthStore
import Hummingbird

/// `/photos/…`: the stored photos and their derivatives, for members only.
enum PhotosArea: Area {
    static let pages: [any Page.Type] = []
    static let help: String? = nil

    static func addRoutes(to router: Router<AppRequestContext>, services: Services) {
        let photos = PhotosController(files: services.photoFiles, photos: PhotoRepository(services.database))
        router.get(PhotoURL.route.path, use: photos.serve)
    }
}
