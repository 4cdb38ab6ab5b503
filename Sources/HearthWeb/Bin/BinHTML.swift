import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The bin's rows: what it was, for whom, when it was deleted and when it goes, and "되돌리기".
enum BinHTML {
    static func rows(_ items: [BinItem], days: Int, canPutBack: Bool, csrf: String, format: Formatting) -> HTML {
        var html = HTML.empty
        for item in items {
            let what: String =
                switch item.kind {
                case .entry: format.t("pets.kind.\(item.label)")
                case .appointment: format.t("bin.kind.appointment") + " · " + format.t("appointments.kind.\(item.label)")
                case .regimen, .routine: format.t("bin.kind.\(item.kind.rawValue)") + " · " + item.label
                }
            var line: HTML = "<strong>\(what)</strong>"
            if let name = item.subjectName { line += " · \(name)" }
            if let day = item.day { line += " · \(format.dayHeading(day))" }
            if item.copies > 1 { line += " · \(format.t("bin.copies", ["n": String(item.copies)]))" }
            let goes = LocalDate(item.deletedAt.addingTimeInterval(Double(days) * 86_400), in: format.timeZone)
            html +=
                #"<li class="card"><span>\#(line)</span> <span class="meta">\#(format.t("bin.deleted_on", ["when": format.moment(item.deletedAt)])) · \#(format.t("bin.gone_on", ["date": format.dayHeading(goes)]))</span>"#
            if canPutBack {
                html +=
                    #"<form method="post" action="\#(BinRoutes.putBack.pattern)" class="inline"><input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="kind" value="\#(item.kind.rawValue)"><input type="hidden" name="id" value="\#(String(item.id))"><button type="submit">\#(format.t("bin.put_back"))</button></form>"#
            }
            html += "</li>"
        }
        return html
    }
}
