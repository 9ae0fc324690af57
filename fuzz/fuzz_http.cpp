// libFuzzer target: the HTTP request handling, in process (no sockets): the input is a raw
// HTTP/1.1 request (method, target, headers, body) that Beast's parser reads as the server
// does, then the header checks and decoding of http_request_reading and the whole route
// table (games, accounts, the lobby, players) on a real game service and real accounts (a
// temporary SQLite file). "{G}" and "{T}" in the
// request's path, query and body become the id and a seat token of a game made at start, so
// the fuzzer reaches a real game.
// Checked beyond "does not crash":
//   - every answer has a status of 200..599, and a JSON answer is valid JSON (hence valid
//     UTF-8) whatever bytes the request held;
//   - an error answer (4xx, 5xx) is {"error": non-empty text, "code": text}, and never 500.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "server/api/account_routes.h"
#include "server/api/api_routes.h"
#include "server/api/email_routes.h"
#include "server/api/lobby_routes.h"
#include "server/api/player_routes.h"
#include "server/games/analysis.h"
#include "server/games/game_service.h"
#include "server/http/http_request_reading.h"
#include "server/http/static_files.h"
#include "server/mail/mail_outbox.h"
#include "server/players/account_email.h"
#include "server/players/accounts.h"
#include "server/players/lobby.h"
#include "server/players/mail_links.h"
#include "server/storage/sqlite/sqlite_storage.h"

namespace {

using namespace ordo::server;
using nlohmann::json;
namespace http = boost::beast::http;

constexpr std::size_t kMaxBody = 64 * 1024;

[[noreturn]] void violated(const char* what, std::string_view input, const HttpResponse& answer) {
  std::fprintf(stderr, "\nPROPERTY VIOLATED: %s\n--- input ---\n%.*s\n--- answer %d ---\n%s\n---\n",
               what, static_cast<int>(input.size()), input.data(), answer.status,
               answer.body.c_str());
  std::abort();
}

struct Server {
  Server() {
    std::string pattern = (std::filesystem::temp_directory_path() / "fuzz-http-XXXXXX").string();
    if (!mkdtemp(pattern.data())) std::abort();
    storage = std::make_unique<SqliteStorage>(pattern + "/games.sqlite");
    ServiceOptions options;
    options.clock_tick_ms = 0;
    options.fixed_ai_depth = 1;
    options.engine_hash_mib = 1;
    games = std::make_unique<GameService>(*storage, options);
    router = std::make_unique<Router>(api_routes(*games, analyzer, files));
    AccountOptions account_options;
    account_options.cost = PasswordCost::minimum();
    accounts = std::make_unique<Accounts>(*storage, account_options);
    add_account_routes(*router, *accounts, *storage);
    lobby = std::make_unique<Lobby>(*storage, *storage, *games, system_time_ms, storage.get());
    add_lobby_routes(*router, *lobby, *accounts, *storage);
    // The mail's routes with mail off: the links' tokens are still read from requests.
    links = std::make_unique<MailLinks>(*storage, "http://fuzz.example", system_time_ms);
    email = std::make_unique<AccountEmail>(*storage, outbox, *links, system_time_ms);
    add_email_routes(*router, *email, *accounts);
    add_player_routes(*router, *accounts, *storage, *storage);
    const json created = games->create(json{{"mode", "network"}});
    id = created["id"];
    token = created["tokens"]["white"];
  }
  std::unique_ptr<SqliteStorage> storage;
  std::unique_ptr<GameService> games;
  Analyzer analyzer;
  StaticFiles files;
  std::unique_ptr<Router> router;
  std::unique_ptr<Accounts> accounts;
  std::unique_ptr<Lobby> lobby;
  MailOutbox outbox{SmtpSettings{}};
  std::unique_ptr<MailLinks> links;
  std::unique_ptr<AccountEmail> email;
  std::string id, token;
};

void put_game(std::string& text, const Server& server) {
  for (const auto& [mark, value] : {std::pair<std::string, std::string>{"{G}", server.id},
                                    std::pair<std::string, std::string>{"{T}", server.token}}) {
    for (std::size_t at = text.find(mark); at != std::string::npos;
         at = text.find(mark, at + value.size()))
      text.replace(at, mark.size(), value);
  }
}

// The answer to `text` as the server would give it; nullopt where it would only close
// the connection (the request not complete).
std::optional<HttpResponse> answer(const std::string& text, const Server& server) {
  http::request_parser<http::string_body> parser;
  parser.eager(true);
  parser.header_limit(16 * 1024);
  parser.body_limit(kMaxBody);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(text), ec);
  // The end of the stream, as Beast's own read reports it: only after some bytes (an
  // empty connection is just closed; put_eof on it breaks the parser's precondition).
  if (ec == http::error::need_more) {
    if (!parser.got_some()) return std::nullopt;
    parser.put_eof(ec);
  }
  if (ec || !parser.is_done()) return std::nullopt;
  auto read = read_request(parser.release(), kMaxBody);
  if (auto* refused = std::get_if<HttpResponse>(&read)) return std::move(*refused);
  HttpRequest& request = std::get<HttpRequest>(read);
  put_game(request.path, server);
  put_game(request.body, server);
  for (auto& [key, value] : request.query) put_game(value, server);
  // An analysis searches for up to seconds: its fields are checked by the service tests.
  // (Log-ins and registrations hash at the cheapest cost here, so they are fuzzed.)
  if (server.router->kind_of(request) == WorkKind::analysis) return std::nullopt;
  return server.router->handle(request);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Server server;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto response = answer(std::string(input), server);
  if (!response) return 0;
  if (response->status < 200 || response->status > 599) violated("a bad status", input, *response);
  if (response->events) return 0;
  if (response->content_type == "application/json") {
    const json body = json::parse(response->body, nullptr, false);
    if (body.is_discarded()) violated("the answer is not valid JSON", input, *response);
    if (response->status >= 400 &&
        (!body.is_object() || !body.contains("error") || !body["error"].is_string() ||
         body["error"].get<std::string>().empty() || !body.contains("code") ||
         !body["code"].is_string()))
      violated("an error without its message and code", input, *response);
  }
  if (response->status == 500) violated("an internal error", input, *response);
  return 0;
}
