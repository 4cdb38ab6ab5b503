import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let petKinds: [ExportKind] = [
        ("weights", entries("weight", "weight_entry", "x.value, x.unit, x.grams")),
        (
            "meals",
            entries(
                "meal", "meal_entry", "f.name AS food, f.kind AS food_kind, x.amount, x.amount_unit, x.outcome", extraJoin: "JOIN food f ON f.id = x.food_id")
        ),
        ("toilets", entries("toilet", "excretion_entry", "x.urine, x.stool, x.colour, x.fecal_score, x.blood, x.mucus, \(photos)")),
        ("vomits", entries("vomit", "vomit_entry", "x.times, x.contents")),
        ("symptoms", entries("symptom", "symptom_entry", "x.signs, x.severity, x.description")),
        ("walks", entries("walk", "walk_entry", "x.activity, x.minutes, x.distance_km")),
        ("diary", entries("diary", "diary_entry", "x.title, x.body, \(photos)")),
        ("foods", "SELECT id AS food_id, name, kind, kcal_per_100g, kcal_per_piece, species FROM food ORDER BY id"),
        (
            "food_preferences",
            """
            SELECT p.subject_id, s.name AS subject, p.food_id, f.name AS food, p.preference
            FROM food_preference p JOIN subject s ON s.id = p.subject_id JOIN food f ON f.id = p.food_id ORDER BY p.subject_id, f.name
            """
        ),
    ]
}
