import HearthCore
import HearthHTML
import HearthStore

/// The home page's "3년 전 오늘": this day's photos and diaries in earlier years, a group a
/// year, for the subjects the member may see. Shown only when there are any.
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
        guard !records.isEmpty else { return nil }
        let format = shown.format
        let subjects = Dictionary(uniqueKeysWithValues: shown.subjects.map { ($0.id, $0) })
        var html = HTML.empty
        var start = records.startIndex
        while start < records.endIndex {
            let day = records[start].localDate
            let end = records[start...].firstIndex { $0.localDate != day } ?? records.endIndex
            let ago = shown.today.year - day.year
            html += #"<h3>\#(format.t(ago == 1 ? "gallery.year_ago" : "gallery.years_ago", ["years": String(ago)])) "#
            html += #"<time class="meta" datetime="\#(day.description)">\#(format.dayHeading(day))</time></h3>"#
            let photos = records[start..<end].flatMap { entry in
                entry.photos.indices.map { (sha: entry.photos[$0], place: GalleryPlace(entryID: entry.id, position: $0)) }
            }
            if !photos.isEmpty {
                html += #"<ul class="photo-grid">"#
                html += PhotoGridHTML.render(
                    photos.prefix(8).map(\.sha), size: 120, label: format.t("photo.open"), links: photos.prefix(8).map { GalleryRoutes.photo($0.place) })
                html += "</ul>"
            }
            let diaries = records[start..<end].filter { $0.kind == .diary }
            if !diaries.isEmpty {
                html += #"<ul class="plain">"#
                for entry in diaries {
                    let subject = subjects[entry.subjectID]
                    let title = format.summary(entry, unit: subject?.petWeightUnit ?? .kg).title
                    html += #"<li><a href="\#(TimelineLink.record(entry, subject: subject))">\#(title)</a>"#
                    if let subject { html += #" <span class="meta">\#(subject.name)</span>"# }
                    html += "</li>"
                }
                html += "</ul>"
            }
            start = end
        }
        html += #"<p><a href="\#(GalleryRoutes.list.pattern)?onthisday=1">\#(format.t("gallery.on_this_day_all"))</a></p>"#
        return HomeCard(rank: 45, model: OnThisDayCard(years: html))
    }
}
