import HearthCore

/// A person's today on the home page: water, steps and goals, latest weight.
public struct PersonToday: Sendable {
    public let subject: SubjectSummary
    public let day: PersonDay

    /// The people among `subjects`, each with their day.
    public static func read(_ subjects: [SubjectSummary], on day: LocalDate, in snapshot: Snapshot) throws -> [PersonToday] {
        try subjects.filter { $0.kind == .person }.map { PersonToday(subject: $0, day: try DailyRepository.day(subjectID: $0.id, on: day, snapshot.db)) }
    }
}
