import HearthHTML
import HearthCore

/// A list of records as HTML `<li>` items: a pet's today and each day of its timeline.
///
/// This one piece of markup is written in Swift instead of a Mustache partial because it is
/// the inner loop of the two busiest pages: Mustache spent about 25 µs a record on it, most
/// of a timeline page's time, and the pages must answer within 20 ms under load.
enum EntryListHTML {
    /// The edit and delete controls, the same on every record of a page; nil for a member
    /// who may not record, or on an archived pet's pages.
    struct Actions {
        let edit: String
        let delete: String
        /// The one form every delete button on the page submits, each with its own
        /// `formaction`: the CSRF token is written once a page rather than once a record,
        /// which was a fifth of a timeline page. Goes outside the list (`{{{page.recordForm}}}`).
        let form: HTML

        /// Where a record's edit and delete go: a pet's records' own pages; a person's delete is
        /// under the person (`PersonRoutes.deleteRecord`), and their records are changed by saving again.
        var editLink: @Sendable (Int64) -> String? = { RecordRoutes.edit($0) }
        var deleteLink: @Sendable (Int64) -> String = { RecordRoutes.delete($0) }

        init?(_ context: AppRequestContext, format: Formatting, mayChange: Bool = true) {
            guard mayChange, context.role?.canRecord == true else { return nil }
            edit = format.t("pets.record.edit")
            delete = format.t("pets.record.delete")
            form = #"<form id="record-delete" method="post" class="inline" hidden><input type="hidden" name="_csrf" value="\#(context.csrfToken)"></form>"#
        }
    }

    /// A timeline's days, newest first, each a heading and its records.
    static func days(_ days: [(date: LocalDate, heading: String, entries: [EntryView])], actions: Actions?, photoLabel: String) -> HTML {
        var html = HTML.empty
        for day in days {
            html += #"<section class="day"><h2><time datetime="\#(day.date.description)">\#(day.heading)</time></h2>"#
            html += #"<ol class="entries">\#(render(day.entries, actions: actions, photoLabel: photoLabel))</ol></section>"# + "\n"
        }
        return html
    }

    /// - Parameter photoLabel: what a photo link says to a screen reader ("Open the photo").
    static func render(_ entries: [EntryView], actions: Actions?, photoLabel: String) -> HTML {
        var html = HTML.empty
        html.reserveCapacity(entries.count * 600)
        for entry in entries {
            html += #"<li class="entry \#(entry.kind)" id="record-\#(entry.id)"><span class="time">\#(entry.time)</span><div class="entry-body">"#
            html += "<strong>\(entry.title)</strong> <span class=\"detail\">\(entry.detail)</span>"
            if let note = entry.note { html += "<p class=\"note\">\(note)</p>" }
            if !entry.photos.isEmpty {
                html += #"<ul class="thumbs">\#(PhotoGridHTML.render(entry.photos, size: 72, label: photoLabel))</ul>"#
            }
            if entry.recordedBy != nil || actions != nil {
                html += #"<div class="entry-actions">"#
                if let by = entry.recordedBy { html += #"<span class="by">\#(by)</span>"# }
                if let actions {
                    if let edit = actions.editLink(entry.id) { html += #"<a href="\#(edit)">\#(actions.edit)</a>"# }
                    html +=
                        #"<button type="submit" form="record-delete" formaction="\#(actions.deleteLink(entry.id))" class="link">\#(actions.delete)</button>"#
                }
                html += "</div>"
            }
            html += "</div></li>\n"
        }
        return html
    }
}
