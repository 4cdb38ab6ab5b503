import HearthCore
import HearthHTML
import HearthStore

/// The home page's "3년 전 오늘": this day's photos and diaries in the nearest earlier year, for
/// the subjects the member may see. Shown only when there are any.
struct OnThisDayCard: Page {
    static let template = "gallery/on_this_day"
    let years: HTML

    func child(named name: String) -> Any? {
        name == "years" ? years : nil
    }

    /// At most this many records (photos and diaries) in the card; the gallery's filter has all.
    static let limit = 12

    static func card(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HomeCard? {
        let records = try OnThisDay.records(of: shown.subjects, today: shown.today, limit: limit, in: snapshot)
        guard let nearest = records.first else { return nil }
        let format = shown.format
        let subjects = Dictionary(uniqueKeysWithValues: shown.subjects.map { ($0.id, $0) })
        // Home shows the nearest earlier year (a few photos, two diaries); the gallery's filter has them all.
        let day = nearest.localDate
        let those = records.prefix { $0.localDate == day }
        let ago = shown.today.year - day.year
        var html: HTML = #"<h3>\#(format.t(ago == 1 ? "gallery.year_ago" : "gallery.years_ago", ["years": String(ago)])) "#
        html += #"<time class="meta" datetime="\#(day.description)">\#(day.year)</time></h3>"#
        let photos = those.flatMap { entry in
            entry.photos.indices.map { (sha: entry.photos[$0], place: GalleryPlace(entryID: entry.id, position: $0)) }
        }.prefix(4)
        if !photos.isEmpty {
            html += #"<ul class="photo-grid">"#
            html += PhotoGridHTML.render(photos.map(\.sha), size: 120, label: format.t("photo.open"), links: photos.map { GalleryRoutes.photo($0.place) })
            html += "</ul>"
        }
        html += #"<ul class="plain">"#
        for entry in those.filter({ $0.kind == .diary }).prefix(2) {
            let subject = subjects[entry.subjectID]
            let title = format.summary(entry, unit: subject?.petWeightUnit ?? .kg).title
            html += #"<li><a href="\#(TimelineLink.record(entry, subject: subject))">\#(title)</a>"#
            if let subject { html += #" <span class="meta">\#(subject.name)</span>"# }
            html += "</li> "
        }
        html += #"<li><a href="\#(GalleryRoutes.list.pattern)?onthisday=1">\#(format.t("gallery.on_this_day_all"))</a></li></ul>"#
        return HomeCard(rank: 45, model: OnThisDayCard(years: html))
    }
}
