import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// `/routines`: care done again and again — teeth every two days, the litter box every
/// morning, the fountain's filter every month — for a pet, a person or the house, and who
/// does it.
struct RoutinesController {
    let renderer: Renderer
    let routines: RoutineRepository
    let subjects: SubjectRepository
    let accounts: AccountRepository
    let now: @Sendable () -> Date

    private func format(_ context: AppRequestContext) -> Formatting {
        Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let now = now()
        let today = LocalDate(now, in: context.timeZone)
        let all = try routines.routines(access: context.access, today: today)
        let items = RoutineListHTML.byDue(all, today: today)
        let page = RoutineListPage(
            items: RoutineListHTML.render(
                items, today: today, now: now, canRecord: context.role?.canRecord == true, csrf: context.csrfToken, back: RoutineRoutes.list.pattern,
                format: format(context), household: all),
            canRecord: context.role?.canRecord == true)
        return renderer.page(page, titleKey: "routines.title", request: request, context: context)
    }

    // MARK: The form

    @Sendable func new(_ request: Request, context: AppRequestContext) async throws -> Response {
        var input = ["start": LocalDate(now(), in: context.timeZone).description, "repeat": "daily", "remind": "on", "assign": "anyone"]
        input["subject"] = request.uri.queryParameters.get("subject") ?? ""
        return try await form(input: input, errors: FieldErrors(), routine: nil, request: request, context: context, status: .ok)
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await save(nil, request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: RoutineContext) async throws -> Response {
        let (routine, context) = (context.routine, context.app)
        var input = routine.input.schedule.formFields
        input["name"] = routine.name
        input["how"] = routine.how ?? ""
        input["subject"] = routine.subject.map { String($0.id) } ?? ""
        input["soon_days"] = routine.soonDays == 0 ? "" : String(routine.soonDays)
        input["assign"] = routine.assignment.rawValue
        input["remind"] = routine.remind ? "on" : ""
        for member in routine.members { input["member_\(member.id)"] = "on" }
        return try await form(input: input, errors: FieldErrors(), routine: routine, request: request, context: context, status: .ok)
    }

    @Sendable func update(_ request: Request, context: RoutineContext) async throws -> Response {
        try await save(context.routine, request: request, context: context.app)
    }

    private func save(_ routine: Routine?, request: Request, context: AppRequestContext) async throws -> Response {
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let member = try context.requireMember()
        let choices = try await self.choices(context)
        // A pet or person gone (or hidden from this member) since the form was drawn.
        if let raw = input["subject"], !raw.isEmpty, !choices.subjects.contains(where: { String($0.id) == raw }) {
            throw PageError(status: .notFound, messageKey: "regimens.error.subject_gone")
        }
        switch RoutineInput.validate(input, subjects: Set(choices.subjects.map(\.id)), members: choices.members.map { $0.id! }) {
        case .invalid(let errors):
            return try await form(input: input, errors: errors, routine: routine, request: request, context: context, status: .unprocessableContent)
        case .valid(let valid):
            guard let routine else {
                do {
                    let id = try await routines.create(valid, by: member.accountID, now: now())
                    return .redirect(to: RoutineRoutes.one(id), type: .normal)
                } catch StoreError.full(let most) {
                    var errors = FieldErrors()
                    errors.add("name", "routines.error.too_many", ["most": String(most)])
                    return try await form(input: input, errors: errors, routine: nil, request: request, context: context, status: .unprocessableContent)
                }
            }
            try await routines.update(id: routine.id, valid)
            return .redirect(to: RoutineRoutes.one(routine.id), type: .normal)
        }
    }

    @Sendable func delete(_ request: Request, context: RoutineContext) async throws -> Response {
        let routine = context.routine
        try await routines.delete(id: routine.id, now: now())
        return .redirect(to: routine.subject.map { $0.kind.page($0.id) + "#routines" } ?? RoutineRoutes.list.pattern, type: .normal)
    }

    /// Whom a member may give a routine to (the subjects they may see, or the house) and who
    /// may be assigned (members who record).
    private func choices(_ context: AppRequestContext) async throws -> (subjects: [SubjectSummary], members: [Account]) {
        let members = try await accounts.all().filter { !$0.isDisabled && $0.role.canRecord }
        return (try await subjects.subjects(access: context.access), members)
    }

    private func form(
        input: [String: String], errors: FieldErrors, routine: Routine?, request: Request, context: AppRequestContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let format = format(context)
        let choices = try await choices(context)
        var names = [
            "name", "how", "subject", "every", "start", "end_date", "end_days", "weekdays", "repeat", "end", "remind", "soon_days", "assign", "time_1",
        ]
        names += (1...7).map { "weekday_\($0)" } + choices.members.map { "member_\($0.id!)" }
        let fields = FormFields(names, input: input, errors: errors, strings: renderer.strings, language: context.language)
        let chosenSubject = input["subject", default: ""]
        let on = ["on", "yes", "1", "true"]
        let page = RoutineFormPage(
            heading: routine.map { format.t("routines.edit_named", ["name": $0.name]) } ?? format.t("routines.new"),
            action: routine.map { RoutineRoutes.one($0.id) } ?? RoutineRoutes.list.pattern,
            cancel: routine.map { RoutineRoutes.one($0.id) } ?? RoutineRoutes.list.pattern,
            fields: fields, problems: FormProblems(errors: errors),
            subjects: [OptionView(value: "", label: format.t("routines.house"), selected: chosenSubject.isEmpty)]
                + choices.subjects.map { OptionView(value: String($0.id), label: $0.name, selected: chosenSubject == String($0.id)) },
            weekdays: RegimenFormHTML.weekdays(fields, format: format),
            repeats: ["daily", "weekdays", "days", "weeks", "months", "years", "after_done", "as_needed"].map {
                OptionView(value: $0, label: format.t("routines.repeat.\($0)"), selected: input["repeat", default: "daily"] == $0)
            },
            ends: ["none", "date", "days"].map { OptionView(value: $0, label: format.t("regimens.end.\($0)"), selected: input["end", default: "none"] == $0) },
            assignments: RoutineAssignment.allCases.map {
                OptionView(value: $0.rawValue, label: format.t("routines.assign.\($0.rawValue)"), selected: input["assign", default: "anyone"] == $0.rawValue)
            },
            members: choices.members.map {
                OptionView(value: "member_\($0.id!)", label: $0.displayName, selected: on.contains(input["member_\($0.id!)", default: ""]))
            },
            remind: on.contains(input["remind", default: ""]))
        return renderer.page(page, titleKey: routine == nil ? "routines.new" : "routines.edit", request: request, context: context, status: status)
    }

    // MARK: A routine's page, and marking it

    @Sendable func show(_ request: Request, context: RoutineContext) async throws -> Response {
        try page(context.routine, message: nil, request: request, context: context.app, status: .ok)
    }

    private func page(_ routine: Routine, message: String?, request: Request, context: AppRequestContext, status: HTTPResponse.Status) throws -> Response {
        let format = format(context)
        let now = now()
        let today = LocalDate(now, in: context.timeZone)
        let canRecord = context.role?.canRecord == true
        let due = routine.due(today: today)
        let history = RoutineListHTML.history(routine, canRecord: canRecord, csrf: context.csrfToken, format: format)
        let page = RoutinePage(
            id: routine.id, name: routine.name, subject: routine.subject?.name ?? format.t("routines.house"),
            subjectLink: routine.subject.map { $0.kind.page($0.id) }, how: routine.how, schedule: format.schedule(routine.schedule),
            soon: routine.soonDays > 0 ? format.t("routines.soon_days", ["n": String(routine.soonDays)]) : nil,
            assignment: format.t("routines.assign.\(routine.assignment.rawValue)")
                + (routine.members.isEmpty ? "" : ": " + routine.members.map(\.name).joined(separator: ", ")),
            next: RoutineListHTML.render(
                [RoutineListHTML.Item(routine: routine, due: due)], today: today, now: now, canRecord: canRecord, csrf: context.csrfToken,
                back: RoutineRoutes.one(routine.id), format: format, showSubject: false),
            hasNext: due != nil || routine.schedule.isAsNeeded, history: history, canRecord: canRecord, message: message)
        return renderer.page(page, titleKey: "routines.title", titleText: routine.name, request: request, context: context, status: status)
    }

    /// Done (now, or at a time typed today), skipped (with a reason), or taken back. A day is
    /// marked once: the second tap of two members says who was first. Only the day due next,
    /// or a day the rule placed before it, can be marked.
    @Sendable func mark(_ request: Request, context: RoutineContext) async throws -> Response {
        let (routine, context) = (context.routine, context.app)
        var request = request
        let input = try await FormData.read(&request, context: context).fields
        let member = try context.requireMember()
        let format = format(context)
        let back = input["back"].flatMap { SameSitePath.isSafe($0) && $0.hasPrefix("/") ? $0 : nil } ?? RoutineRoutes.one(routine.id)
        // The moment of the request, or when the outbox says it was typed (`TypedAtMiddleware`).
        let now = context.now
        let today = LocalDate(now, in: context.timeZone)
        let due = input["due"].flatMap(LocalDate.init)
        var errors = FieldErrors()
        let reason = FormInput.text(input, "reason", errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        var doneAt = now
        if let typed = input["at"], !typed.isEmpty {
            guard let minutes = WallClock.minutes(typed) else {
                return try page(routine, message: format.t("error.time.invalid"), request: request, context: context, status: .unprocessableContent)
            }
            doneAt = WallClock.instant(today, minutes: minutes, in: context.timeZone)
            if doneAt > now.addingTimeInterval(60) {
                return try page(routine, message: format.t("routines.error.future"), request: request, context: context, status: .unprocessableContent)
            }
        }
        let action = input["action", default: ""]
        if action == "undo" {
            guard let due else { throw PageError(status: .unprocessableContent, messageKey: "routines.error.no_such_day") }
            try await routines.undo(routineID: routine.id, due: due)
            return .redirect(to: back, type: .normal)
        }
        guard let status = RoutineMark.Status(rawValue: action) else { throw PageError(status: .unprocessableContent, messageKey: "error.bad_request") }
        if routine.schedule.isAsNeeded {
            guard status == .done else { throw PageError(status: .unprocessableContent, messageKey: "error.bad_request") }
        } else {
            guard let due, Self.markable(due, routine: routine, today: today) else {
                throw PageError(status: .unprocessableContent, messageKey: "routines.error.no_such_day")
            }
        }
        // The same routine of other pets ticked "done too": each answers its own next day. One
        // gone (or not the same routine) since the page was drawn is refused, not dropped.
        var together: [(routineID: Int64, due: LocalDate?)] = []
        for key in input.keys.sorted() where key.hasPrefix("also_") && input[key] == "on" {
            guard let id = Int64(key.dropFirst(5)), let other = try routines.routine(id: id, access: context.access, today: today),
                RoutineListHTML.sameRoutine(as: routine, in: [other]).count == 1
            else { throw PageError(status: .notFound, messageKey: "routines.error.gone") }
            together.append((other.id, other.schedule.isAsNeeded ? nil : other.due(today: today)?.day))
        }
        let result = try await routines.mark(
            routineID: routine.id, due: routine.schedule.isAsNeeded ? nil : due, status: status, doneAt: status == .done ? doneAt : nil,
            doneDay: status == .done ? LocalDate(doneAt, in: context.timeZone) : nil, reason: reason, accountID: member.accountID, together: together,
            now: now)
        if case .already(let first) = result {
            let message = format.t("routines.already", ["what": format.routineTitle(routine), "state": format.routineMark(first)])
            return try page(routine, message: message, request: request, context: context, status: .conflict)
        }
        return .redirect(to: back, type: .normal)
    }

    /// A day a member may mark: the one due next, or (a calendar rule) a day the rule placed
    /// from the start up to then — a missed day recorded after all.
    static func markable(_ day: LocalDate, routine: Routine, today: LocalDate) -> Bool {
        guard let next = routine.due(today: today) else { return false }
        if day == next.day { return true }
        if case .afterDone = routine.schedule.repeatRule { return false }
        return day < next.day && routine.schedule.falls(on: day)
    }
}
