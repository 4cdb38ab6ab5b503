import Foundation
import HearthCore
import HearthStore

/// One button of a reminder: its answer, its label, and where it posts (a path for the browser's
/// own notification, a whole address for ntfy).
struct ReminderAction: Sendable, Equatable {
    let answer: ReminderAnswer
    let title: String
    let url: String
}

/// One round of delivery: the reminders due now, sorted into sends so that every target gets
/// each dose once — a member's browsers and own topic their own reminders, each dose its own
/// message with its own buttons (two doses at 08:00 once went as one message nobody could
/// answer), the household's shared topic and webhook everyone's in one message a time (a topic
/// that is both is one target) — each send on its own task, so one slow target delays no other.
/// What each reminder's targets did comes back.
struct ReminderDelivery {
    struct Item: Sendable {
        let reminder: ReminderMessage
        let recipient: ReminderRecipient
        /// The member may mark the reminder's dose (its buttons are offered).
        let mayAnswer: Bool
    }

    /// What became of one reminder: the targets that took it, browsers gone or to wait for, what
    /// each target said (for the owner's page), and the first problem of the others for the log
    /// (nil: all took it).
    struct Outcome: Sendable {
        var took: Set<String> = []
        var gone: [String] = []
        /// Browsers whose push service said 429, each with when to try again.
        var slowDown: [(endpoint: String, until: Date)] = []
        var said: [TargetSaid] = []
        var problem: String?
    }

    /// What one send's target said: its outcome, or the problem.
    private struct Answer: Sendable {
        let indices: [Int]
        let target: String
        let outcome: PushTarget.WebPushOutcome?
        let problem: String?
    }

    let items: [Item]
    let targets: ReminderTargets
    let devices: [PushDevice]
    let push: PushTarget
    let answers: ReminderAnswerRepository
    let vapid: VAPID
    let format: Formatting
    let now: Date

    /// A target ("ntfy <url>", "webhook", "device <id>") and the reminders of one time and round
    /// it gets: of one dose, for a member's own targets.
    private struct Send: Hashable {
        let target: String
        let dueAt: Date
        let round: Int
        var dose: DoseKey?

        /// What names the message to the push service and the phone: a later one of the same
        /// dose (the "again" round) replaces it, another dose's does not.
        func tag(_ owner: Int64) -> String {
            PushTarget.topic("\(owner) \(dueAt)" + (dose.map { " \($0.regimenID) \($0.day) \($0.time)" } ?? ""))
        }
    }

