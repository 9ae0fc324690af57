// Each connection of the server is a file descriptor; the soft limit (often 1,024) would
// cap the open event streams well below what the server can hold.
#pragma once

namespace ordo::cli {

// Raises this process's soft limit on open files to its hard limit; returns the limit now.
long raise_open_file_limit();

}  // namespace ordo::cli
