/// A list of records as HTML `<li>` items: a pet's today and each day of its timeline.
///
/// This one piece of markup is written in Swift instead of a Mustache partial because it is
/// the inner loop of the two busiest pages: Mustache spent about 25 µs a record on it, most
/// of a timeline page's time, and the pages must answer within 20 ms under load. Every value
/// goes through the same escaping as `{{value}}`; templates include the result with
/// `{{{…}}}`, which is otherwise kept for SVG charts.
enum EntryListHTML {
    /// The edit and delete controls, the same on every record of a page; nil for a member
    /// who may not record.
    struct Actions {
        let csrf: String
        let edit: String
        let delete: String

        init?(_ context: AppRequestContext, format: PetFormatting) {
            guard context.role?.canRecord == true else { return nil }
            csrf = context.csrfToken
            edit = format.t("record.edit")
            delete = format.t("record.delete")
        }
    }

    static func render(_ entries: [EntryView], actions: Actions?) -> String {
        let e = FastHTMLEscaping.escape
        var html = ""
        html.reserveCapacity(entries.count * 600)
        for entry in entries {
            html += #"<li class="entry \#(e(entry.kind))"><span class="time">\#(e(entry.time))</span><div class="entry-body">"#
            html += "<strong>\(e(entry.title))</strong> <span class=\"detail\">\(e(entry.detail))</span>"
            if let note = entry.note { html += "<p class=\"note\">\(e(note))</p>" }
            if !entry.photos.isEmpty {
                html += #"<ul class="thumbs">\#(PhotoGridHTML.render(entry.photos, size: 72))</ul>"#
            }
            if entry.recordedBy != nil || actions != nil {
                html += #"<div class="entry-actions">"#
                if let by = entry.recordedBy { html += #"<span class="by">\#(e(by))</span>"# }
                if let actions {
                    html += #"<a href="/records/\#(entry.id)/edit">\#(e(actions.edit))</a>"#
                    html += #"<form method="post" action="/records/\#(entry.id)/delete" class="inline"><input type="hidden" name="_csrf" value="\#(e(actions.csrf))">"#
                    html += #"<button type="submit" class="link">\#(e(actions.delete))</button></form>"#
                }
                html += "</div>"
            }
            html += "</div></li>\n"
        }
        return html
    }
}
