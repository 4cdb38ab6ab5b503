import GRDB

/// The schema's history, one file per migration (`v1-accounts.swift`, `v2-pets.swift`, …). A migration
/// that has shipped is never edited: add a new file and name it in `all`.
public enum Migrations {
    static let all = [
        v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32,
        v33, v34, v35, v36, v37,
    ]

    /// The schema version this Hearth makes: how many migrations it knows.
    public static var count: Int { all.count }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in all {
            migrator.registerMigration(migration.name, migrate: migration.migrate)
        }
        return migrator
    }

    struct Migration: Sendable {
        let name: String
        let migrate: @Sendable (Database) throws -> Void

        init(_ name: String, migrate: @escaping @Sendable (Database) throws -> Void) {
            self.name = name
            self.migrate = migrate
        }
    }
}
