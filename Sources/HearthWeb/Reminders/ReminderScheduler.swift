import AsyncHTTPClient
import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Sends each reminder once. Every half minute it asks the areas, for each member with
/// reminders on, what is due for them (`AreaCards.reminders`: the doses still unmarked inside
/// their window, the routines that are theirs to do, the appointments the day and the hour
/// before, and the doses of others still unmarked an hour on): each dose a message of its own
/// with its buttons, the rest due at one time one message ("08:00 — Home: Litter box; Bath"),
/// sent when the time comes and once more after the household's "again" minutes if nobody
/// marked them (the household's shared topic gets one message a time, every dose on it).
/// Each message is written down (`reminder`, keyed by member, time and round) before it is
/// sent, so a restart never sends it twice; after downtime only doses still inside their
/// window are reminded of. A failed delivery is tried again with growing pauses, to the
/// targets that did not take it only.
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
    /// Tests only (`HearthConfiguration.pushServicesMayBeLocal`): their stand-in push service.
    var pushServicesMayBeLocal = false

    static let maximumAttempts = 6

    func tick(now: Date) async throws {
        guard let settings = household.settings else { return }
        let zone = TimeZone(identifier: settings.timeZone) ?? .current
        let targets = try reminders.targets()
        let today = LocalDate(now, in: zone)
        let format = Formatting(strings: strings, language: settings.language, timeZone: zone)
        let withDevices = Set(try PushDeviceRepository(database).devices(accountID: nil).map(\.accountID))
        for recipient in try reminders.recipients()
        where recipient.ntfyURL != nil || targets.ntfyURL != nil || targets.webhookURL != nil || withDevices.contains(recipient.accountID) {
            let shown = ShownReminders(
                recipient: recipient, now: now, today: today, zone: zone, format: format, againMinutes: targets.againMinutes,
                escalateMinutes: targets.escalateMinutes, database: database)
            // A dose is a message of its own, with its buttons; the other lines of one time and round make one message.
            let messages = Dictionary(grouping: try areas.reminderLines(shown)) { Pair(dueAt: $0.dueAt, round: $0.round, dose: $0.dose) }
            for (key, lines) in messages {
                let message = "\(format.clock(key.dueAt)) — " + lines.map(\.text).sorted().joined(separator: "; ")
                // One line is about one thing: its page, and its dose for the buttons.
                let one = lines.count == 1 ? lines.first : nil
                _ = try await reminders.claim(
                    accountID: recipient.accountID, dueAt: key.dueAt, round: key.round, message: message, dose: one?.dose,
                    link: one?.link ?? HomeRoutes.home.pattern, now: now)
            }
        }
        try await deliver(now: now, targets: targets, format: format)
    }

    private struct Pair: Hashable {
        let dueAt: Date
        let round: Int
        let dose: DoseKey?
    }

    /// Sends what is written down and not yet delivered, to every target it is for, each getting
    /// each dose once: a member's own ntfy topic and browsers their own reminders, the household's
    /// shared topic (the family tablet) everyone's, one message per dose time and round naming
    /// every dose due, and the webhook the same with the members listed. Each send runs on its
    /// own: one slow or dead receiver delays no one else. Who gets it, and where, is read again
    /// just before (a member who has just turned reminders off gets none), and a reminder of a
    /// dose marked meanwhile is dropped.
    func deliver(now: Date, targets: ReminderTargets, format: Formatting) async throws {
        let recipients = Dictionary(try reminders.recipients().map { ($0.accountID, $0) }) { first, _ in first }
        let regimens = RegimenRepository(database)
        var addressed: [ReminderDelivery.Item] = []
        for reminder in try reminders.pending(now: now, maximumAttempts: Self.maximumAttempts) {
            guard let recipient = recipients[reminder.accountID] else {
                try await reminders.failed(
                    reminder, error: "reminders are off for this member", said: [TargetSaid(target: "member", answer: .notSent, detail: "off")],
                    nextAttempt: nil)
                continue
            }
            if let own = recipient.ntfyURL, !recipient.isOwner, await !PushAddress.memberMay(own, householdNtfy: targets.ntfyURL) {
                // Checked when it was saved, and again now: a name can come to resolve here.
                try await reminders.failed(
                    reminder, error: "\(own) is on this machine; only the owner may send reminders there",
                    said: [TargetSaid(target: "ntfy \(own)", answer: .notSent, detail: "local")], nextAttempt: nil)
                continue
            }
            if let dose = reminder.dose, try regimens.isMarked(dose) {
                try await reminders.delivered(reminder, now: clock())  // nothing left to remind of
                continue
            }
            let subject = try reminder.dose.flatMap { try regimens.subjectID(regimenID: $0.regimenID) }
            addressed.append(.init(reminder: reminder, recipient: recipient, mayAnswer: subject.map(recipient.mayRecord(for:)) ?? false))
        }
        // Nothing due (most ticks): no devices read, no names resolved, no key asked for.
        guard !addressed.isEmpty else { return }
        let browsers = PushDeviceRepository(database)
        // Checked when it subscribed, and again now: a push service's name can come to resolve here.
        var devices: [PushDevice] = []
        for device in try browsers.devices(accountID: nil) {
            let allowed = pushServicesMayBeLocal ? true : await PushAddress.isPushService(device.endpoint)
            if allowed {
                devices.append(device)
            } else {
                logger.warning("not sending to \(device.endpoint): it is on this machine or the home network")
            }
        }
        let delivery = ReminderDelivery(
            items: addressed, targets: targets, devices: devices, push: push,
            answers: ReminderAnswerRepository(database), vapid: VAPID(key: try await browsers.vapidKey(), subject: Self.contact(targets)),
            format: format, now: now)
        let outcomes = try await delivery.run()
        // A browser that took it works; one that did not answer has not answered since its first miss.
        try await browsers.note(
            outcomes.flatMap(\.said).compactMap { said in
                switch said.answer {
                case .took: said.deviceID.map { ($0, true) }
                case .noAnswer, .refused, .redirected: said.deviceID.map { ($0, false) }
                default: nil
                }
            }, now: now)
        for (index, item) in addressed.enumerated() {
            let outcome = outcomes[index]
            for endpoint in outcome.gone { try await browsers.forget(endpoint: endpoint) }
            for (endpoint, until) in outcome.slowDown { try await browsers.backOff(endpoint: endpoint, until: until) }
            if let problem = outcome.problem {
                // 30 s, 1, 2, 4, 8 minutes…, and never after the dose's window has passed.
                let pause = min(1800, 30 * pow(2, Double(item.reminder.attempts)))
                let next = now.addingTimeInterval(pause)
                let stillUseful = next < item.reminder.dueAt.addingTimeInterval(DoseSlot.window)
                logger.warning("reminder to \(item.recipient.name) not delivered: \(problem)")
                try await reminders.delivered(item.reminder, to: outcome.took)
                try await reminders.failed(item.reminder, error: problem, said: outcome.said, nextAttempt: stillUseful ? next : nil)
            } else {
                try await reminders.record(item.reminder, said: outcome.said)
                try await reminders.delivered(item.reminder, now: clock())
            }
        }
    }

    /// Who push services may contact about Hearth's messages (RFC 8292's `sub`): the household's
    /// https address when it has one.
    static func contact(_ targets: ReminderTargets) -> String {
        if let address = targets.address, address.lowercased().hasPrefix("https://") { return address }
        return "mailto:hearth@localhost"
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
