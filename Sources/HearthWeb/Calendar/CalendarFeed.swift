import Foundation
import HearthCore
import HearthStore

/// A member's calendar feed as iCalendar text (RFC 5545): the calendar, its zone (with its
/// VTIMEZONE), then each area's events (`AreaCards.feed`) in their ranks' order. Every event
/// has a VALARM.
enum CalendarFeed {
    static func ics(
        _ data: CalendarFeedData, areas: AreaList, database: AppDatabase, zone: TimeZone, now: Date, format: Formatting, householdName: String
    )
        throws -> String
    {
        var out = ICalendarWriter()
        out.begin("VCALENDAR")
        out.line("VERSION", "2.0")
        out.line("PRODID", "-//Hearth//Household care log//EN")
        out.line("CALSCALE", "GREGORIAN")
        out.line("METHOD", "PUBLISH")
        out.text("X-WR-CALNAME", "\(householdName) — \(data.memberName)")
        out.line("X-WR-TIMEZONE", zone.identifier)
        out.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        out.line("X-PUBLISHED-TTL", "PT1H")
        let today = LocalDate(now, in: zone)
        let firstYear = data.regimens.flatMap { $0.spans.map(\.from.year) }.min() ?? today.year
        TimeZoneComponent.write(zone, fromYear: min(firstYear, today.year) - 1, toYear: today.year + 10, into: &out)
        let shown = ShownFeed(data: data, database: database, zone: zone, now: now, format: format)
        for part in try areas.feedParts(shown) { out.append(part.events) }
        out.end("VCALENDAR")
        return out.text
    }
}
