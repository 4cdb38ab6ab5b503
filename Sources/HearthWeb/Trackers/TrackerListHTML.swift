import HearthCore
import HearthHTML
import HearthStore

/// `/trackers`' lists: the household's trackers, and the ready-made ones' one-tap buttons.
enum TrackerListHTML {
    static func trackers(_ trackers: [Tracker], names: [Int64: String], canEdit: Bool, format: Formatting) -> HTML {
        var html = HTML.empty
        for tracker in trackers {
            let fields = tracker.input.fields.filter { !$0.removed }.map(\.name).joined(separator: " · ")
            let edit: HTML = canEdit ? #" · <a href="\#(TrackerRoutes.edit(tracker.id))">\#(format.t("trackers.edit"))</a>"# : ""
            html +=
                #"<li><strong>\#(tracker.input.name)</strong> — \#(whom(tracker.input.subjects, names, format))<br><span class="meta">\#(fields)</span>\#(edit)</li>"#
        }
        return html
    }

    static func readyMade(csrf: String, format: Formatting) -> HTML {
        var html = HTML.empty
        for kind in ReadyMadeTracker.allCases {
            html += #"<li><form method="post" action="\#(TrackerRoutes.readyMade.pattern)"><input type="hidden" name="_csrf" value="\#(csrf)">"#
            html +=
                #"<input type="hidden" name="ready" value="\#(kind.rawValue)"><button type="submit">+ \#(format.t("trackers.ready.\(kind.rawValue).name"))</button>"#
            html += #" <span class="meta">\#(format.t("trackers.ready.\(kind.rawValue).about"))</span></form></li>"#
        }
        return html
    }

    /// Whom a tracker is for, in words: "사람", "고양이 모두", a subject's name.
    static func whom(_ subjects: TrackerSubjects, _ names: [Int64: String], _ format: Formatting) -> String {
        switch subjects {
        case .people: format.t("trackers.for.people")
        case .species(let species): format.t("trackers.for.species", ["species": format.t("pets.species.\(species.rawValue)")])
        case .subject(let id): names[id] ?? "—"
        }
    }
}
