#include "server/account_lookup.h"

#include "server/account_name.h"
#include "server/name_skeleton.h"

namespace ordo::server {

std::optional<StoredAccount> find_account(AccountStorage& storage, std::string_view name) {
  if (auto account = storage.account_by_key(account_name_key(name))) return account;
  return storage.account_by_skeleton(name_skeleton(name));
}

}  // namespace ordo::server
