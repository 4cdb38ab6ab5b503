import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The "Medicines" card of a pet's or a person's page: today's doses (marked there with one
/// tap), each regimen with this month's adherence, and where to add one.
enum SubjectMedicinesHTML {
    static func card(subjectID: Int64, regimens: RegimenRepository, context: AppRequestContext, now: Date, format: Formatting, back: String) throws -> HTML {
        let today = LocalDate(now, in: context.timeZone)
        let monthStart = LocalDate(year: today.year, month: today.month, day: 1)!
        let found = try regimens.doses(access: context.access, subjectID: subjectID, from: monthStart, to: today, in: context.timeZone)
        let canRecord = context.role?.canRecord == true
        let doses = found.filter { !$0.regimen.deleted }.inTimeOrder.filter { $0.slot.day == today }
        var html = HTML.empty
        if !doses.isEmpty {
            html +=
                #"<h3>\#(format.t("doses.today"))</h3><ul class="dose-list">\#(DoseListHTML.render(doses, now: now, canRecord: canRecord, csrf: context.csrfToken, back: back, format: format, showSubject: false))</ul>"#
        }
        var list = HTML.empty
        for entry in found where !entry.regimen.deleted && !entry.regimen.hasEnded(by: today) {
            let regimen = entry.regimen
            let adherence = Adherence.of(entry.slots, now: now)
            let figure = adherence.fraction.map { " · " + format.t("regimens.adherence_short", ["percent": String(Int(($0 * 100).rounded()))]) } ?? ""
            list +=
                #"<li><a href="\#(RegimenRoutes.one(regimen.id))"><strong>\#(regimen.name)</strong></a> <span class="meta">\#(format.items(regimen.currentItems)) · \#(format.schedule(regimen.schedule))\#(figure)</span></li>"#
        }
        html += list.isEmpty ? #"<p class="meta">\#(format.t("regimens.none"))</p>"# : #"<ul class="item-list">\#(list)</ul>"#
        if canRecord { html += #"<p><a class="button" href="\#(RegimenRoutes.new.pattern)?subject=\#(subjectID)">+ \#(format.t("regimens.new"))</a></p>"# }
        return html
    }
}
