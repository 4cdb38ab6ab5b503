import HearthCore
import HearthHTML
import HearthStore

/// Routines on the home page (what needs doing, whose turn) and on a pet's or person's page
/// (theirs, with one tap, and where to add one).
enum RoutineCards: AreaCards {
    static let exportKinds = HouseholdExport.routineKinds
    static let demo: (any DemoStep.Type)? = RoutinesDemo.self

    /// When a routine without a time of day is reminded of: 09:00 on its day.
    static let untimedReminder = 9 * 60

    /// Each routine with reminders on that is due and not done, to whoever's turn it is (anyone's
    /// when it has no turns).
    static func reminders(_ shown: ShownReminders) throws -> [ReminderLine] {
        try RoutineRepository(shown.database).routines(access: shown.recipient.access, today: shown.today).filter(\.remind).flatMap { routine in
            guard let due = routine.due(today: shown.today), due.day <= shown.today else { return [ReminderLine]() }
            let turn = routine.turn(now: shown.now)
            guard turn.isEmpty || turn.contains(where: { $0.id == shown.recipient.accountID }) else { return [] }
            let instant = WallClock.instant(due.day, minutes: routine.schedule.times.first ?? untimedReminder, in: shown.zone)
            return shown.due(at: instant, shown.format.routineTitle(routine), link: RoutineRoutes.one(routine.id))
        }
    }

    static func feed(_ shown: ShownFeed) throws -> [FeedPart] {
        shown.part(20) { shown, out in RoutineFeed.write(shown.data.routines, into: &out, zone: shown.zone, now: shown.now, format: shown.format) }
    }

    /// Routines kept (by name, how, whose).
    static func search(_ shown: ShownSearch) throws -> [SearchGroup] {
        let found = try RoutineRepository(shown.database).kept(access: shown.context.access, today: shown.today).filter {
            shown.matches($0.name, $0.how ?? "", $0.subject?.name ?? "")
        }
        let house = shown.format.t("routines.house")
        return [
            SearchGroup(
                rank: 30, heading: shown.format.t("search.group.routines"),
                items: found.map { .init(href: RoutineRoutes.one($0.id), name: $0.name, detail: $0.subject?.name ?? house) })
        ]
    }

    /// One dot for the day's routines: all done, or some still due.
    static func calendarMonth(_ shown: ShownMonth, into dots: inout MonthDots) throws {
        let format = shown.format
        shown.dots(into: &dots) { marks in
            guard !marks.routines.isEmpty else { return [] }
            let all = marks.routines.allSatisfy(\.done)
            let names = marks.routines.map { ($0.subjectName.map { "\($0): " } ?? "") + $0.name + ($0.done ? " ✓" : "") }
            let label = format.t("calendar.routines", ["names": names.joined(separator: ", ")])
            return [MonthDot(rank: 50, classes: all ? "routines-done" : "routines-due", label: label)]
        }
    }

    static func calendarLegend(_ format: Formatting) -> [MonthDot] {
        [
            MonthDot(rank: 50, classes: "routines-due", label: format.t("calendar.legend.routines_due")),
            MonthDot(rank: 50, classes: "routines-done", label: format.t("calendar.legend.routines_done")),
        ]
    }

    /// The routines due that day, or done then, as the month marks them.
    static func calendarDay(_ shown: ShownDay) throws -> [DaySection] {
        guard !shown.marks.routines.isEmpty else { return [] }
        let format = shown.format
        let items = shown.marks.routines.map { mark -> HTML in
            let name = (mark.subjectName.map { "\($0): " } ?? "") + mark.name
            return #"<li class="routine routine-\#(mark.done ? "done" : "due")"><a href="\#(RoutineRoutes.one(mark.routineID))">\#(name)</a> "#
                + #"<span class="meta">\#(format.t(mark.done ? "calendar.routine_done" : "calendar.routine_due"))</span></li>"#
        }.joined()
        return [DaySection(rank: 30, heading: format.t("routines.card_title"), listClass: "dose-list", items: items)]
    }

