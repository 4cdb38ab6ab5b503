import HearthCore
import HearthStore

/// Where a subject's own pages are, asked of its kind: a new kind of subject does not compile
/// until it says where its pages are.
extension SubjectSummary.Kind {
    /// Its own page: `/pets/3`, `/people/2`.
    func page(_ id: Int64) -> String {
        switch self {
        case .pet: PetRoutes.one(id)
        case .person: PersonRoutes.one(id)
        }
    }

    /// Its timeline.
    func timeline(_ id: Int64) -> String {
        switch self {
        case .pet: PetRoutes.timeline(id)
        case .person: PersonRoutes.timeline(id)
        }
    }

    /// One day of it: a pet's timeline of that day, a person's page on that day.
    func day(_ id: Int64, _ day: LocalDate) -> String {
        switch self {
        case .pet: PetRoutes.timeline(id) + "?from=\(day)&to=\(day)"
        case .person: PersonRoutes.one(id) + "?day=\(day)"
        }
    }
}
