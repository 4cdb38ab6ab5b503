import HearthCore
import HearthHTML
import HearthStore

/// The pills found on `/medicines/pills`: each with its looks and prints, its product's page
/// (when the drug list holds it) and the household's regimens of it.
enum PillListHTML {
    static func render(_ pills: [FoundPill], format: Formatting) -> HTML {
        var html = HTML.empty
        for item in pills {
            let pill = item.pill
            let name: HTML =
                item.medicineID.map { #"<a href="\#(MedicineRoutes.one($0))"><strong>\#(pill.name)</strong></a>"# } ?? "<strong>\(pill.name)</strong>"
            html += #"<li class="pill">\#(name)"#
            if let company = pill.company { html += #" <span class="meta">\#(company)</span>"# }
            let looks = [pill.colourFront, pill.colourBack.flatMap { $0 == pill.colourFront ? nil : $0 }, pill.shape, pill.form, pill.size.map { $0 + " mm" }]
                .compactMap { $0 }
            html += #"<p class="badges">\#(looks.map { #"<span class="tag">\#($0)</span>"# as HTML }.joined(separator: " "))</p>"#
            let prints = [
                pill.printFront.map { format.t("pills.front", ["print": $0]) }, pill.printBack.map { format.t("pills.back", ["print": $0]) },
                pill.lineFront.map { format.t("pills.line_front", ["line": $0]) },
            ].compactMap { $0 }
            if !prints.isEmpty { html += #"<p>\#(prints.joined(separator: " · "))</p>"# }
            if !item.regimens.isEmpty {
                let links = item.regimens.map { #"<a href="\#(RegimenRoutes.one($0.id))">\#($0.subjectName): \#($0.name)</a>"# as HTML }.joined(separator: ", ")
                html += #"<p>\#(format.t("pills.in_regimens")) \#(links)</p>"#
            }
            html += "</li>"
        }
        return html.isEmpty ? .empty : #"<ul class="plain pill-list">\#(html)</ul>"#
    }
}
