import Crypto
import Foundation
import GRDB
import HearthCore

/// What a reminder's button says: the dose was given, or remind me again later.
public enum ReminderAnswer: String, Sendable, CaseIterable {
    case given, later
}

/// The answer a button's token stands for: one dose, one member, one answer.
public struct ReminderAnswerGrant: Sendable, Equatable {
    public let accountID: Int64
    public let dose: DoseKey
    public let answer: ReminderAnswer
    public let dueAt: Date
}

/// The buttons of a reminder ("줬어요", "10분 뒤"): each carries a token good only for its dose,
/// its member and its answer, for a day, used once. The token is the credential (ntfy's
/// buttons post with no cookie), so only its SHA-256 digest is kept, as sessions' are.
public struct ReminderAnswerRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    public static let lifetime: TimeInterval = 24 * 3600

    /// Why a token is not taken.
    public enum Refusal: Error, Equatable {
        /// No such token (a typo, or another household's): 403.
        case unknown
        /// Past its day, or used already: 410.
        case expired, used
    }

    public func issue(accountID: Int64, dose: DoseKey, answer: ReminderAnswer, dueAt: Date, now: Date) async throws -> String {
        let token = SessionRepository.newToken()
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_answer(digest, account_id, regimen_id, day, time, answer, due_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    SHA256.hex(token.utf8), accountID, dose.regimenID, dose.day.description, dose.time, answer.rawValue, dueAt,
                    now.addingTimeInterval(Self.lifetime),
                ])
            // Tokens a day past their end are of no more use to anyone.
            try db.execute(sql: "DELETE FROM reminder_answer WHERE expires_at < ?", arguments: [now.addingTimeInterval(-86400)])
        }
        return token
    }

    /// What `token` stands for, if it may still be used.
    public func find(_ token: String, now: Date) throws -> Result<ReminderAnswerGrant, Refusal> {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM reminder_answer WHERE digest = ?", arguments: [SHA256.hex(token.utf8)]),
                let day = (row["day"] as String?).flatMap(LocalDate.init), let answer = (row["answer"] as String?).flatMap(ReminderAnswer.init)
            else { return .failure(.unknown) }
            if (row["used_at"] as Date?) != nil { return .failure(.used) }
            if (row["expires_at"] as Date) <= now { return .failure(.expired) }
            return .success(
                ReminderAnswerGrant(
                    accountID: row["account_id"], dose: DoseKey(regimenID: row["regimen_id"], day: day, time: row["time"]), answer: answer,
                    dueAt: row["due_at"]))
        }
    }

    /// Uses the token up; false when another request did first (two taps at once: one wins).
    public func use(_ token: String, now: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE reminder_answer SET used_at = ? WHERE digest = ? AND used_at IS NULL AND expires_at > ?",
                arguments: [now, SHA256.hex(token.utf8), now])
            return db.changesCount == 1
        }
    }
}
