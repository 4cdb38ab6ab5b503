import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/doses`: one shared dose log. A day's doses for everyone the member may see, marked
/// given or skipped with one tap, and who did it shown to all.
struct DosesController {
    let renderer: Renderer
    let regimens: RegimenRepository
    /// The clock, injected so tests can stand at a dose's time.
    let now: @Sendable () -> Date

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let day = query.get("day").flatMap(LocalDate.init) ?? LocalDate(now(), in: context.timeZone)
        let subject = query.get("subject").flatMap { Int64($0) }
        // The reminder script asks for the list alone each minute.
        if query.get("part") == "list" {
            return Renderer.fragment(try lists(day: day, subject: subject, context: context).scheduled)
        }
        return try page(day: day, subject: subject, message: nil, confirm: nil, request: request, context: context, status: .ok)
    }

    /// The day's scheduled doses, and the as-needed regimens with a button to give one.
    private func lists(day: LocalDate, subject: Int64?, context: AppRequestContext) throws -> (scheduled: HTML, done: HTML, doneCount: Int, asNeeded: HTML) {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let now = now()
        let found = try regimens.doses(access: context.access, subjectID: subject, from: day, to: day, in: context.timeZone)
        let doses = found.inTimeOrder
        let back = DoseRoutes.day(day, subject: subject)
        // A member who may not record otherwise marks their own doses (self-care). What is done
        // (given or skipped) is folded under the open ones: a day of 40 doses is a phone screen or two.
        var (scheduled, done, doneCount) = (HTML.empty, HTML.empty, 0)
        for dose in doses {
            let row = DoseListHTML.render(
                [dose], now: now, canRecord: context.mayRecord(for: dose.regimen.subjectID), csrf: context.csrfToken, back: back, format: format)
            if dose.slot.logged == nil && dose.slot.state(at: now) != .skipped {
                scheduled += row
            } else {
                done += row
                doneCount += 1
            }
        }
        var asNeeded = HTML.empty
        for entry in found where entry.regimen.schedule.isAsNeeded && !entry.regimen.hasEnded(by: day) {
            let regimen = entry.regimen
            asNeeded +=
                #"<li><span class="what"><a href="\#(RegimenRoutes.one(regimen.id))">\#(regimen.subjectName): \#(regimen.name)</a> <span class="meta">\#(format.items(regimen.items(on: day)))</span></span> <span class="when">\#(format.schedule(regimen.schedule))</span>"#
            if context.mayRecord(for: regimen.subjectID) {
                let fields = DoseListHTML.doseFields(regimen: regimen.id, day: day, time: nil, csrf: context.csrfToken, back: back)
                asNeeded +=
                    #"<form method="post" action="\#(DoseRoutes.mark.pattern)" class="dose-actions">\#(fields)<button class="primary" name="action" value="given" type="submit">\#(format.t("doses.give_now"))</button></form>"#
            }
            asNeeded += "</li>"
        }
        return (scheduled, done, doneCount, asNeeded)
    }

    private func page(
        day: LocalDate, subject: Int64?, message: String?, confirm: HTML?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let (scheduled, done, doneCount, asNeeded) = try lists(day: day, subject: subject, context: context)
        let page = DosesPage(
            day: format.dayHeading(day), isToday: day == LocalDate(now(), in: context.timeZone),
            previous: DoseRoutes.day(day.adding(days: -1), subject: subject), next: DoseRoutes.day(day.adding(days: 1), subject: subject),
            partURL: DoseRoutes.day(day, subject: subject, part: "list"), scheduled: scheduled, asNeeded: asNeeded, message: message, confirm: confirm,
            done: done, doneSummary: format.t("doses.done_folded", ["n": String(doneCount)]))
        return renderer.page(page, titleKey: "doses.title", request: request, context: context, status: status)
    }

    /// Marks a dose given (now, or at a time typed) or skipped (with a reason), or takes a
    /// mark back. When someone else marked it first, the page says who.
    @Sendable func mark(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        guard let regimenID = input["regimen"].flatMap({ Int64($0) }), let regimen = try regimens.regimen(id: regimenID, access: context.access),
            let day = input["day"].flatMap(LocalDate.init)
        else { throw PageError.notFound }
        try context.requireRecorder(for: regimen.subjectID)
        let back = input["back"].flatMap { SameSitePath.isSafe($0) && $0.hasPrefix("/") ? $0 : nil } ?? DoseRoutes.list.pattern
        // The moment of the request, or when the outbox says it was typed (`TypedAtMiddleware`).
        let now = context.now
        let action = input["action", default: ""]
        let reason = try Self.reason(input)
        var typedAt: Date?
        if let typed = input["at"], !typed.isEmpty {
            guard let minutes = WallClock.minutes(typed) else {
                return try page(
                    day: day, subject: nil, message: format.t("error.time.invalid"), confirm: nil, request: request, context: context,
                    status: .unprocessableContent)
            }
            typedAt = WallClock.instant(day, minutes: minutes, in: context.timeZone)
        }
        let refused = { (problem: DoseMarkRule.GivenProblem) in
            try self.page(
                day: day, subject: nil, message: format.t(problem.rawValue), confirm: nil, request: request, context: context, status: .unprocessableContent)
        }
        var givenAt = typedAt ?? now
        if case .failure(let problem) = DoseMarkRule.givenAt(typed: typedAt, due: givenAt, day: day, today: context.today, now: now) {
            return try refused(problem)
        }
        let time: Int
        if regimen.schedule.isAsNeeded && input["time"] == nil {
            // An as-needed dose is keyed by the minute it was given.
            time = LocalTime.minutes(givenAt, in: context.timeZone)
            if case .asNeeded(let minimum) = regimen.schedule.repeatRule, input["confirm"] != "yes",
                let last = DoseDay.tooSoon(
                    after: try regimens.givenTimes(regimenID: regimen.id, since: givenAt.addingTimeInterval(-Double(minimum) * 60)), at: givenAt,
                    minimumMinutes: minimum)
            {
                let next = last.addingTimeInterval(Double(minimum) * 60)
                let warning = format.t(
                    "doses.too_soon", ["last": format.clock(last), "next": format.clock(next), "hours": format.number(Double(minimum) / 60, decimals: 1)])
                let fields = DoseListHTML.doseFields(regimen: regimen.id, day: day, time: nil, csrf: context.csrfToken, back: back)
                let confirm: HTML =
                    #"<form method="post" action="\#(DoseRoutes.mark.pattern)">\#(fields)<input type="hidden" name="confirm" value="yes"><button name="action" value="given" type="submit">\#(format.t("doses.give_anyway"))</button></form>"#
                return try page(day: day, subject: nil, message: warning, confirm: confirm, request: request, context: context, status: .conflict)
            }
        } else {
            guard let scheduled = input["time"].flatMap({ Int($0) }), let slot = try slot(of: regimen, on: day, at: scheduled, context: context)
            else { throw PageError(status: .unprocessableContent, messageKey: "doses.error.no_such_dose") }
            time = scheduled
            if action == "given" {
                switch DoseMarkRule.givenAt(typed: typedAt, due: slot.instant, day: day, today: context.today, now: now) {
                case .success(let at): givenAt = at
                case .failure(let problem): return try refused(problem)
                }
            }
        }
        switch action {
        case "undo":
            try await regimens.undo(regimenID: regimen.id, day: day, time: time)
        case "given", "skipped":
            let status: LoggedDose.Status = action == "given" ? .given : .skipped
            let result = try await regimens.mark(
                regimenID: regimen.id, day: day, time: time, status: status, givenAt: status == .given ? givenAt : nil,
                reason: reason, accountID: member.accountID, now: now)
            if case .already(let first) = result {
                let slot = DoseSlot(regimenID: regimen.id, day: day, time: time, minutes: time, instant: givenAt, logged: first, change: nil, asNeeded: false)
                let message = format.t("doses.already", ["what": "\(regimen.subjectName): \(regimen.name)", "state": format.doseState(slot, now: now)])
                return try page(day: day, subject: nil, message: message, confirm: nil, request: request, context: context, status: .conflict)
            }
        default:
            throw PageError(status: .unprocessableContent, messageKey: "error.bad_request")
        }
        return .redirect(to: back, type: .normal)
    }

    /// One day only: skip a dose ahead, or move it to another time that day; or put it back.
    @Sendable func change(_ request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let member = try context.requireMember()
        guard let regimenID = input["regimen"].flatMap({ Int64($0) }), let regimen = try regimens.regimen(id: regimenID, access: context.access)
        else { throw PageError.notFound }
        guard let day = input["day"].flatMap(LocalDate.init), let time = input["time"].flatMap({ Int($0) }),
            try slot(of: regimen, on: day, at: time, context: context)?.logged == nil
        else { throw PageError(status: .unprocessableContent, messageKey: "doses.error.no_such_dose") }
        let reason = try Self.reason(input)
        switch input["action", default: ""] {
        case "skip":
            try await regimens.changeDay(regimenID: regimen.id, day: day, time: time, movedTo: nil, reason: reason, clear: false, accountID: member.accountID)
        case "move":
            guard let to = input["to"].flatMap(WallClock.minutes) else { throw PageError(status: .unprocessableContent, messageKey: "error.time.invalid") }
            try await regimens.changeDay(
                regimenID: regimen.id, day: day, time: time, movedTo: to, reason: reason, clear: to == time, accountID: member.accountID)
        case "restore":
            try await regimens.changeDay(regimenID: regimen.id, day: day, time: time, movedTo: nil, reason: nil, clear: true, accountID: member.accountID)
        default: throw PageError(status: .unprocessableContent, messageKey: "error.bad_request")
        }
        return .redirect(to: RegimenRoutes.one(regimen.id), type: .normal)
    }

    /// The dose the regimen has on `day` at the scheduled minute `time`, if it has one.
    private func slot(of regimen: Regimen, on day: LocalDate, at time: Int, context: AppRequestContext) throws -> DoseSlot? {
        try regimens.doses(access: context.access, regimenID: regimen.id, from: day, to: day, in: context.timeZone).first?.slots.first { $0.time == time }
    }

    /// A reason for skipping, as typed (trimmed), or none; one past its limit is refused.
    private static func reason(_ input: [String: String]) throws -> String? {
        var errors = FieldErrors()
        let reason = FormInput.text(input, "reason", errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        return reason
    }
}
