import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let appointmentKinds: [ExportKind] = [
        (
            "appointments",
            """
            SELECT p.id AS appointment_id, p.subject_id, s.name AS subject, p.kind, p.local_date AS date,
                   printf('%02d:%02d', p.minutes / 60, p.minutes % 60) AS time, strftime('%Y-%m-%dT%H:%M:%SZ', p.starts_at) AS starts_at,
                   p.clinic_id, c.name AS clinic, p.place, p.note, p.record_id, p.done_at, p.created_at, p.deleted_at
            FROM appointment p LEFT JOIN subject s ON s.id = p.subject_id LEFT JOIN clinic c ON c.id = p.clinic_id ORDER BY p.starts_at, p.id
            """
        )
    ]
}
