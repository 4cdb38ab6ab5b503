import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let routineKinds: [ExportKind] = [
        (
            "routines",
            """
            SELECT r.id AS routine_id, r.subject_id, s.name AS subject, r.name, r.how, r.repeat, r.every, r.weekdays, r.times, r.start_date,
                   r.end_date, r.end_days, r.soon_days, r.assignment, r.remind, r.created_at, r.deleted_at,
                   (SELECT group_concat(a.display_name, ', ') FROM (SELECT a.display_name FROM routine_member m JOIN account a ON a.id = m.account_id
                    WHERE m.routine_id = r.id ORDER BY m.position) a) AS members
            FROM routine r LEFT JOIN subject s ON s.id = r.subject_id ORDER BY r.id
            """
        ),
        (
            "routine_marks",
            """
            SELECT k.routine_id, r.name AS routine, s.name AS subject, k.due_date, k.status, strftime('%Y-%m-%dT%H:%M:%SZ', k.done_at) AS done_at,
                   k.done_date, k.reason, a.display_name AS recorded_by, k.recorded_at
            FROM routine_mark k JOIN routine r ON r.id = k.routine_id LEFT JOIN subject s ON s.id = r.subject_id LEFT JOIN account a ON a.id = k.account_id
            ORDER BY coalesce(k.due_date, k.done_date), k.routine_id
            """
        ),
    ]
}
