import HearthCore
import HearthHTML
import HearthStore

/// Trackers on a pet's and a person's page: a button a tracker they keep, and its newest record.
enum TrackerCards: AreaCards {
    static let exportKinds = HouseholdExport.trackerKinds
    static let demo: (any DemoStep.Type)? = TrackersDemo.self

    static func charts(_ shown: ShownCharts) throws -> [AreaChart] { try TrackerCharts.charts(shown) }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try TrackersReportHTML.sections(shown, snapshot)
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        let pet = shown.overview.pet
        if let card = try card(
            shown.subject, species: pet.profile.species, charts: ChartRoutes.pet(pet.id),
            record: { PetRoutes.newRecord(pet.id) + "?kind=tracker&tracker=\($0)" })
        {
            cards.add(card)
        }
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        if let card = try card(shown, species: nil, charts: ChartRoutes.person(shown.id), record: { TrackerRoutes.personRecord(shown.id, $0) }) {
            cards.add(card)
        }
    }

    static func card(_ shown: ShownSubject, species: Species?, charts: String, record: (Int64) -> String) throws -> SubjectCard? {
        let kept = try TrackerRepository(shown.database).kept(subjectID: shown.id, species: species, access: shown.context.access)
        guard !kept.isEmpty else { return nil }
        let format = shown.format
        let canRecord = shown.context.mayRecord(for: shown.id)
        var html: HTML = #"<ul class="tracker-list">"#
        for (tracker, latest) in kept {
            html += "<li>"
            if canRecord {
                html += #"<a class="button" href="\#(record(tracker.id))">+ \#(tracker.input.name)</a> "#
            } else {
                html += "<strong>\(tracker.input.name)</strong> "
            }
            if let latest, case .tracker(let entry) = latest.details {
                html += #"<span class="meta">\#(format.moment(latest.occurredAt)) · \#(format.trackerLine(entry))</span>"#
            }
            if latest != nil, let field = TrackerCharts.firstCharted(tracker.input) {
                html += #" <a href="\#(QueryLink.make(charts, ["chart": TrackerCharts.key(tracker.id, field.key)]))">\#(format.t("trackers.chart.link"))</a>"#
            }
            html += "</li>"
        }
        html += #"</ul><p class="meta"><a href="\#(TrackerRoutes.list.pattern)">\#(format.t("trackers.all"))</a></p>"#
        return SubjectCard(rank: 30, id: "trackers", heading: format.t("trackers.title"), html: html)
    }
}
