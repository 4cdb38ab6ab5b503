import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The shared dose log: a day's doses, marked given (now or at a time) or skipped, or taken
/// back — the dose list's buttons. A dose someone else marked first is 409 saying who and when.
extension APIHandlers {
    func listDoses(_ input: Operations.ListDoses.Input) async throws -> Operations.ListDoses.Output {
        let context = try APICall.current()
        let day = try input.query.date.map(Self.day) ?? context.today
        if let subject = input.query.subject {
            // The description's bound (minimum 1), which the generated code does not check.
            guard subject >= 1 else {
                throw PageError(status: .badRequest, messageKey: "api.error.range", values: ["name": "subject", "low": "1", "high": Int64.max.grouped])
            }
            _ = try self.subject(subject, context)
        }
        let repository = RegimenRepository(database)
        let scheduled = try repository.doses(access: context.access, subjectID: input.query.subject, from: day, to: day, in: context.timeZone)
            .inTimeOrder.filter { !$0.slot.asNeeded }
        let doses = scheduled.map { dose($0.regimen, $0.slot, context) }
        // The next dose from now, whatever day was asked (`DoseSlot.next`: the one due now, or the
        // first still to come, moves and marks applied), from yesterday's (due just before midnight) to a week on.
        let coming = try repository.doses(
            access: context.access, subjectID: input.query.subject, from: context.today.adding(days: -1), to: context.today.adding(days: 7),
            in: context.timeZone
        ).inTimeOrder
        let first = DoseSlot.next(in: coming.map(\.slot), now: context.now)
        let next = first.flatMap { slot in coming.first { $0.slot == slot } }
        return .ok(.init(body: .json(.init(date: day.description, doses: doses, next: next.map { dose($0.regimen, $0.slot, context) }))))
    }

    func giveDose(_ input: Operations.GiveDose.Input) async throws -> Operations.GiveDose.Output {
        let context = try APICall.current()
        var typed: Date?
        if case .json(let body) = input.body { typed = body.at }
        // The dose list's rule: not in the future, not long before the dose was due.
        let (_, slot) = try scheduled(input.path.dose, context)
        switch DoseMarkRule.givenAt(typed: typed, due: slot.instant, day: slot.day, today: context.today, now: context.now) {
        case .success(let at):
            return .ok(.init(body: .json(try await mark(input.path.dose, .given, at: at, reason: nil, context))))
        case .failure(let problem):
            var errors = FieldErrors()
            errors.add("at", problem.rawValue)
            throw PageError(refusing: errors)
        }
    }

    func skipDose(_ input: Operations.SkipDose.Input) async throws -> Operations.SkipDose.Output {
        let context = try APICall.current()
        var fields: [String: String] = [:]
        if case .json(let body) = input.body { fields["reason"] = body.reason }
        var errors = FieldErrors()
        let reason = FormInput.text(fields, "reason", errors: &errors)
        if let refusal = PageError(errors) { throw refusal }
        return .ok(.init(body: .json(try await mark(input.path.dose, .skipped, at: nil, reason: reason, context))))
    }

    func undoDose(_ input: Operations.UndoDose.Input) async throws -> Operations.UndoDose.Output {
        let context = try APICall.current()
        let (regimen, slot) = try scheduled(input.path.dose, context)
        try await RegimenRepository(database).undo(regimenID: regimen.id, day: slot.day, time: slot.time)
        return .ok(.init(body: .json(try dose(at: input.path.dose, context))))
    }

    private func mark(
        _ id: String, _ status: LoggedDose.Status, at: Date?, reason: String?, _ context: AppRequestContext
    ) async throws
        -> Components.Schemas.Dose
    {
        let (regimen, slot) = try scheduled(id, context)
        let member = try context.requireAPIMember()
        let result = try await RegimenRepository(database).mark(
            regimenID: regimen.id, day: slot.day, time: slot.time, status: status, givenAt: at, reason: reason, accountID: member.account.id!,
            now: context.now)
        if case .already = result {
            let (_, marked) = try scheduled(id, context)
            let format = format(context)
            throw PageError(
                status: .conflict, messageKey: "doses.already",
                values: ["what": "\(regimen.subjectName): \(regimen.name)", "state": format.doseState(marked, now: context.now)])
        }
        return try dose(at: id, context)
    }

    private func dose(at id: String, _ context: AppRequestContext) throws -> Components.Schemas.Dose {
        let (regimen, slot) = try scheduled(id, context)
        return dose(regimen, slot, context)
    }

    /// The scheduled dose `regimen-day-minute` names, of a regimen the member may see, or 404.
    private func scheduled(_ id: String, _ context: AppRequestContext) throws -> (Regimen, DoseSlot) {
        let parts = id.split(separator: "-")
        guard parts.count == 5, let regimenID = Int64(parts[0]), let day = LocalDate(parts[1...3].joined(separator: "-")), let time = Int(parts[4]),
            let found = try RegimenRepository(database).doses(access: context.access, regimenID: regimenID, from: day, to: day, in: context.timeZone)
                .first,
            let slot = found.slots.first(where: { $0.time == time && !$0.asNeeded })
        else { throw PageError(status: .notFound, messageKey: "doses.error.no_such_dose") }
        return (found.regimen, slot)
    }

    func dose(_ regimen: Regimen, _ slot: DoseSlot, _ context: AppRequestContext) -> Components.Schemas.Dose {
        let format = format(context)
        let state = slot.state(at: context.now)
        return .init(
            id: "\(regimen.id)-\(slot.day)-\(slot.time)", regimen: regimen.id, subject: regimen.subjectID, subjectName: regimen.subjectName,
            name: regimen.name, items: format.items(regimen.items(on: slot.day)), date: slot.day.description, time: format.minutes(slot.minutes),
            at: slot.instant, state: .init(rawValue: state.rawValue) ?? .later, stateText: format.doseState(slot, now: context.now),
            givenAt: slot.logged?.givenAt, by: slot.logged?.by, reason: slot.logged?.reason ?? slot.change?.reason)
    }
}
