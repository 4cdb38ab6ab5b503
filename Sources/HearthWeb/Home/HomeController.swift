import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The signed-in member's starting page: today, for everyone they may see, each area's cards
/// read in one snapshot.
struct HomeController {
    let renderer: Renderer
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let canRecord = member.account.role.canRecord
        let today = context.today
        let now = now()
        let (cards, nobody) = try database.snapshot { snapshot in
            let subjects = try SubjectRepository.subjects(access: context.access, in: snapshot)
            let shown = ShownHome(context: context, format: format, now: now, today: today, subjects: subjects, canRecord: canRecord)
            return (try areas.homeCards(shown, snapshot), subjects.isEmpty)
        }
        let page = HomePage(
            greeting: renderer.strings.text("home.greeting", context.language, ["name": member.account.displayName]),
            today: format.dayHeading(today), isViewer: !canRecord, calendarToday: CalendarRoutes.day(today), cards: cards, isEmpty: nobody)
        return renderer.page(page, titleKey: "home.title", request: request, context: context)
    }
}
