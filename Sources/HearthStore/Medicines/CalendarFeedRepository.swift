import Foundation
import GRDB
import HearthCore

/// What a member's calendar feed holds, read in one snapshot: every regimen they may see
/// (ended and deleted ones too, for their past), the one-day changes and skipped doses that
/// become EXDATEs, and the care due (vaccinations, preventives, follow-ups).
public struct CalendarFeedData: Sendable {
    public let memberName: String
    /// The subjects the feed's member may see (for what an area reads itself).
    public let access: SubjectAccess
    public let regimens: [Regimen]
    public let changes: [DoseChange]
    /// Doses marked skipped, and every mark on a regimen's first day (a dose of the day it was
    /// added whose time had passed is only a dose if someone marked it).
    public let logged: [LoggedDose]
    public let careDue: [CareDue]
    /// The routines the member may see, with their marks (whose turn, days skipped).
    public let routines: [Routine]
    /// Appointments from a month ago on.
    public let appointments: [Appointment]
}

public struct CalendarFeedRepository: Sendable {
    let database: AppDatabase

    public init(_ database: AppDatabase) { self.database = database }

    /// The feed of the account whose token this is, or nil (no such token, or the account is
    /// disabled): the URL is the credential.
    public func feed(token: String, today: LocalDate) throws -> CalendarFeedData? {
        guard token.count >= 32 else { return nil }
        return try database.read { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT id, display_name, role, limited FROM account WHERE feed_token = ? AND disabled_at IS NULL"),
                    arguments: [token])
            else { return nil }
            let access = try AccountRepository.access(limited: row["limited"], role: Role(rawValue: row["role"]) ?? .viewer, accountID: row["id"], db)
            let regimens = try RegimenRepository.regimens(access: access, includeDeleted: true, db)
            let ids = regimens.map { String($0.id) }.joined(separator: ",")
            let changes =
                regimens.isEmpty
                ? [] : try Row.fetchAll(db, sql: "SELECT * FROM dose_change WHERE regimen_id IN (\(ids))").compactMap(RegimenRepository.change(from:))
            let logged =
                regimens.isEmpty
                ? []
                : try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(RegimenRepository.doseColumns) FROM dose d LEFT JOIN account a ON a.id = d.account_id WHERE d.regimen_id IN (\(ids))
                          AND (d.status = 'skipped' OR d.day = (SELECT MIN(s.start_date) FROM regimen_schedule s WHERE s.regimen_id = d.regimen_id))
                        """
                ).map(RegimenRepository.loggedDose(from:))
            return CalendarFeedData(
                memberName: row["display_name"], access: access, regimens: regimens, changes: changes, logged: logged,
                careDue: try CareRepository.due(access: access, today: today, db),
                routines: try RoutineRepository.routines(access: access, today: today, db),
                appointments: try AppointmentRepository.appointments(access: access, from: today.adding(days: -31), db))
        }
    }

    /// The member's feed token, made on first use.
    public func token(accountID: Int64) async throws -> String {
        try await database.write { db in
            if let token = try String.fetchOne(db.cachedStatement(sql: "SELECT feed_token FROM account WHERE id = ?"), arguments: [accountID]) { return token }
            return try Self.replace(accountID: accountID, db)
        }
    }

    /// The token as it stands, without making one.
    public func existingToken(accountID: Int64) throws -> String? {
        try database.read { db in try String.fetchOne(db.cachedStatement(sql: "SELECT feed_token FROM account WHERE id = ?"), arguments: [accountID]) }
    }

    /// Revokes the old URL: calendars that had it get nothing more. A new one is made.
    @discardableResult
    public func renew(accountID: Int64) async throws -> String {
        try await database.write { db in try Self.replace(accountID: accountID, db) }
    }

    /// No feed at all: the old URL stops working and none is shown.
    public func turnOff(accountID: Int64) async throws {
        try await database.write { db in try db.execute(sql: "UPDATE account SET feed_token = NULL WHERE id = ?", arguments: [accountID]) }
    }

    private static func replace(accountID: Int64, _ db: Database) throws -> String {
        var bytes = [UInt8](repeating: 0, count: 24)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        let token = bytes.map { String(format: "%02x", $0) }.joined()
        try db.execute(sql: "UPDATE account SET feed_token = ? WHERE id = ?", arguments: [token, accountID])
        return token
    }
}
