import HearthAPI
import HearthCore
import HearthStore

/// Flags through the API, in the same words as the pages (`FlagText`): the open ones of every
/// subject the member may see, and of each subject on `/subjects`.
extension APIHandlers {
    func listFlags(_ input: Operations.ListFlags.Input) async throws -> Operations.ListFlags.Output {
        let context = try APICall.current()
        let subjects = try await SubjectRepository(database).subjects(access: context.access)
        let flags = try openFlags(subjects.filter { $0.kind == .pet } + subjects.filter { $0.kind == .person }, context)
        return .ok(.init(body: .json(.init(date: context.today.description, flags: flags.flatMap(\.flags)))))
    }

    /// Each subject's open flags, in the order given (limited members' others left out).
    func openFlags(_ subjects: [SubjectSummary], _ context: AppRequestContext) throws -> [(subject: Int64, flags: [Components.Schemas.Flag])] {
        let format = format(context)
        let all = try database.snapshot { snapshot in
            try FlagRepository.flags(subjects, access: context.access, today: context.today, now: context.now, timeZone: context.timeZone, in: snapshot)
        }
        return all.map { flags in
            let subject = flags.subject
            return (
                subject.id,
                flags.open.map { flag in
                    Components.Schemas.Flag(
                        key: flag.key, rule: Self.rule(flag.rule), subject: subject.id, subjectName: subject.name,
                        regimen: flag.regimenID, tracker: flag.trackerID, level: flag.level, since: flag.since.description,
                        text: FlagText.seen(flag, subject, format: format),
                        ruleText: FlagText.rule(flag, subject, format: format), advice: FlagText.advice(flag, subject, format: format),
                        figures: .init(additionalProperties: flag.figures), url: FlagText.records(flag, subject))
                }
            )
        }
    }

    /// The API's name of a rule (a switch, so a new rule cannot go out under another's name).
    static func rule(_ rule: HealthFlag.Rule) -> Components.Schemas.Flag.RulePayload {
        switch rule {
        case .weightLoss: .weightLoss
        case .weightGain: .weightGain
        case .vomiting: .vomiting
        case .notEating: .notEating
        case .looseStools: .looseStools
        case .severeSymptom: .severeSymptom
        case .lowAdherence: .lowAdherence
        case .missedDays: .missedDays
        case .urgentReading: .urgentReading
        }
    }
}
