import AsyncHTTPClient
import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Sends each due dose's reminder once. Every half minute it looks, for each member with
/// reminders on, at the doses still unmarked inside their window (`DoseSlot.window`): all those
/// due at one time make one message ("08:00 — Mochi: Heart pills; Mom: Vitamin D"), sent when
/// the time comes and once more after the household's "again" minutes if nobody marked them.
/// Each message is written down (`reminder`, keyed by member, time and round) before it is
/// sent, so a restart never sends it twice; after downtime only doses still inside their
/// window are reminded of. A failed delivery is tried again with growing pauses.
struct ReminderScheduler: Sendable {
    let reminders: ReminderRepository
    let regimens: RegimenRepository
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
            var rounds: [Int: [Date: [String]]] = [:]
            for entry in try regimens.doses(access: recipient.access, from: today.adding(days: -1), to: today, in: zone)
            where entry.regimen.remind && !entry.regimen.deleted {
                for slot in entry.slots where !slot.asNeeded && slot.state(at: now) == .dueNow {
                    let line = "\(entry.regimen.subjectName): \(entry.regimen.name)"
                    rounds[0, default: [:]][slot.instant, default: []].append(line)
                    if targets.againMinutes > 0, now >= slot.instant.addingTimeInterval(Double(targets.againMinutes) * 60) {
                        rounds[1, default: [:]][slot.instant, default: []].append(line)
                    }
                }
            }
            for (round, byTime) in rounds {
                for (dueAt, lines) in byTime {
                    let message = "\(format.clock(dueAt)) — " + lines.sorted().joined(separator: "; ")
                    _ = try await reminders.claim(accountID: recipient.accountID, dueAt: dueAt, round: round, message: message, now: now)
                }
            }
        }
        try await deliver(now: now, targets: targets, format: format)
    }

    /// Sends what is written down and not yet delivered, each message on its own: one slow or
    /// dead receiver delays no one else's. Who gets it, and where, is read again just before
    /// each send (a member who has just turned reminders off gets none).
    func deliver(now: Date, targets: ReminderTargets, format: Formatting) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for reminder in try reminders.pending(now: now, maximumAttempts: Self.maximumAttempts) {
                group.addTask { try await deliver(reminder, now: now, targets: targets, format: format) }
            }
            try await group.waitForAll()
        }
    }

    private func deliver(_ reminder: ReminderMessage, now: Date, targets: ReminderTargets, format: Formatting) async throws {
        guard let recipient = try reminders.recipients().first(where: { $0.accountID == reminder.accountID }) else {
            try await reminders.failed(reminder, error: "reminders are off for this member", nextAttempt: nil)
            return
        }
        let title = format.t(reminder.round == 0 ? "push.message_title" : "push.message_again", ["time": format.clock(reminder.dueAt), "name": recipient.name])
        do {
            if let own = recipient.ntfyURL, !recipient.isOwner, await !PushAddress.memberMay(own, householdNtfy: targets.ntfyURL) {
                // Checked when it was saved, and again now: a name can come to resolve here.
                try await reminders.failed(reminder, error: "\(own) is on this machine; only the owner may send reminders there", nextAttempt: nil)
                return
            }
            if let ntfy = recipient.ntfyURL ?? targets.ntfyURL {
                try await push.ntfy(ntfy, title: title, message: reminder.message, urgent: reminder.round > 0)
            }
            if let webhook = targets.webhookURL {
                try await push.webhook(webhook, payload: [
                    "title": title, "message": reminder.message, "member": recipient.name,
                    "due_at": ISO8601DateFormatter().string(from: reminder.dueAt), "round": String(reminder.round),
                ])
            }
            try await reminders.delivered(reminder, now: clock())
        } catch {
            // 30 s, 1, 2, 4, 8 minutes…, and never after the dose's window has passed.
            let pause = min(1800, 30 * pow(2, Double(reminder.attempts)))
            let next = now.addingTimeInterval(pause)
            let stillUseful = next < reminder.dueAt.addingTimeInterval(DoseSlot.window)
            logger.warning("reminder to \(recipient.name) not delivered: \(error)")
            try await reminders.failed(reminder, error: String(describing: error), nextAttempt: stillUseful ? next : nil)
        }
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
