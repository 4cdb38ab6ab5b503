import Foundation
import HearthCore
import HearthHTML
import HearthStore
import Hummingbird

/// The signed-in member's starting page: what needs doing now and soon, then each area's cards,
/// for everyone they may see, read in one snapshot.
struct HomeController {
    let renderer: Renderer
    let database: AppDatabase
    let areas: AreaList
    let now: @Sendable () -> Date

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let member = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { first, _ in first })
        let (shown, did, list, cards) = try database.snapshot { snapshot in
            var shown = try shownHome(context, format: format, snapshot)
            shown.query = query
            return (shown, try areas.didOnHome(shown, snapshot), try areas.todayList(shown, snapshot), try areas.homeCards(shown, snapshot))
        }
        let page = HomePage(
            greeting: renderer.strings.text("home.greeting", context.language, ["name": member.account.displayName]),
            today: format.shortDay(shown.today), isViewer: !shown.canRecord, selfCare: context.member?.me != nil,
            calendarToday: CalendarRoutes.day(shown.today),
            did: did, todo: TodaySection(list, cut: TodayList.onHome, format: format), cards: cards, isEmpty: shown.subjects.isEmpty)
        return renderer.page(page, titleKey: "home.title", request: request, context: context)
    }

    /// `/today`: the whole list; `?part=home`, home's share of it alone (the reminder script's).
    @Sendable func today(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireMember()
        let format = Formatting(strings: renderer.strings, language: context.language, timeZone: context.timeZone)
        let (shown, list) = try database.snapshot { snapshot in
            let shown = try shownHome(context, format: format, snapshot)
            return (shown, try areas.todayList(shown, snapshot))
        }
        if let part = request.uri.queryParameters.get("part") {
            return Renderer.fragment(TodaySection(list, cut: part == "home" ? TodayList.onHome : nil, format: format).rows)
        }
        let page = TodayPage(today: format.dayHeading(shown.today), todo: TodaySection(list, cut: nil, format: format))
        return renderer.page(page, titleKey: "home.todo", request: request, context: context)
    }

    private func shownHome(_ context: AppRequestContext, format: Formatting, _ snapshot: Snapshot) throws -> ShownHome {
        let subjects = try SubjectRepository.subjects(access: context.access, in: snapshot)
        return ShownHome(
            context: context, format: format, now: now(), today: context.today, subjects: subjects, canRecord: context.role?.canRecord == true)
    }
}
