import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let healthKinds: [ExportKind] = [
        (
            "vaccinations",
            """
            SELECT \(entryColumns), v.code, v.name AS vaccine, v.batch, v.next_due, x.clinic_name, x.vet
            FROM entry e JOIN subject s ON s.id = e.subject_id JOIN vaccination_entry x ON x.entry_id = e.id
            JOIN vaccine_given v ON v.entry_id = e.id LEFT JOIN account a ON a.id = e.created_by
            WHERE e.deleted_at IS NULL ORDER BY e.occurred_at, e.id, v.position
            """
        ),
        ("preventives", entries("preventive", "preventive_entry", "x.kind AS preventive, x.product, x.cycle, x.next_due")),
        (
            "vet_visits",
            entries("vet_visit", "vet_visit_entry", "x.clinic_name, x.reason, x.diagnosis, x.treatment, x.medicines, x.cost, x.currency, x.follow_up")
        ),
        ("own_vaccines", "SELECT id AS vaccine_id, species, name, booster_months, created_at FROM own_vaccine ORDER BY id"),
        ("vaccine_intervals", "SELECT code, booster_months FROM vaccine_interval ORDER BY code"),
        ("clinics", "SELECT id AS clinic_id, name, phone, address, district, hours, open_24_hours, favourite, note FROM clinic ORDER BY id"),
        // The recipe book flat, one row a recipe with its ingredient lines and steps each on
        // a line of their own; `hearth export recipes` writes it as JSON-LD to import again.
    ]
}
