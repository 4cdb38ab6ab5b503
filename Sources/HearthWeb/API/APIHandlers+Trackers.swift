import HearthAPI
import HearthCore
import HearthStore

/// The household's trackers through the API: what a client needs to post a tracker's record
/// (each field's key, kind, bounds and choices), for the trackers the member may see.
extension APIHandlers {
    func listTrackers(_ input: Operations.ListTrackers.Input) async throws -> Operations.ListTrackers.Output {
        let context = try APICall.current()
        let trackers = try TrackerRepository(database).trackers(access: context.access)
        // A regimen the member may not see is not named (a limited member learnt another pet's regimen id).
        let regimens = Set(try RegimenRepository(database).regimens(access: context.access).map(\.id))
        return .ok(.init(body: .json(.init(trackers: trackers.map { Self.tracker($0, regimens: regimens) }))))
    }

    static func tracker(_ tracker: Tracker, regimens: Set<Int64>) -> Components.Schemas.Tracker {
        Components.Schemas.Tracker(
            id: tracker.id, name: tracker.input.name, version: tracker.input.version, subjects: tracker.input.subjects.code,
            regimen: tracker.input.regimenID.flatMap { regimens.contains($0) ? $0 : nil },
            readyMade: tracker.readyMade.flatMap(Components.Schemas.Tracker.ReadyMadePayload.init(rawValue:)), fields: tracker.input.fields.map(field))
    }

    static func field(_ field: TrackerField) -> Components.Schemas.TrackerField {
        let choices = { (choices: [TrackerChoice]) in
            choices.map { Components.Schemas.TrackerField.ChoicesPayloadPayload(key: $0.key, label: $0.label, retired: $0.retired) }
        }
        var shown = Components.Schemas.TrackerField(key: field.key, name: field.name, kind: .number, removed: field.removed, urgentFrom: field.urgentFrom)
        switch field.kind {
        case .number(let rules):
            (shown.unit, shown.low, shown.high, shown.step) = (rules.unit, rules.low, rules.high, rules.step)
            (shown.day, shown.goalLow, shown.goalHigh) = (rules.day == .sum ? .sum : .mean, rules.goal?.lowerBound, rules.goal?.upperBound)
        case .yesNo: shown.kind = .yesNo
        case .scale(let steps): (shown.kind, shown.choices) = (.scale, choices(steps))
        case .choice(let options): (shown.kind, shown.choices) = (.choice, choices(options))
        case .duration(let most, _): (shown.kind, shown.most) = (.duration, most)
        case .text: shown.kind = .text
        }
        return shown
    }
}
