#include <sqlite3.h>
#include "hearth_sqlite.h"

int hearth_sqlite_configure(void) {
    // Memory statistics make every sqlite3_malloc and sqlite3_free take one process-wide
    // mutex, so two event loops reading at once queue for it (seen as futex calls under
    // load). Hearth never reads those statistics; SQLite's own advice is to turn them off.
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