    /// `?routine=<id>`: what was just marked on home ("했어요" by whom and when), with its undo;
    /// `?undone=routine` once taken back.
    static func didOnHome(_ shown: ShownHome, _ snapshot: Snapshot) throws -> HTML? {
        let format = shown.format
        if shown.query["undone"] == "routine" { return "\(format.t("home.did.undone"))" }
        guard let id = shown.query["routine"].flatMap({ Int64($0) }),
            let routine = try RoutineRepository.routines(access: shown.context.access, today: shown.today, in: snapshot).first(where: { $0.id == id }),
            let mark = routine.marks.first
        else { return nil }
        let said = "\(format.routineTitle(routine)) — \(format.routineMark(mark))"
        guard shown.canRecord else { return "\(said)" }
        let fields = RoutineListHTML.fields(due: mark.due, csrf: shown.context.csrfToken, back: HomeRoutes.home.pattern + "?undone=routine")
        return
            #"\#(said) <form method="post" action="\#(RoutineRoutes.mark(id))" class="inline">\#(fields)<button name="action" value="undo" type="submit">\#(format.t("home.did.undo"))</button></form>"#
    }

    /// Routines overdue by days, and due today (now, or soon when their time has not come).
    static func today(_ shown: ShownHome, _ snapshot: Snapshot, into list: inout TodayList) throws {
        let all = try RoutineRepository.routines(access: shown.context.access, today: shown.today, in: snapshot)
        let zone = shown.context.timeZone
        for item in RoutineListHTML.needing(all, today: shown.today) {
            guard let due = item.due, due.state != .soon else { continue }
            let time = item.routine.schedule.times.first
            let at = time.map { WallClock.instant(due.day, minutes: $0, in: zone) } ?? due.day.midnight(in: zone)
            let urgency: TodayList.Urgency = due.state == .overdue ? .overdue : .dueAt(at, now: shown.now)
            list.add(urgency, at: at) {
                RoutineListHTML.render(
                    [item], today: shown.today, now: shown.now, canRecord: shown.canRecord, csrf: shown.context.csrfToken,
                    back: HomeRoutes.home.pattern + "?routine=\(item.routine.id)", format: shown.format, household: all)
            }
        }
    }

    static func report(_ shown: ShownReport, _ snapshot: Snapshot) throws -> [ReportSection] {
        try RoutinesReportHTML.sections(shown, snapshot)
    }

    static func pet(_ shown: ShownPet, into cards: inout SubjectCardSlots) throws {
        try person(shown.subject, into: &cards)
    }

    static func person(_ shown: ShownSubject, into cards: inout SubjectCardSlots) throws {
        let today = LocalDate(shown.now, in: shown.context.timeZone)
        let household = try shown.database.snapshot { snapshot in
            try RoutineRepository.routines(access: shown.context.access, today: today, in: snapshot)
        }
        let routines = household.filter { $0.subject?.id == shown.id }
        let canRecord = shown.context.role?.canRecord == true
        let items = RoutineListHTML.byDue(routines, today: today)
        var html = HTML.empty
        if !items.isEmpty {
            html += #"<ul class="dose-list">"#
            html += RoutineListHTML.render(
                items, today: today, now: shown.now, canRecord: canRecord, csrf: shown.context.csrfToken,
                back: shown.back.replacingOccurrences(of: "#medicines", with: "#routines"),
                format: shown.format, showSubject: false, household: household)
            html += "</ul>"
        } else {
            html += #"<p class="meta">\#(shown.format.t("routines.none_here"))</p>"#
        }
        if canRecord { html += #"<p><a href="\#(RoutineRoutes.new.pattern)?subject=\#(shown.id)">+ \#(shown.format.t("routines.new"))</a></p>"# }
        cards.add(SubjectCard(rank: 30, id: "routines", heading: shown.format.t("routines.card_title"), html: html))
    }
}
