#include <sqlite3.h>

/// Sets one of SQLite's on/off connection options (`SQLITE_DBCONFIG_ENABLE_TRIGGER`, ...) and
/// returns its state afterwards (0 or 1), or -1 when SQLite refused: `sqlite3_db_config` is variadic,
/// which Swift cannot call.
static inline int cull_sqlite3_db_config_flag(sqlite3 *db, int option, int on) {
    int now = -1;
    if (sqlite3_db_config(db, option, on, &now) != SQLITE_OK) return -1;
    return now;
}
