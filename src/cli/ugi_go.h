// The `go` command of the UGI protocol (docs/ugi.md): its parameters read into limits, and
// the info lines of a search.
#pragma once

#include <string>
#include <vector>

#include "engine/any_engine.h"

namespace ordo::cli {

// What `go` asks for, as far as the engine can honour it. Every `go` is answered with
// `bestmove`, so what cannot be honoured as asked is replaced by what can, and said:
// - a malformed or unknown parameter: the whole `go` becomes a depth-1 search;
// - `depth 0`, `nodes 0` or `movetime 0`: a depth-1 search (the least there is);
// - limits that do not limit the side to move (only the other side's clock, or only
//   movestogo): the default time below.
// `go` without parameters searches until `stop`, as `go infinite`.
struct GoRequest {
  games::GoLimits limits;
  std::vector<std::string> notes;  // one `info string` each: what was replaced and why
};

constexpr std::int64_t kDefaultMovetimeMs = 1000;

// `words` are the parameters after `go`; `mover` is the side to move.
GoRequest parse_go(const std::vector<std::string>& words, games::Side mover);

// `info depth D score cp S|mate P nodes N nps N time MS pv M...` (mate in plies).
std::string info_line(const games::SearchInfo& info);

}  // namespace ordo::cli
