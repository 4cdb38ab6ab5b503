/// What the household export holds of trackers: their definitions (the fields as JSON, keys
/// and all) and each record with its values by field key, so a reader of the file pairs them.
extension HouseholdExport {
    public static let trackerKinds: [ExportKind] = [
        (
            "trackers",
            entries(
                "tracker", "tracker_entry",
                """
                x.tracker_id, t.name AS tracker,
                (SELECT json_group_object(v.field, coalesce(v.number, v.text)) FROM tracker_value v WHERE v.entry_id = e.id) AS field_values
                """, extraJoin: "JOIN tracker t ON t.id = x.tracker_id")
        ),
        (
            "tracker_definitions",
            "SELECT id AS tracker_id, name, subjects, regimen_id, fields, ready_made, created_at, deleted_at FROM tracker ORDER BY id"
        ),
    ]
}
