import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let medicineKinds: [ExportKind] = [
        (
            "regimens",
            """
            SELECT r.id AS regimen_id, r.subject_id, s.name AS subject, r.name, r.purpose, r.remind, r.deleted_at,
                   c.repeat, c.every, c.weekdays, c.times, c.minimum_minutes, c.start_date, c.end_date, c.end_days, c.from_date, c.until_date
            FROM regimen r JOIN subject s ON s.id = r.subject_id JOIN regimen_schedule c ON c.regimen_id = r.id ORDER BY r.id, c.id
            """
        ),
        (
            "regimen_items",
            """
            SELECT i.regimen_id, i.position, i.name, i.medicine_id, i.amount, i.unit, i.mg_per_kg, i.in_hand, i.counted_at, i.refill_days, i.added_on, i.removed_on
            FROM regimen_item i ORDER BY i.regimen_id, i.position, i.id
            """
        ),
        (
            "doses",
            """
            SELECT d.regimen_id, r.name AS regimen, s.name AS subject, d.day, printf('%02d:%02d', d.time / 60, d.time % 60) AS time,
                   d.status, strftime('%Y-%m-%dT%H:%M:%SZ', d.given_at) AS given_at, d.reason, a.display_name AS recorded_by, d.recorded_at
            FROM dose d JOIN regimen r ON r.id = d.regimen_id JOIN subject s ON s.id = r.subject_id LEFT JOIN account a ON a.id = d.account_id
            ORDER BY d.day, d.time, d.regimen_id
            """
        ),
        (
            "medicines",
            """
            SELECT id AS medicine_id, kind, name, company, ingredients, classification, form, prescription, purpose, how_to_take, warnings, notes, photo_sha AS photo
            FROM medicine ORDER BY id
            """
        ),
        (
            "dose_changes",
            """
            SELECT c.regimen_id, r.name AS regimen, c.day, printf('%02d:%02d', c.time / 60, c.time % 60) AS time,
                   CASE WHEN c.moved_to IS NULL THEN NULL ELSE printf('%02d:%02d', c.moved_to / 60, c.moved_to % 60) END AS moved_to, c.reason, c.changed_at
            FROM dose_change c JOIN regimen r ON r.id = c.regimen_id ORDER BY c.day, c.time, c.regimen_id
            """
        ),
    ]
}
