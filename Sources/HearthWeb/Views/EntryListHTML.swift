/// A list of records as HTML `<li>` items: a pet's today and each day of its timeline.
///
/// This one piece of markup is written in Swift instead of a Mustache partial because it is
/// the inner loop of the two busiest pages: Mustache spent about 25 µs a record on it, most
/// of a timeline page's time, and the pages must answer within 20 ms under load. Every value
/// goes through the same escaping as `{{value}}`; templates include the result with
/// `{{{…}}}`, which is otherwise kept for SVG charts.
enum EntryListHTML {
    static func render(_ entries: [EntryView]) -> String {
        var html = ""
        html.reserveCapacity(entries.count * 600)
        for entry in entries {
            let e = FastHTMLEscaping.escape
            html += #"<li class="entry \#(e(entry.kind))"><span class="time">\#(e(entry.time))</span><div class="entry-body">"#
            html += "<strong>\(e(entry.title))</strong> <span class=\"detail\">\(e(entry.detail))</span>"
            if let note = entry.note { html += "<p class=\"note\">\(e(note))</p>" }
            if entry.hasPhotos {
                html += #"<ul class="thumbs">"#
                for photo in entry.photos {
                    html += #"<li><a href="\#(e(photo["preview"] ?? ""))"><img src="\#(e(photo["thumbnail"] ?? ""))" alt="" width="72" height="72" loading="lazy"></a></li>"#
                }
                html += "</ul>"
            }
            if entry.canRecord {
                html += #"<div class="entry-actions"><a href="/records/\#(entry.id)/edit">\#(e(entry.actions["edit"] ?? ""))</a>"#
                html += #"<form method="post" action="/records/\#(entry.id)/delete" class="inline"><input type="hidden" name="_csrf" value="\#(e(entry.actions["csrf"] ?? ""))">"#
                html += #"<button type="submit" class="link">\#(e(entry.actions["delete"] ?? ""))</button></form></div>"#
            }
            html += "</div></li>\n"
        }
        return html
    }
}
