import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let peopleKinds: [ExportKind] = [
        (
            "daily",
            """
            SELECT d.subject_id, s.name AS subject, d.local_date, d.water_ml, d.steps, d.imported_weight_g
            FROM person_day d JOIN subject s ON s.id = d.subject_id ORDER BY d.subject_id, d.local_date
            """
        ),
        (
            "goals",
            """
            SELECT g.subject_id, s.name AS subject, g.effective_from, g.water_ml, g.cup_ml, g.steps, g.weight_min_g, g.weight_max_g
            FROM person_goal g JOIN subject s ON s.id = g.subject_id ORDER BY g.subject_id, g.effective_from
            """
        ),
    ]
}
