import HearthStore

/// The gallery's part of other pages: on the home page, this day in earlier years (the newest
/// photos are the gallery's own first page, one tap from More).
enum GalleryCards: AreaCards {
    static func home(_ shown: ShownHome, _ snapshot: Snapshot) throws -> [HomeCard] {
        [try OnThisDayCard.card(shown, snapshot)].compactMap { $0 }
    }
}
