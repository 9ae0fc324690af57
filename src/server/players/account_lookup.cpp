#include "server/players/account_lookup.h"

#include "server/common/name_skeleton.h"
#include "server/players/account_name.h"

namespace ordo::server {

std::optional<StoredAccount> find_account(AccountStorage& storage, std::string_view name) {
  if (auto account = storage.account_by_key(account_name_key(name))) return account;
  return storage.account_by_skeleton(name_skeleton(name));
}

}  // namespace ordo::server
