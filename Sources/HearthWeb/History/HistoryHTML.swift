import Foundation
import HearthCore
import HearthHTML
import HearthStore

/// The history as the household reads it, one line a change: when, who (the member, their API
/// token, the command line or Hearth itself), what they did and each field's old → new, in the
/// member's language ("엄마: 변경 — 양 60 → 80").
enum HistoryHTML {
    /// "2026-11-20T23:12:05Z", without a formatter: an `ISO8601DateFormatter` made for each row
    /// was half of the activity page's time.
    static func stamp(_ instant: Date) -> String {
        let second = Int((instant.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) + 60).truncatingRemainder(dividingBy: 60))
        return "\(LocalDate(instant, in: .gmt))T\(LocalTime.clock(instant, in: .gmt)):\(second < 10 ? "0" : "")\(second)Z"
    }

    /// `<li>` rows, one a write (a record and its details are one line), in the order of
    /// `entries`; `what` adds whose it was and what (the activity page).
    static func rows(_ entries: [HistoryEntry], format: Formatting, what: Bool = false, names: HistoryNames = HistoryNames()) -> HTML {
        var html = HTML.empty
        var index = 0
        while index < entries.count {
            var end = index + 1
            while end < entries.count, entries[index].write != 0, entries[end].write == entries[index].write, entries[end].table != "dose" { end += 1 }
            let write = Array(entries[index..<end])
            index = end
            // The line speaks for the record's own row when the write has one (a record's insert, not its details').
            let lead = write.first { $0.table == $0.record } ?? write[0]
            let about = what ? names.about(lead, format: format) : ""
            // Whose and what on the time's line, who did what on the next.
            let whose: HTML = about.isEmpty ? .empty : #"<span class="about">\#(about)</span><br>"#
            html +=
                #"<li><time datetime="\#(stamp(lead.at))">\#(format.moment(lead.at))</time> \#(whose)\#(sentence(write, lead: lead, format: format, names: names))</li>"#
        }
        return html
    }

    /// Who made the change, as the line names them.
    static func who(_ entry: HistoryEntry, format: Formatting) -> String {
        switch (entry.memberName, entry.via) {
        case (let member?, .api): entry.tokenName.map { format.t("history.by_token", ["member": member, "token": $0]) } ?? member
        case (let member?, .reminder): member + " " + format.t("doses.from_reminder")
        case (let member?, _): member
        case (nil, .commandLine): format.t("history.command_line")
        // Write 0: no Hearth wrote it (the sqlite3 shell on the file).
        case (nil, nil) where entry.write == 0: format.t("history.outside")
        default: format.t("history.hearth")
        }
    }

    /// Columns that say nothing to the reader: keys, links between rows, and figures kept
    /// beside the one typed (a weight's grams beside its value and unit).
    static let hiddenColumns: Set<String> = [
        "id", "created_by", "together_id", "position", "grams", "kind", "added_on", "counted_at", "via",
        // a tracker value's field key (the record's line says which tracker), a register's keys and grid, photos' files
        "field", "licence_key", "list_key", "map_x", "map_y", "photo_sha", "sha256", "ingredient_names",
    ]

    static func sentence(_ write: [HistoryEntry], lead entry: HistoryEntry, format: Formatting, names: HistoryNames = HistoryNames()) -> String {
        let who = who(entry, format: format)
        if entry.table == "dose" { return dose(entry, who: who, format: format) }
        let deletedAt = entry.changes.first { $0.column == "deleted_at" }
        let action: String
        if entry.action == "insert" {
            action = "history.added"
        } else if entry.action == "delete" {
            action = "history.deleted"
        } else if let deletedAt, deletedAt.old == .none {
            action = "history.to_bin"
        } else if let deletedAt, deletedAt.new == .none {
            action = "history.put_back"
        } else {
            action = "history.changed"
        }
        let head = format.t(action, ["who": who])
        // What was added or removed whole is on its page; an edit says each field's old → new.
        guard action == "history.changed" else { return head }
        let fields = write.filter { $0.action == "update" }.flatMap { entry in entry.changes.map { (table: entry.table, record: entry.recordID, change: $0) } }
            .filter {
                $0.change.column != "deleted_at" && !hiddenColumns.contains($0.change.column)
                    && (!$0.change.column.hasSuffix("_id") || $0.change.column == "food_id")
            }
        let said = fields.map { table, record, change -> String in
            // A column with no word of its own is not shown by its English name on a Korean page;
            // one a table uses its own way has its own word (a schedule's `times` are its times of day).
            let own = "history.column_in.\(table).\(change.column)", general = "history.column.\(change.column)"
            let column =
                format.strings.has(own)
                ? format.t(own)
                : format.strings.has(general)
                    ? format.t(general) : format.t("history.other_field", ["name": change.column.replacingOccurrences(of: "_", with: " ")])
            guard let old = names.said(change.old, column: change.column, table: table, record: record, format: format),
                let new = names.said(change.new, column: change.column, table: table, record: record, format: format)
            else { return format.t("history.changed_field", ["column": column]) }
            return format.t("history.change", ["column": column, "old": old, "new": new])
        }
        return said.isEmpty ? head : head + " — " + said.joined(separator: ", ")
    }

    /// A dose's steps: given, skipped (with the reason), or its mark taken back.
    static func dose(_ entry: HistoryEntry, who: String, format: Formatting) -> String {
        func field(_ column: String) -> HistoryEntry.Value {
            entry.changes.first { $0.column == column }.map { entry.action == "delete" ? $0.old : $0.new } ?? .none
        }
        var when = ""
        if case .text(let day) = field("day"), let date = LocalDate(day) { when = format.shortDay(date) }
        if case .number(let minutes) = field("time"), let whole = Int(exactly: minutes) { when += " " + format.minutes(whole) }
        if entry.action == "delete" { return format.t("history.dose_undone", ["who": who, "when": when]) }
        let skipped = field("status") == .text("skipped")
        var line = format.t(skipped ? "history.dose_skipped" : "history.dose_given", ["who": who, "when": when])
        if case .text(let reason) = field("reason") { line += ": " + reason }
        return line
    }
}
