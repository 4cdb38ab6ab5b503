import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// A reminder's buttons, "줬어요" and "10분 뒤". The token in the address is the credential — one
/// dose, one member, one answer, a day, once (`ReminderAnswerRepository`) — because ntfy's
/// buttons post with no cookie; the service worker's carry the session too, which changes
/// nothing. The answer goes through the same rules as the dose list's button: the member must
/// still see the dose's subject and may record for them, the moment obeys `DoseMarkRule`, and a
/// dose someone else marked first is a 409 naming who. GET shows the dose with its one button.
struct ReminderAnswerController: Sendable {
    let renderer: Renderer
    let answers: ReminderAnswerRepository
    let reminders: ReminderRepository
    let regimens: RegimenRepository

    /// How long "later" waits.
    static let later: TimeInterval = 600

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answer(request, context: context, act: false)
    }

    @Sendable func take(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await answer(request, context: context, act: true)
    }

    private func answer(_ request: Request, context: AppRequestContext, act: Bool) async throws -> Response {
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let token = context.parameters.get("token") ?? ""
        let now = context.now
        func page(_ dose: String?, _ key: String, _ values: [String: String] = [:], status: HTTPResponse.Status, button: String? = nil) -> Response {
            let page = ReminderAnswerPage(
                dose: dose, message: format.t(key, values), state: status.code >= 400 ? "refused" : button == nil ? "done" : "ask",
                action: button == nil ? nil : ReminderRoutes.answer(token), button: button,
                doses: context.member == nil ? nil : DoseRoutes.list.pattern)
            return renderer.page(page, titleKey: "push.answer.title", request: request, context: context, status: status)
        }
        let grant: ReminderAnswerGrant
        switch try answers.find(token, now: now) {
        case .success(let found): grant = found
        case .failure(.unknown): return page(nil, "push.answer.unknown", status: .forbidden)
        case .failure(.expired): return page(nil, "push.answer.expired", status: .gone)
        case .failure(.used): return page(nil, "push.answer.used", status: .gone)
        }
        // The member as they are now: still a member, still seeing the subject, still recording.
        guard let member = try reminders.member(accountID: grant.accountID),
            let regimen = try regimens.regimen(id: grant.dose.regimenID, access: member.access), member.mayRecord(for: regimen.subjectID)
        else { return page(nil, "push.answer.forbidden", status: .forbidden) }
        guard
            let slot = try regimens.doses(access: member.access, regimenID: regimen.id, from: grant.dose.day, to: grant.dose.day, in: context.timeZone)
                .first?.slots.first(where: { $0.time == grant.dose.time })
        else { return page("\(regimen.subjectName): \(regimen.name)", "push.answer.no_dose", status: .gone) }
        let dose = "\(format.clock(slot.instant)) — \(format.doseLine(regimen, on: slot.day))"
        // Marked already (before the tap, or by someone in the same moment): who, and how.
        func already(_ logged: LoggedDose) -> Response {
            let marked = DoseSlot(
                regimenID: regimen.id, day: slot.day, time: slot.time, minutes: slot.minutes, instant: slot.instant, logged: logged, change: nil,
                asNeeded: false)
            return page(dose, "push.answer.already", ["state": format.doseState(marked, now: now)], status: .conflict)
        }
        if let logged = slot.logged { return already(logged) }
        guard act else {
            return page(dose, "push.answer.ask", status: .ok, button: format.t("push.answer.\(grant.answer.rawValue)"))
        }
        guard try await answers.use(token, now: now) else { return page(dose, "push.answer.used", status: .gone) }
        return try await ChangeAuthor.$current.withValue(ChangeAuthor(accountID: grant.accountID, via: .reminder)) {
            switch grant.answer {
            case .later:
                let at = now.addingTimeInterval(Self.later)
                if let reminder = try reminders.reminder(accountID: grant.accountID, dose: grant.dose) {
                    try await reminders.later(reminder, at: at, now: now)
                }
                return page(dose, "push.answer.later_done", ["time": format.clock(at)], status: .ok)
            case .given:
                guard case .success(let givenAt) = DoseMarkRule.givenAt(typed: nil, due: slot.instant, day: slot.day, today: context.today, now: now) else {
                    return page(dose, "doses.error.before_due", status: .unprocessableContent)
                }
                let result = try await regimens.mark(
                    regimenID: regimen.id, day: slot.day, time: slot.time, status: .given, givenAt: givenAt, reason: nil, accountID: grant.accountID,
                    now: now, fromReminder: true)
                if case .already(let first) = result { return already(first) }
                return page(dose, "push.answer.given_done", ["name": member.name, "time": format.clock(givenAt)], status: .ok)
            }
        }
    }
}
