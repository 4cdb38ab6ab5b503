import Foundation
import HearthCore
import HearthStore

/// One record as a timeline or a day list shows it.
struct EntryView {
    let id: Int64
    let kind: String
    let time: String
    let title: String
    let detail: String
    let note: String?
    /// "by Mina", when the account that recorded it still exists.
    let recordedBy: String?
    /// Photo digests, in order.
    let photos: [String]

    init(_ entry: StoredEntry, format: Formatting, unit: BodyWeightUnit) {
        let summary = format.summary(entry, unit: unit)
        self.id = entry.id
        self.kind = entry.kind.rawValue
        self.time = format.clock(entry.occurredAt)
        self.title = summary.title
        self.detail = summary.detail
        self.note = entry.note
        self.recordedBy = entry.authorName.map { format.t("pets.record.by", ["name": $0]) }
        self.photos = entry.photos
    }
}
