import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// What is due in one list: today's doses whose time has come, the care the pets' pages
/// list (vaccinations, preventives, follow-ups), and medicines running out.
extension APIHandlers {
    func listDue(_ input: Operations.ListDue.Input) async throws -> Operations.ListDue.Output {
        let context = try APICall.current()
        let (today, now, format) = (context.today, context.now, format(context))
        let until = today.adding(days: try Self.bounded(input.query.days ?? 7, 0...366, "days"))
        let regimens = RegimenRepository(database)
        var due: [Components.Schemas.Due] = []

        for (regimen, slot) in try regimens.doses(access: context.access, from: today, to: today, in: context.timeZone).inTimeOrder where !slot.asNeeded {
            let state = slot.state(at: now)
            guard state == .dueNow || state == .missed else { continue }
            due.append(
                .init(
                    kind: .dose, subject: regimen.subjectID, subjectName: regimen.subjectName,
                    what: "\(regimen.name) — \(format.items(regimen.items(on: today)))", date: today.description, at: slot.instant,
                    status: state == .missed ? .overdue : .today, dose: "\(regimen.id)-\(slot.day)-\(slot.time)"))
        }
        let care = try database.snapshot { try CareRepository.due(access: context.access, today: today, in: $0) }
        for item in care where item.date <= until {
            let kind: Components.Schemas.Due.KindPayload =
                switch item.what {
                case .vaccine: .vaccination
                case .preventive: .preventive
                case .followUp: .followUp
                }
            due.append(
                .init(
                    kind: kind, subject: item.subjectID, subjectName: item.subjectName, what: format.dueLabel(item.what), date: item.date.description,
                    status: .init(rawValue: item.status.rawValue) ?? .later))
        }
        let live = try regimens.regimens(access: context.access).filter { !$0.hasEnded(by: today) }
        let given = try regimens.givenSinceCount(live)
        for regimen in live {
            for item in regimen.currentItems {
                guard let (left, days, refillDue) = item.input.supply(givenSinceCount: given[item.id] ?? 0, schedule: regimen.schedule), refillDue else {
                    continue
                }
                let runsOut = today.adding(days: days ?? 0)
                due.append(
                    .init(
                        kind: .refill, subject: regimen.subjectID, subjectName: regimen.subjectName,
                        what: "\(item.input.name): " + format.t("regimens.supply", ["left": format.number(left, decimals: 1), "unit": item.input.unit]),
                        date: runsOut.description, status: .init(rawValue: DueStatus.of(runsOut, today: today, soonDays: 7).rawValue) ?? .soon))
            }
        }
        let order: [Components.Schemas.Due.StatusPayload: Int] = [.overdue: 0, .today: 1, .soon: 2, .later: 3]
        due.sort { ($0.date, order[$0.status] ?? 4) < ($1.date, order[$1.status] ?? 4) }
        return .ok(.init(body: .json(.init(date: today.description, due: due))))
    }
}
