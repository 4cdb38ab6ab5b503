import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// The signed-in member's starting page: today, for everyone they may see, in one read.
struct HomeController {
    let renderer: Renderer
    let home: HomeRepository
    let regimens: RegimenRepository
    let now: @Sendable () -> Date

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let language = context.language
        let strings = renderer.strings
        let format = Formatting(strings: strings, language: language, timeZone: context.timeZone)
        let volume = context.household?.volumeUnit ?? .ml
        let householdUnit = BodyWeightUnit(context.household?.weightUnit ?? .kg)
        let canRecord = member.account.role.canRecord
        let today = context.today
        let found = try home.today(today, access: context.access)
        let people = found.people.map { person in
            let day = person.day
            return HomePage.PersonToday(
                id: person.subject.id, name: person.subject.name, colour: person.subject.colour?.rawValue ?? "blue",
                water: PersonPage.Water(day.water, personID: person.subject.id, unit: volume, format: format),
                steps: day.steps.map { steps in
                    day.goals.steps.map { format.t("home.steps_of", ["steps": format.number(Double(steps)), "goal": format.number(Double($0))]) }
                        ?? format.t("people.steps.value", ["steps": format.number(Double(steps))])
                },
                stepsReached: day.steps.flatMap { steps in day.goals.steps.map { steps >= $0 } } ?? false,
                weight: day.latestWeight.map { format.weight(grams: $0.grams, unit: householdUnit) },
                canRecord: canRecord)
        }
        let pets = found.pets.map { pet in
            let records = CalendarHTML.kindOrder.compactMap { kind in
                pet.records[kind].map { "\(format.t("pets.kind.\(kind.rawValue)")) ×\($0)" }
            }
            return HomePage.PetToday(
                id: pet.subject.id, name: pet.subject.name, photo: pet.subject.photoSHA.map(PhotoURL.thumbnail),
                records: records.isEmpty ? format.t("home.nothing_yet") : records.joined(separator: " · "),
                weight: pet.latestWeightGrams.map { format.weight(grams: $0, unit: pet.subject.petWeightUnit ?? .kg) },
                canRecord: canRecord)
        }
        let (doses, dosesSummary) = try self.doses(context: context, format: format, canRecord: canRecord)
        let page = HomePage(
            greeting: strings.text("home.greeting", language, ["name": member.account.displayName]),
            today: format.dayHeading(today),
            isOwner: member.account.role.canManageHousehold, isViewer: !canRecord, people: people, pets: pets,
            photos: PhotoGridHTML.render(found.photos.map(\.sha), size: 120, label: format.t("photo.open"), links: found.photos.map { "/gallery/\($0.place)" }),
            calendarToday: "/calendar/\(today)",
            careDue: found.careDue.map { due in
                format.dueItem(
                    label: "\(due.subjectName): \(format.dueLabel(due.what))", date: due.date, status: due.status, approximate: due.approximate,
                    link: "/pets/\(due.subjectID)#care")
            }.joined(),
            doses: doses, dosesSummary: dosesSummary)
        return renderer.page(page, titleKey: "home.title", request: request, context: context)
    }

    /// What still needs doing today: doses due now and missed, then the next few; given and
    /// skipped ones are counted (the dose page lists them, with who gave them).
    private func doses(context: AppRequestContext, format: Formatting, canRecord: Bool) throws -> (HTML, String?) {
        let now = now()
        let today = LocalDate(now, in: context.timeZone)
        let all = try regimens.doses(access: context.access, from: today, to: today, in: context.timeZone).inTimeOrder
        guard !all.isEmpty else { return (.empty, nil) }
        let done = all.filter { [.given, .skipped].contains($0.slot.state(at: now)) }.count
        let html = DoseListHTML.render(
            DoseListHTML.stillToDo(all, now: now), now: now, canRecord: canRecord, csrf: context.csrfToken, back: "/", format: format)
        return (html, format.t("home.doses_summary", ["done": String(done), "all": String(all.count)]))
    }
}
