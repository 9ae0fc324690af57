// Accounts whose names share a skeleton (name_skeleton.h): registered before names were
// unique by skeleton, they are kept, and reported to the operator (`ordo-engine admin
// names`, and a warning when the storage migration finds them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/storage/account_storage.h"

namespace ordo::server {

// Groups of two or more accounts with one skeleton, each oldest (lowest id) first; the
// groups in the order of their oldest account.
std::vector<std::vector<StoredAccount>> look_alike_names(std::vector<StoredAccount> accounts);

// The skeleton to store for each account, in the order given: its own, or none for an
// account whose skeleton an older one holds (the unique index allows many NULLs).
std::vector<std::optional<std::string>> skeletons_to_store(
    const std::vector<StoredAccount>& accounts);

// Tells the operator (on standard error) of the look-alikes that version 9's migration
// keeps, if any.
void warn_of_look_alikes(const std::vector<StoredAccount>& accounts);

// One line per group: "'Alice' (id 1), 'Аlice' (id 7)".
std::string look_alikes_text(const std::vector<std::vector<StoredAccount>>& groups);

}  // namespace ordo::server
