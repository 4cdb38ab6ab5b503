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

/// A subject's links as its page's template reads them (`{{page.links.timeline}}`), made by the
/// areas' routes: a template names a link, never types its path. A name the kind has no page for
/// is nothing.
struct SubjectPageLinks: PagePart {
    let kind: SubjectSummary.Kind
    let id: Int64

    func child(named name: String) -> Any? {
        switch (kind, name) {
        case (_, "page"): kind.page(id)
        case (_, "timeline"): kind.timeline(id)
        case (_, "gallery"): QueryLink.make(GalleryRoutes.list.pattern, ["subject": String(id)])
        case (.pet, "charts"): ChartRoutes.pet(id)
        case (.pet, "edit"): PetRoutes.edit(id)
        case (.pet, "card"): ClinicRoutes.petCard(id)
        case (.pet, "archive"): PetRoutes.archive(id)
        case (.pet, "unarchive"): PetRoutes.unarchive(id)
        case (.pet, "vetReport"): ReportRoutes.vet(id, days: 90)
        case (.pet, "records"): PetRoutes.records(id)
        case (.person, "charts"): ChartRoutes.person(id)
        case (.person, "edit"): PersonRoutes.edit(id)
        case (.person, "goals"): PersonRoutes.goals(id)
        case (.person, "import"): ImportRoutes.fromPhone(id)
        case (.person, "water"): PersonRoutes.water(id)
        case (.person, "steps"): PersonRoutes.steps(id)
        case (.person, "weight"): PersonRoutes.weight(id)
        default: nil
        }
    }
}
