import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The signed-in member's starting page.
struct HomeController {
    let renderer: Renderer
    let people: PersonRepository
    let daily: DailyRepository

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("/", use: show)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let language = context.language
        let strings = renderer.strings
        let format = Formatting(strings: strings, language: language, timeZone: context.timeZone)
        let unit = context.household?.volumeUnit ?? .ml
        let canRecord = member.account.role.canRecord
        let water = try await people.people(access: context.access).map { person in
            HomePage.PersonWater(
                id: person.id, name: person.profile.name, colour: person.profile.colour.rawValue,
                water: PersonPage.Water(try daily.water(subjectID: person.id, on: context.today), personID: person.id, unit: unit, format: format),
                canRecord: canRecord)
        }
        let page = HomePage(
            greeting: strings.text("home.greeting", language, ["name": member.account.displayName]),
            today: Self.today(timeZone: context.household?.timeZone, language: language),
            isOwner: member.account.role.canManageHousehold, isViewer: !canRecord, water: water)
        return renderer.page(page, titleKey: "home.title", request: request, context: context)
    }

    /// Today's date in the household's time zone, written the way the member reads dates.
    static func today(timeZone: String?, language: Language, now: Date = Date()) -> String {
        DayHeadings.text(LocalDate(now, in: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current), language)
    }
}
