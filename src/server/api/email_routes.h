// The routes of a player's e-mail address and the links sent to it (docs/api.md,
// "E-mail"): GET/PUT/DELETE /api/account/email, POST /api/account/email/resend and
// .../notify for the signed-in account; POST /api/mail/verify and /api/mail/unsubscribe
// for whoever holds a link's token.
#pragma once

#include "server/http/http_router.h"
#include "server/players/account_email.h"
#include "server/players/accounts.h"

namespace ordo::server {

// The router refers to what it is given, which must outlive it.
void add_email_routes(Router& router, AccountEmail& email, Accounts& accounts);

}  // namespace ordo::server
