import HearthHTML
import HearthStore

/// The home page's newest photos of the household, each opening its place in the gallery.
struct NewestPhotosCard: Page {
    static let template = "gallery/home"
    /// The photos, as grid items.
    let photos: HTML

    func child(named name: String) -> Any? {
        name == "photos" ? photos : nil
    }
}

/// The gallery's part of other pages: on the home page, this day in earlier years and the newest photos.
enum GalleryCards: AreaCards {
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        let earlier = try OnThisDayCard.card(shown, snapshot)
        let photos = try GalleryRepository.newest(of: shown.subjects, limit: 8, in: snapshot)
        guard !photos.isEmpty else { return [earlier].compactMap { $0 } }
        let grid = PhotoGridHTML.render(photos.map(\.sha), size: 120, label: shown.format.t("photo.open"), links: photos.map { GalleryRoutes.photo($0.place) })
        return [earlier, HomeCard(rank: 50, model: NewestPhotosCard(photos: grid))].compactMap { $0 }
    }
}
