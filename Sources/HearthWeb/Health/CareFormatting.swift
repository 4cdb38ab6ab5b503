import HearthCore
import HearthHTML
import HearthStore

/// Care in the words a member reads: what is due and when.
extension Formatting {
    /// A vaccine of the schedules in the member's language (`care.vaccine.<code>`); a typed
    /// or household vaccine as it was written.
    func vaccine(_ code: String?, _ name: String) -> String {
        code.flatMap { strings.flat[language]?["care.vaccine.\($0)"] } ?? name
    }

    /// "dose 2 of the starting series", "booster every 3 years". `species` names the adult
    /// animal where the language does (성견, 성묘).
    func step(_ step: DueStep, species: String? = nil) -> String {
        switch step {
        case .series(let n): t("care.step.series", ["n": String(n)])
        case .adultSeries(let n, let of):
            t(
                "care.step.adult_series",
                ["n": String(n), "of": String(of), "adult": t(species == "dog" || species == "cat" ? "care.adult.\(species!)" : "care.adult.other")])
        case .firstBooster: t("care.step.first_booster")
        case .booster(12): t("care.step.booster_yearly")
        case .booster(let months) where months % 12 == 0: t("care.step.booster_years", ["years": String(months / 12)])
        case .booster(let months): t("care.step.booster_months", ["months": String(months)])
        case .asRecorded: t("care.step.as_recorded")
        }
    }

    /// What is due, in a line: "Rabies — booster every 3 years".
    func dueLabel(_ what: CareDue.What) -> String {
        switch what {
        case .vaccine(let code, let name, let step): "\(vaccine(code, name)) — \(self.step(step, species: code?.split(separator: ".").first.map(String.init)))"
        case .preventive(let kind, let product): [t("care.preventive.\(kind.rawValue)"), product].compactMap { $0 }.joined(separator: " — ")
        case .followUp(let reason): [t("care.visit.follow_up"), reason].compactMap { $0 }.joined(separator: " — ")
        }
    }

    /// "overdue since 3 March 2026", "due today", "due 12 December 2026" (with "about" for an estimated birth date).
    func dueWhen(_ date: LocalDate, _ status: DueStatus, approximate: Bool = false) -> String {
        let day = dayHeading(date)
        let text: String =
            switch status {
            case .overdue: t("care.due.overdue_since", ["date": day])
            case .today: t("care.due.today")
            case .soon, .later: t("care.due.on", ["date": day])
            }
        return approximate ? t("care.due.about", ["when": text]) : text
    }

    /// One due item as a list entry, with its status as a class.
    /// `book`: where "Book it" makes an appointment for it.
    func dueItem(label: String, date: LocalDate, status: DueStatus, approximate: Bool = false, link: String? = nil, book: String? = nil) -> HTML {
        let name: HTML = link.map { #"<a href="\#($0)">\#(label)</a>"# } ?? "\(label)"
        let booking: HTML = book.map { #" <a class="book" href="\#($0)">\#(t("appointments.book_it"))</a>"# } ?? .empty
        return
            #"<li class="due due-\#(status.rawValue)"><span class="what">\#(name)</span> <span class="when">\#(dueWhen(date, status, approximate: approximate))</span>\#(booking)</li>"#
    }
}
