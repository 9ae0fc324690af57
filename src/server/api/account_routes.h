// The routes of accounts and ratings (docs/api.md, "Accounts" and "Ratings").
#pragma once

#include "server/http/http_router.h"
#include "server/players/accounts.h"
#include "server/storage/account_storage.h"

namespace ordo::server {

// The router refers to `accounts` and `storage` (the ratings), which must outlive it.
void add_account_routes(Router& router, Accounts& accounts, AccountStorage& storage);

}  // namespace ordo::server
