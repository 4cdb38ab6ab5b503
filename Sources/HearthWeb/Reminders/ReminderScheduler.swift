import AsyncHTTPClient
import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Sends each reminder once. Every half minute it asks the areas, for each member with
/// reminders on, what is due for them (`AreaCards.reminders`: the doses still unmarked inside
/// their window, the routines that are theirs to do, the appointments an hour ahead): all those
/// due at one time make one message ("08:00 — Mochi: Heart pills; Home: Litter box"), sent when
/// the time comes and once more after the household's "again" minutes if nobody marked them.
/// Each message is written down (`reminder`, keyed by member, time and round) before it is
/// sent, so a restart never sends it twice; after downtime only doses still inside their
/// window are reminded of. A failed delivery is tried again with growing pauses.
struct ReminderScheduler: Sendable {
    let reminders: ReminderRepository
    let database: AppDatabase
    /// The areas asked what is due (`AreaCards.reminders`).
    let areas: AreaList
    let household: HouseholdState
    let push: PushTarget
    let strings: Localization
    let logger: Logger
    /// When a message went: recorded as sent, not as the round's start.
    var clock: @Sendable () -> Date = { Date() }

    static let maximumAttempts = 6

    func tick(now: Date) async throws {
        guard let settings = household.settings else { return }
        let zone = TimeZone(identifier: settings.timeZone) ?? .current
        let targets = try reminders.targets()
        let today = LocalDate(now, in: zone)
        let format = Formatting(strings: strings, language: settings.language, timeZone: zone)
        for recipient in try reminders.recipients() where recipient.ntfyURL != nil || targets.ntfyURL != nil || targets.webhookURL != nil {
            let shown = ShownReminders(
                recipient: recipient, now: now, today: today, zone: zone, format: format, againMinutes: targets.againMinutes, database: database)
            // All lines of one time and round make one message.
            let messages = Dictionary(grouping: try areas.reminderLines(shown)) { Pair(dueAt: $0.dueAt, round: $0.round) }
            for (key, lines) in messages {
                let message = "\(format.clock(key.dueAt)) — " + lines.map(\.text).sorted().joined(separator: "; ")
                _ = try await reminders.claim(accountID: recipient.accountID, dueAt: key.dueAt, round: key.round, message: message, now: now)
            }
        }
        try await deliver(now: now, targets: targets, format: format)
    }

    private struct Pair: Hashable {
        let dueAt: Date
        let round: Int
    }

    /// Sends what is written down and not yet delivered: one push per topic, dose time and
    /// round, naming every dose due of the members who read that topic (members without a
    /// topic of their own all read the household's, which gets it once, not once each), and
    /// the webhook once per dose time and round with the members listed. Each send runs on its
    /// own: one slow or dead receiver delays no one else. Who gets it, and where, is read again
    /// just before (a member who has just turned reminders off gets none).
    func deliver(now: Date, targets: ReminderTargets, format: Formatting) async throws {
        let recipients = Dictionary(try reminders.recipients().map { ($0.accountID, $0) }) { first, _ in first }
        var addressed: [(reminder: ReminderMessage, recipient: ReminderRecipient)] = []
        for reminder in try reminders.pending(now: now, maximumAttempts: Self.maximumAttempts) {
            guard let recipient = recipients[reminder.accountID] else {
                try await reminders.failed(reminder, error: "reminders are off for this member", nextAttempt: nil)
                continue
            }
            if let own = recipient.ntfyURL, !recipient.isOwner, await !PushAddress.memberMay(own, householdNtfy: targets.ntfyURL) {
                // Checked when it was saved, and again now: a name can come to resolve here.
                try await reminders.failed(reminder, error: "\(own) is on this machine; only the owner may send reminders there", nextAttempt: nil)
                continue
            }
            addressed.append((reminder, recipient))
        }
        struct Send: Hashable {
            let ntfy: String?
            let webhook: String?
            let dueAt: Date
            let round: Int
        }
        var sends: [Send: [Int]] = [:]
        for (index, item) in addressed.enumerated() {
            let (dueAt, round) = (item.reminder.dueAt, item.reminder.round)
            if let ntfy = item.recipient.ntfyURL ?? targets.ntfyURL {
                sends[Send(ntfy: ntfy, webhook: nil, dueAt: dueAt, round: round), default: []].append(index)
            }
            if let webhook = targets.webhookURL { sends[Send(ntfy: nil, webhook: webhook, dueAt: dueAt, round: round), default: []].append(index) }
        }
        // What went wrong for each reminder, by its place in `addressed`.
        var problems: [Int: any Error] = [:]
        try await withThrowingTaskGroup(of: ([Int], (any Error)?).self) { group in
            for (send, indices) in sends {
                let items = indices.map { addressed[$0] }
                group.addTask {
                    let names = items.map(\.recipient.name).sorted()
                    let title = format.t(
                        send.round == 0 ? "push.message_title" : "push.message_again",
                        ["time": format.clock(send.dueAt), "name": names.joined(separator: ", ")])
                    let message = Self.union(items.map(\.reminder.message))
                    do {
                        if let ntfy = send.ntfy { try await push.ntfy(ntfy, title: title, message: message, urgent: send.round > 0) }
                        if let webhook = send.webhook {
                            try await push.webhook(
                                webhook,
                                payload: [
                                    "title": title, "message": message, "members": names.joined(separator: ", "),
                                    "due_at": ISO8601DateFormatter().string(from: send.dueAt), "round": String(send.round),
                                ])
                        }
                        return (indices, nil)
                    } catch {
                        return (indices, error)
                    }
                }
            }
            for try await (indices, problem) in group {
                if let problem { for index in indices { problems[index] = problem } }
            }
        }
        for (index, item) in addressed.enumerated() {
            if let problem = problems[index] {
                // 30 s, 1, 2, 4, 8 minutes…, and never after the dose's window has passed.
                let pause = min(1800, 30 * pow(2, Double(item.reminder.attempts)))
                let next = now.addingTimeInterval(pause)
                let stillUseful = next < item.reminder.dueAt.addingTimeInterval(DoseSlot.window)
                logger.warning("reminder to \(item.recipient.name) not delivered: \(problem)")
                try await reminders.failed(item.reminder, error: String(describing: problem), nextAttempt: stillUseful ? next : nil)
            } else {
                try await reminders.delivered(item.reminder, now: clock())
            }
        }
    }

    /// Members' messages of one dose time as one: "08:00 — Mochi: Heart pills; Mom: Vitamin D",
    /// each dose once.
    static func union(_ messages: [String]) -> String {
        guard messages.count > 1, let first = messages.first, let mark = first.range(of: " — ") else { return messages.first ?? "" }
        var lines: [String] = []
        for message in messages {
            let body = message.range(of: " — ").map { String(message[$0.upperBound...]) } ?? message
            for line in body.components(separatedBy: "; ") where !lines.contains(line) { lines.append(line) }
        }
        return String(first[..<mark.upperBound]) + lines.sorted().joined(separator: "; ")
    }
}

/// Runs the scheduler inside the server, every 30 seconds, until the server stops.
struct ReminderService: Service {
    let scheduler: ReminderScheduler
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do { try await scheduler.tick(now: clock()) } catch { logger.error("reminders: \(error)") }
                try? await Task.sleep(for: .seconds(30))
            }
        }
    }
}
