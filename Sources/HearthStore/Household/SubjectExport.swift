import Foundation

/// What the household export holds of this area (handed over by its web area, `AreaCards.exportKinds`).
extension HouseholdExport {
    public static let subjectKinds: [ExportKind] = [
        (
            "subjects",
            """
            SELECT s.id AS subject_id, s.kind, s.name, s.birth_date, s.birth_date_estimated, s.sex, s.colour, p.species, p.species_other,
                   p.breed, p.adoption_date, p.neutered, p.microchip, p.markings, p.notes, s.photo_sha AS photo, s.archived_at
            FROM subject s LEFT JOIN pet_profile p ON p.subject_id = s.id ORDER BY s.id
            """
        )
    ]
}
