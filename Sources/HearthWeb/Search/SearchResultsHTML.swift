import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The search page's form and its groups of results.
enum SearchResultsHTML {
    /// Records of one kind (or of a page of one kind), each with its day and subject, linking
    /// to itself on the subject's timeline.
    static func records(
        _ entries: [StoredEntry], heading: String?, subjects: [Int64: SubjectSummary], format: Formatting, unit: BodyWeightUnit, more: String? = nil,
        moreLabel: String = ""
    ) -> HTML {
        var html: HTML = #"<section class="card search-group">"#
        if let heading { html += "<h2>\(heading)</h2>" }
        html += #"<ul class="search-results">"#
        for entry in entries {
            let subject = subjects[entry.subjectID]
            let summary = format.summary(entry, unit: subject?.petWeightUnit ?? unit)
            let href = TimelineLink.record(entry, subject: subject)
            html += #"<li><a href="\#(href)"><strong>\#(summary.title)</strong> <span class="detail">\#(summary.detail)</span></a>"#
            html += #"<span class="meta"><time datetime="\#(entry.localDate.description)">\#(format.dayHeading(entry.localDate))</time>"#
            if let subject { html += " · \(subject.name)" }
            html += "</span>"
            if let note = entry.note { html += #"<p class="note">\#(note)</p>"# }
            html += "</li>"
        }
        html += "</ul>"
        if let more { html += #"<p><a href="\#(more)">\#(moreLabel)</a></p>"# }
        return html + "</section>\n"
    }

    /// The link to the next page of a kind's records.
    static func older(_ href: String, label: String) -> HTML {
        #"<p><a class="button" href="\#(href)">\#(label)</a></p>"#
    }

    static func group(_ group: SearchGroup, moreLabel: String) -> HTML {
        var html: HTML = #"<section class="card search-group"><h2>\#(group.heading)</h2><ul class="search-results">"#
        for item in group.items {
            html += #"<li><a href="\#(item.href)"><strong>\#(item.name)</strong></a>"#
            if !item.detail.isEmpty { html += #" <span class="meta">\#(item.detail)</span>"# }
            html += "</li>"
        }
        html += "</ul>"
        if let more = group.more { html += #"<p><a href="\#(more)">\#(moreLabel)</a></p>"# }
        return html + "</section>\n"
    }

    /// The filters under the box: whose, what kind, from and to.
    static func form(
        _ text: String, filter: SearchFilter, subjects: [SubjectSummary], errors: FieldErrors, input: [String: String], format: Formatting
    ) -> HTML {
        var html: HTML = #"<div class="search-filters">"#
        if let error = errors.messages["q"] { html += #"<p class="field-error" id="search-q-error" role="alert">\#(format.t(error))</p>"# }
        html += #"<label for="search-subject">\#(format.t("search.filter.subject"))</label><select id="search-subject" name="subject">"#
        html += #"<option value="">\#(format.t("search.filter.everyone"))</option>"#
        for subject in subjects {
            html += #"<option value="\#(subject.id)"\#(filter.subjectID == subject.id ? HTML(stringLiteral: " selected") : "")>\#(subject.name)</option>"#
        }
        html += "</select>"
        html += #"<label for="search-kind">\#(format.t("search.filter.kind"))</label><select id="search-kind" name="kind">"#
        html += #"<option value="">\#(format.t("search.filter.every_kind"))</option>"#
        for kind in RecordKind.all.map(\.kind) {
            html +=
                #"<option value="\#(kind.rawValue)"\#(filter.kind == kind ? HTML(stringLiteral: " selected") : "")>\#(format.t("pets.kind.\(kind.rawValue)"))</option>"#
        }
        html += "</select>"
        for name in ["from", "to"] {
            let error = errors.messages[name].map { format.t($0) }
            html += #"<label for="search-\#(name)">\#(format.t("search.filter.\(name)"))</label>"#
            html += #"<input id="search-\#(name)" name="\#(name)" type="date" value="\#(input[name] ?? "")""#
            if error != nil { html += #" aria-invalid="true" aria-describedby="search-\#(name)-error""# }
            html += ">"
            if let error { html += #"<p class="field-error" id="search-\#(name)-error">\#(error)</p>"# }
        }
        return html + "</div>"
    }
}
