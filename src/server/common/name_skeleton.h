// What makes two account names the same name: their confusable skeleton (Unicode TS #39,
// ICU's spoof checker) taken after NFKC and case folding, so that "Zoé" composed and
// decomposed, full-width "ＡＤＭＩＮ" and "admin", Cyrillic "Аlice" and "Alice", "m" and
// "rn" all meet. And whether a name mixes scripts the way an impostor's does.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ordo::server {

// NFKC_Casefold: compatibility forms, case and default-ignorable characters folded away.
std::string folded_name(std::string_view name);
// The skeleton of the folded name: what uniqueness compares (bytes, UTF-8). Any text;
// bytes that are not UTF-8 count as U+FFFD.
std::string name_skeleton(std::string_view name);
// The scripts of a name that mixes them beyond TS #39's "highly restrictive" level
// (Latin with Han and Japanese or Korean is fine; Latin with Cyrillic is not), by their
// English names, e.g. {"Cyrillic", "Latin"}; empty for a name in one script.
std::vector<std::string> mixed_scripts(std::string_view name);

}  // namespace ordo::server