    func run() async throws -> [Outcome] {
        var sends: [Send: [Int]] = [:]
        func add(_ target: String, _ index: Int, ownDose: Bool = false) {
            let reminder = items[index].reminder
            guard !reminder.deliveredTo.contains(target) else { return }  // took it on an earlier try
            sends[Send(target: target, dueAt: reminder.dueAt, round: reminder.round, dose: ownDose ? reminder.dose : nil), default: []].append(index)
        }
        let devicesOf = Dictionary(grouping: devices, by: \.accountID)
        for (index, item) in items.enumerated() {
            if let own = item.recipient.ntfyURL { add("ntfy \(own)", index, ownDose: true) }
            // A member's "later" is theirs alone; the household's targets had the dose already.
            let personal = item.reminder.round >= ReminderMessage.later
            if let shared = targets.ntfyURL, !personal { add("ntfy \(shared)", index) }
            if targets.webhookURL != nil, !personal { add("webhook", index) }
            for device in devicesOf[item.recipient.accountID] ?? [] { add("device \(device.id)", index, ownDose: true) }
        }
        let devicesByTarget = Dictionary(uniqueKeysWithValues: devices.map { ("device \($0.id)", $0) })
        var outcomes = Array(repeating: Outcome(), count: items.count)
        // Each send's answer comes back as plain values (what the target said, or why not).
        let answers = try await withThrowingTaskGroup(of: Answer.self, returning: [Answer].self) { group in
            for (send, indices) in sends {
                let sent = indices.map { items[$0] }
                let device = devicesByTarget[send.target]
                // Buttons only where one member's one dose is the whole message.
                let answerable = sent.count == 1 && sent[0].mayAnswer && sent[0].reminder.dose != nil
                let tokens = answerable && (device != nil || send.target == "ntfy \(sent[0].recipient.ntfyURL ?? "")") ? try await issue(for: sent[0]) : [:]
                group.addTask {
                    do {
                        return Answer(
                            indices: indices, target: send.target, outcome: try await deliver(send, sent, device: device, tokens: tokens), problem: nil)
                    } catch {
                        return Answer(indices: indices, target: send.target, outcome: nil, problem: String(describing: error))
                    }
                }
            }
            var answers: [Answer] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
        for answer in answers {
            let device = devicesByTarget[answer.target]
            for index in answer.indices {
                var said = TargetSaid(target: answer.target, answer: .took, label: device?.label ?? "")
                switch answer.outcome {
                case .delivered: outcomes[index].took.insert(answer.target)
                case .gone:
                    outcomes[index].gone.append(device?.endpoint ?? "")
                    said = TargetSaid(target: answer.target, answer: .gone, label: said.label)
                case .slowDown(let wait):
                    // On the household's clock, which the device's wait is read against.
                    outcomes[index].slowDown.append((device?.endpoint ?? "", now.addingTimeInterval(wait)))
                    said = TargetSaid(target: answer.target, answer: .slowDown, until: now.addingTimeInterval(wait), label: said.label)
                    if outcomes[index].problem == nil { outcomes[index].problem = "HTTP 429 from a push service" }
                case .waiting:
                    said = TargetSaid(target: answer.target, answer: .waiting, until: device?.backoffUntil, label: said.label)
                    if outcomes[index].problem == nil { outcomes[index].problem = "waiting out a push service's 429" }
                case nil:
                    // A status that is not success is a refusal ("HTTP 500"); anything else, no answer.
                    let status = answer.problem.flatMap { $0.firstMatch(of: /^HTTP \d+/) }.map { String($0.output) }
                    let kind: TargetSaid.Answer = status == nil ? .noAnswer : status?.hasPrefix("HTTP 3") == true ? .redirected : .refused
                    said = TargetSaid(target: answer.target, answer: kind, detail: status ?? "", label: said.label)
                    if outcomes[index].problem == nil { outcomes[index].problem = answer.problem }
                }
                outcomes[index].said.append(said)
            }
        }
        return outcomes
    }

    /// A token for each answer of the item's dose, for its member.
    private func issue(for item: Item) async throws -> [ReminderAnswer: String] {
        guard let dose = item.reminder.dose else { return [:] }
        var tokens: [ReminderAnswer: String] = [:]
        for answer in ReminderAnswer.allCases {
            tokens[answer] = try await answers.issue(accountID: item.recipient.accountID, dose: dose, answer: answer, dueAt: item.reminder.dueAt, now: now)
        }
        return tokens
    }

    private func deliver(_ send: Send, _ sent: [Item], device: PushDevice?, tokens: [ReminderAnswer: String]) async throws -> PushTarget.WebPushOutcome {
        let title = format.t(
            Self.titleKey(send.round), ["time": format.clock(send.dueAt), "name": sent.map(\.recipient.name).sorted().joined(separator: ", ")])
        let message = ReminderScheduler.union(sent.map(\.reminder.message))
        // A tap opens the dose with its one "given" button (iOS shows a notification's buttons
        // nowhere), or the reminder's page.
        let open = tokens[.given].map(ReminderRoutes.answer) ?? (sent.count == 1 ? sent[0].reminder.link : nil) ?? HomeRoutes.home.pattern
        let actions = ReminderAnswer.allCases.compactMap { answer in
            tokens[answer].map { ReminderAction(answer: answer, title: format.t("push.answer.\(answer.rawValue)"), url: ReminderRoutes.answer($0)) }
        }
        if let device {
            if let until = device.backoffUntil, until > now { return .waiting }
            let payload = try JSONSerialization.data(
                withJSONObject: [
                    "title": title, "body": message, "url": open, "tag": send.tag(sent[0].recipient.accountID),
                    "actions": actions.map { ["action": $0.answer.rawValue, "title": $0.title, "url": $0.url] },
                ], options: [.sortedKeys])
            let ttl = max(60, Int(send.dueAt.addingTimeInterval(DoseSlot.window).timeIntervalSince(now)))
            // The signature's expiry is judged by the push service's clock: the real one, whatever
            // the household's (a test's, or a screenshot's).
            return try await push.webPush(
                payload, to: device, vapid: vapid, topic: send.tag(device.id), ttl: ttl, now: Date())
        }
        let address = targets.address.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if send.target.hasPrefix("ntfy ") {
            try await push.ntfy(
                String(send.target.dropFirst(5)), title: title, message: message, urgent: send.round > 0, click: address.map { $0 + open },
                actions: address.map { address in actions.map { ReminderAction(answer: $0.answer, title: $0.title, url: address + $0.url) } } ?? [])
        } else {
            var payload = [
                "title": title, "message": message, "members": sent.map(\.recipient.name).sorted().joined(separator: ", "),
                "due_at": ISO8601DateFormatter().string(from: send.dueAt), "round": String(send.round),
            ]
            if let address { payload["url"] = address + (sent.count == 1 ? sent[0].reminder.link ?? "/" : "/") }
            try await push.webhook(targets.webhookURL ?? "", payload: payload)
        }
        return .delivered
    }

    /// The title of each round: due, again, the others told, and a "later".
    static func titleKey(_ round: Int) -> String {
        switch round {
        case 0: "push.message_title"
        case 1: "push.message_again"
        case ReminderMessage.escalation: "push.message_missed"
        default: "push.message_later"
        }
    }
}
