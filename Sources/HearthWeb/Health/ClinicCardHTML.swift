import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// A clinic as a card: name, open now or not, a call button, the address and the hours.
enum ClinicCardHTML {

    /// `kilometres`: how far from home, when both places are known.
    static func card(_ clinic: Clinic, now: Date, format: Formatting, big: Bool = false, editable: Bool = false, kilometres: Double? = nil) -> HTML {
        let input = clinic.input
        var badges: [HTML] = []
        if let kilometres { badges.append(#"<span class="tag distance">\#(ClinicDistances.label(kilometres, format: format))</span>"#) }
        if input.favourite { badges.append(#"<span class="tag favourite">★ \#(format.t("care.clinic.favourite"))</span>"#) }
        if input.open24Hours {
            badges.append(#"<span class="tag open">\#(format.t("care.clinic.open_24_hours"))</span>"#)
        } else if input.hours.isOpen(at: now, in: format.timeZone) {
            badges.append(#"<span class="tag open">\#(format.t("care.clinic.open_now"))</span>"#)
        } else if let opens = input.hours.nextOpening(after: now, in: format.timeZone) {
            let time = format.minutes(opens.minute)
            let when =
                opens.days == 0
                ? format.t("care.clinic.opens_today", ["time": time])
                : opens.days == 1
                    ? format.t("care.clinic.opens_tomorrow", ["time": time])
                    : format.t("care.clinic.opens_on", ["day": format.t("care.weekday.\(opens.weekday)"), "time": time])
            badges.append(#"<span class="tag closed">\#(format.t("care.clinic.closed_now")) · \#(when)</span>"#)
        }
        if clinic.maybe24Hours { badges.append(#"<span class="tag maybe">\#(format.t("care.clinic.maybe_24_hours"))</span>"#) }
        // The directory's cards are where a search links; the emergency page's big ones may repeat.
        let anchor: HTML = big ? "" : #" id="clinic-\#(clinic.id)""#
        var html: HTML =
            #"<article class="clinic\#(big ? " big" : "")"\#(anchor)><h3>\#(input.name)</h3><p class="badges">\#(badges.joined(separator: " "))</p>"#
        if let phone = input.phone {
            html +=
                #"<a class="button call\#(big ? " primary" : "")" href="tel:\#(ClinicInput.dialable(phone))">\#(format.t("care.clinic.call", ["phone": phone]))</a>"#
        }
        if let address = input.address { html += #"<p class="address">\#(address)</p>"# }
        if !input.open24Hours && !input.hours.isEmpty {
            var rows = HTML.empty
            // Monday first, as a week is read on a clinic's door.
            for day in [1, 2, 3, 4, 5, 6, 0] {
                let text = input.hours.dayText(day)
                rows += "<tr><th>\(format.t("care.weekday.\(day)"))</th><td>\(text.isEmpty ? format.t("care.clinic.closed") : text)</td></tr>"
            }
            html += #"<details class="hours"><summary>\#(format.t("care.clinic.hours"))</summary><table>\#(rows)</table></details>"#
        }
        if let note = input.note { html += #"<p class="note">\#(note)</p>"# }
        if editable { html += #"<p><a href="\#(ClinicRoutes.edit(clinic.id))">\#(format.t("care.clinic.edit"))</a></p>"# }
        return html + "</article>\n"
    }
}
