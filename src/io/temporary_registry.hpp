#pragma once
// The temporaries an OutputFiles commit has created and not yet renamed, known to a signal handler
// that unlinks them and passes the signal on (SIGINT, SIGTERM, SIGHUP, SIGPIPE): an interrupted
// command leaves no `.NAME.redist-XXXXXX` behind. The handler is installed only when a program asks
// for it (remove_temporaries_on_signals: the `redist` command does, first thing); a library never
// changes how the process handles signals. Private to the io layer.

#include <string>

namespace redist::io::detail {

/// Installs the handler, once, on each signal the process does not ignore; the disposition it found
/// (the program's handler, or the default action) runs after the temporaries are removed.
void remove_temporaries_on_signals();

/// Creates a unique temporary from `pattern` (ending in XXXXXX, as mkstemp), registered for removal
/// before any signal can see it half-made. Returns the open descriptor and sets `path`; -1 and
/// errno on failure.
int create_registered_temporary(const std::string& pattern, std::string& path);

/// Renames a registered temporary over `target` (or unlinks it when `target` is empty) and forgets
/// it, with the handled signals blocked so that the handler never unlinks a renamed file.
/// Returns false and sets errno when the rename fails (the temporary is then removed).
bool settle_registered_temporary(const std::string& path, const std::string& target);

}  // namespace redist::io::detail
