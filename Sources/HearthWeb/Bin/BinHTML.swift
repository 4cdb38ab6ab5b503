import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The bin's rows: whose, what it was (a record as its timeline says it: "토리 · 간식 — 닭가슴살
/// 져키 · 1 개"), when it happened, who deleted it and when, when it goes, and "되돌리기".
enum BinHTML {
    static func rows(_ items: [BinItem], days: Int, canPutBack: Bool, csrf: String, format: Formatting) -> HTML {
        var html = HTML.empty
        for item in items {
            var what: String
            var detail = ""
            switch item.kind {
            case .entry:
                if let record = item.record {
                    let said = format.summary(record, unit: item.weightUnit)
                    (what, detail) = (said.title, said.detail)
                } else {
                    what = format.t("pets.kind.\(item.label)")
                }
            case .appointment: what = format.t("bin.kind.appointment") + " · " + format.t("appointments.kind.\(item.label)")
            case .regimen, .routine: what = format.t("bin.kind.\(item.kind.rawValue)") + " · " + item.label
            }
            var line: HTML = item.subjectName.map { "\($0) · " } ?? .empty
            line += "<strong>\(what)</strong>"
            if !detail.isEmpty { line += " — \(detail)" }
            if let record = item.record {
                line += " · \(format.dayHeading(record.localDate)) \(format.clock(record.occurredAt))"
            } else if let day = item.day {
                line += " · \(format.dayHeading(day))"
            }
            if item.copies > 1 { line += " · \(format.t("bin.copies", ["n": String(item.copies)]))" }
            let goes = LocalDate(item.deletedAt.addingTimeInterval(Double(days) * 86_400), in: format.timeZone)
            let deleted =
                item.deletedBy.map { format.t("bin.deleted_by", ["who": $0, "when": format.moment(item.deletedAt)]) }
                ?? format.t("bin.deleted_on", ["when": format.moment(item.deletedAt)])
            html +=
                #"<li class="card"><span>\#(line)</span> <span class="meta">\#(deleted) · \#(format.t("bin.gone_on", ["date": format.dayHeading(goes)]))</span>"#
            if canPutBack {
                html +=
                    #"<form method="post" action="\#(BinRoutes.putBack.pattern)" class="inline"><input type="hidden" name="_csrf" value="\#(csrf)"><input type="hidden" name="kind" value="\#(item.kind.rawValue)"><input type="hidden" name="id" value="\#(String(item.id))"><button type="submit">\#(format.t("bin.put_back"))</button></form>"#
            }
            html += "</li>"
        }
        return html
    }
}
