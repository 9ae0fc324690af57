// An account by the name a person typed (log-in, a player's page, a challenge's or a
// block's target, the operator's commands): the account whose key (account_name.h) it is
// first, else the one whose skeleton it has, so that "Zoé" typed decomposed, or "ＺＯＥ"
// in full-width letters, still finds its account.
#pragma once

#include <optional>
#include <string_view>

#include "server/storage/account_storage.h"

namespace ordo::server {

std::optional<StoredAccount> find_account(AccountStorage& storage, std::string_view name);

}  // namespace ordo::server
