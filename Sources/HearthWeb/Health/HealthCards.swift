import HearthCore
import HearthHTML
import HearthStore

/// Health's cards on a pet's page: what is due with the last visit and vaccinations, and the
/// feeding calculator with its settings (dogs and cats); on the home page, the care overdue
/// or due within a week.
enum HealthCards: AreaCards {
    static let exportKinds = HouseholdExport.healthKinds
    static let demo: (any DemoStep.Type)? = HealthDemo.self

    static func feed(_ shown: ShownFeed) throws -> [FeedPart] { shown.part(40, CareFeed.write) }

    /// Clinics, in SQL: a national register is tens of thousands of clinics, never loaded to be filtered.
    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let found = try ClinicRepository(shown.database).search(words: shown.terms.map(\.text), limit: SearchController.perKind)
        return [
            SearchGroup(
                rank: 70, heading: shown.format.t("search.group.clinics"),
                items: found.map {
                    .init(href: QueryLink.make(ClinicRoutes.list.pattern, ["q": $0.name]) + "#clinic-\($0.id)", name: $0.name, detail: $0.input.address ?? "")
                })
        ]
    }

    /// A dot per vaccine, preventive or follow-up due on the day.
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        let format = shown.format
        let due = format.t("calendar.due")
        shown.dots(into: &dots) { marks in
            marks.due.map { MonthDot(rank: 20, classes: "due", label: "\($0.subjectName): \(format.dueLabel($0.what)) (\(due))") }
        }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        [MonthDot(rank: 20, classes: "due", label: format.t("calendar.legend.due"))]
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try CareReportHTML.sections(shown, snapshot)
    }

    /// What is due that day (vaccines, preventives, follow-ups), as the month marks it.
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] {
        guard !shown.marks.due.isEmpty else { return [] }
        let format = shown.format
        let items = shown.marks.due.map { item(format, $0, status: .of($0.date, today: shown.context.today)) }.joined()
        return [DaySection(rank: 20, heading: format.t("home.care_due"), cardClass: "care-due", listClass: "due-list", items: items)]
    }

    /// One thing due, as home and the calendar day list it: whose, what, when, linked to the pet's care.
    private static func item(_ format: Formatting, _ due: CareDue, status: DueStatus) -> HTML {
        format.dueItem(
            label: "\(due.subjectName): \(format.dueLabel(due.what))", date: due.date, status: status, approximate: due.approximate,
            link: PetRoutes.one(due.subjectID) + "#care")
    }

    /// Care overdue by days, due today and within the week ahead (soon), on its day: a vaccine
    /// due today can wait for the dose due within the hour.
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {
        let due = try CareRepository.due(access: shown.context.access, today: shown.today, in: snapshot)
            .filter { $0.date <= shown.today.adding(days: 7) }
        for care in due {
            let urgency: TodayList.Urgency = care.status == .overdue ? .overdue : .soon
            list.add(urgency, at: care.date.midnight(in: shown.context.timeZone)) { item(shown.format, care, status: care.status) }
        }
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        let (pet, care, format, today) = (shown.overview.pet, shown.overview.care, shown.subject.format, shown.subject.context.today)
        cards.care = PetCareHTML.summary(care, pet: pet, format: format, today: today, canBook: shown.mayChange)
        cards.feeding = PetCareHTML.feeding(care, pet: pet, format: format, today: today)
        if shown.mayChange && (pet.profile.species == .dog || pet.profile.species == .cat) {
            cards.feedingForm = PetCareHTML.feedingForm(
                care.feeding, pet: pet, foods: shown.overview.foods.map(\.food), csrf: shown.subject.context.csrfToken, format: format)
        }
    }
}
