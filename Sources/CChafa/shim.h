// libchafa's API (and the GLib types it is written in: GString, gint, guint8).
#include <chafa.h>
