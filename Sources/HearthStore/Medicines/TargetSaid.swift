import Foundation

/// What one target of a reminder said when it was sent, kept with the reminder (`reminder.said`)
/// so the owner's "last sent" says target by target, in the reader's words, what happened: one
/// problem in English for the whole reminder once said "HTTP 429 from a push service" though
/// the phone, ntfy and the webhook had taken it.
public struct TargetSaid: Sendable, Equatable, Codable {
    public enum Answer: String, Sendable, Codable {
        /// Took the message.
        case took
        /// A browser its push service says is gone (404, 410): removed.
        case gone
        /// Its push service asked for a pause (429): nothing goes before `until`.
        case slowDown = "slow_down"
        /// Still in that pause: not sent this time.
        case waiting
        /// No answer within the deadline, or no connection.
        case noAnswer = "no_answer"
        /// Answered, but not with success (`detail`: "HTTP 500").
        case refused
        /// Sent Hearth to another address (`detail`: "HTTP 302"), which is never followed.
        case redirected
        /// Not sent at all: the member's reminders are off (`detail` "off") or their topic is on
        /// this machine (`detail` "local").
        case notSent = "not_sent"
    }

    /// "device <id>", "ntfy <url>", "webhook", or "member" for a reminder not sent at all.
    public let target: String
    public let answer: Answer
    public var until: Date? = nil
    /// A refusal's status ("HTTP 500"), or why it was not sent ("off", "local").
    public var detail: String = ""
    /// A browser's label, kept: the browser may be gone by the time the page is read.
    public var label: String = ""

    public init(target: String, answer: Answer, until: Date? = nil, detail: String = "", label: String = "") {
        (self.target, self.answer, self.until, self.detail, self.label) = (target, answer, until, detail, label)
    }

    /// The browser's id of a "device <id>" target.
    public var deviceID: Int64? { target.hasPrefix("device ") ? Int64(target.dropFirst(7)) : nil }

    /// The targets' newest answers over `old`: a retry goes only to those that did not take it.
    static func merged(_ old: [TargetSaid], _ new: [TargetSaid]) -> [TargetSaid] {
        let answered = Set(new.map(\.target))
        return (old.filter { !answered.contains($0.target) } + new).sorted { $0.target < $1.target }
    }

    static func read(_ text: String?) -> [TargetSaid] {
        guard let text, let data = text.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([TargetSaid].self, from: data)) ?? []
    }

    static func text(_ said: [TargetSaid]) -> String? {
        (try? JSONEncoder().encode(said)).flatMap { String(data: $0, encoding: .utf8) }
    }
}
