#ifndef HEARTH_SQLITE_H
#define HEARTH_SQLITE_H

/// Process-wide SQLite settings that must be made before the first connection opens.
/// sqlite3_config is variadic, which Swift cannot call: hence this C file.
/// Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was already in use (then nothing changed).
int hearth_sqlite_configure(void);

#endif
