import GRDB

extension Migrations {
    static let v34 = Migration("v34 the history keeps no address that works as a credential") { db in
        // Until now the history kept push endpoints, ntfy topics and the webhook's address as
        // they were typed, and the owner read them on /activity. What the triggers now keep
        // (`HistoryTriggers.hiddenColumns`) replaces them in the entries already written: that
        // one was set, and in a change, that it changed.
        for column in HistoryTriggers.hiddenColumns.sorted() {
            let path = "$.\(column)"
            try db.execute(
                sql: """
                    UPDATE history SET changes = json_set(changes, ?1,
                        CASE WHEN json_type(changes, ?1) = 'array' THEN json_array(
                            CASE WHEN json_extract(changes, ?1 || '[0]') IS NULL THEN NULL ELSE ?2 END,
                            CASE WHEN json_extract(changes, ?1 || '[1]') IS NULL THEN NULL ELSE ?3 END)
                        ELSE ?2 END)
                    WHERE json_valid(changes) AND json_type(changes, ?1) IS NOT NULL
                    """, arguments: [path, HistoryTriggers.hidden, HistoryTriggers.hiddenChanged])
        }
    }
}
