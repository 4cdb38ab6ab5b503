import HearthStore

/// The household's part of the shared places: its subjects, pets and people, in the export.
enum HouseholdCards: AreaCards {
    static let exportKinds = HouseholdExport.subjectKinds
}
