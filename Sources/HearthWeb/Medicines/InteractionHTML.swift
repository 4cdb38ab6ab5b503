import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// What the public DUR lists say of a person's medicines, in the lists' own words and with
/// their dates: on the person's medicines card, a regimen's page, its form and the report.
enum InteractionHTML {
    static func render(_ check: InteractionCheck, format: Formatting, links: Bool = true) -> HTML {
        guard !check.isEmpty else { return unchecked(check, format: format) }
        /// "<regimen>: <item>", the regimen linked to its page.
        func held(_ medicine: HeldMedicine) -> HTML {
            let regimen: HTML =
                if links, let id = medicine.regimenID { #"<a href="\#(RegimenRoutes.one(id))">\#(medicine.regimenName)</a>"# } else {
                    "\(medicine.regimenName)"
                }
            return "\(regimen): \(medicine.itemName)"
        }
        func words(_ content: String?, _ notified: String?) -> HTML {
            var html = HTML.empty
            if let content { html += #": <q>\#(content)</q>"# }
            if let notified { html += #" <span class="meta">(\#(format.t("interactions.notified", ["date": notified])))</span>"# }
            return html
        }
        var html: HTML = #"<div class="notice warning interactions" role="note">"#
        if !check.interactions.isEmpty {
            html += "<h3>\(format.t("interactions.pairs_heading"))</h3><ul>"
            for interaction in check.interactions {
                let pair = interaction.pair
                html += "<li><strong>\(pair.first.name) + \(pair.second.name)</strong>\(words(pair.content, pair.notified))"
                html += #"<br><span class="meta">\#(held(interaction.first)) · \#(held(interaction.second))</span></li>"#
            }
            html += "</ul>"
        }
        if !check.cautions.isEmpty {
            html += "<h3>\(format.t("interactions.elderly_heading"))</h3><ul>"
            for caution in check.cautions {
                html += "<li><strong>\(caution.caution.ingredient.name)</strong>\(words(caution.caution.content, caution.caution.notified))"
                html += #"<br><span class="meta">\#(held(caution.medicine))</span></li>"#
            }
            html += "</ul>"
        }
        return html + #"<p class="meta">\#(source(check, format: format))</p></div>"# + unchecked(check, format: format)
    }

    /// "DUR 확인 안 됨": the medicines typed that the catalogue has no entry for, so the lists
    /// were not asked about them — said, so no silence reads as "nothing to worry about".
    static func unchecked(_ check: InteractionCheck, format: Formatting) -> HTML {
        guard !check.unchecked.isEmpty else { return .empty }
        let names = check.unchecked.map { "\($0.regimenName): \($0.itemName)" }.joined(separator: ", ")
        return
            #"<p class="notice interactions-unchecked" role="note"><strong>\#(format.t("interactions.unchecked"))</strong> \#(format.t("interactions.unchecked_why", ["names": names]))</p>"#
    }

    /// "From the public DUR lists of <date> (imported <date>), not medical advice."
    static func source(_ check: InteractionCheck, format: Formatting) -> String {
        let lists = DURList.allCases.compactMap { list in
            check.lists[list].map { imported in
                format.t(
                    "interactions.list_of",
                    [
                        "list": format.t("medicines.import.list.\(list.rawValue)"), "date": imported.newestNotified ?? "—",
                        "imported": format.dayHeading(LocalDate(imported.importedAt, in: format.timeZone)),
                    ])
            }
        }
        return format.t("interactions.source", ["lists": lists.joined(separator: ", ")])
    }
}
