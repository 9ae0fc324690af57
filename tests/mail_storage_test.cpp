// MailStorage (issue 59, notifications by e-mail) on whichever back end the run names
// (support/test_storage.h: SQLite by default, PostgreSQL with ORDO_TEST_BACKEND=postgres):
// each account's address, verified and wanted or not, the links sent by mail found by
// their digest, a mail claimed once however many storages share the database, old links
// and claims forgotten, and the correspondence games whose deadline is near.
#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <memory>
#include <thread>
#include <vector>

#include "server_test_util.h"
#include "support/sample_rows.h"
#include "support/test_storage.h"

namespace ordo::server {
namespace {

using testing::sample_game;
using testing::TempDir;
using testing::TestDatabase;

StoredMailLink link(std::int64_t account, const std::string& purpose, const std::string& address,
                    std::int64_t created_ms) {
  StoredMailLink l;
  l.account = account;
  l.purpose = purpose;
  l.address = address;
  l.created_ms = created_ms;
  return l;
}

TEST(MailStorage, AnAddressIsSetReplacedAndRemoved) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  {
    const auto storage = database.open();
    const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
    EXPECT_FALSE(storage->account_email(ada));
    storage->set_account_email(ada, "ada@example.org");
    auto email = storage->account_email(ada);
    ASSERT_TRUE(email);
    EXPECT_EQ(email->address, "ada@example.org");
    EXPECT_EQ(email->verified_ms, 0);
    EXPECT_TRUE(email->notify);

    ASSERT_TRUE(storage->verify_account_email(ada, "ada@example.org", 50));
    storage->set_email_notify(ada, false);
    email = storage->account_email(ada);
    EXPECT_EQ(email->verified_ms, 50);
    EXPECT_FALSE(email->notify);
    storage->set_email_notify(ada, true);
    EXPECT_TRUE(storage->account_email(ada)->notify);
    storage->set_email_notify(ada, false);

    // Another address is not verified, and is mailed to until its player says otherwise.
    storage->set_account_email(ada, "ada@example.net");
    email = storage->account_email(ada);
    EXPECT_EQ(email->address, "ada@example.net");
    EXPECT_EQ(email->verified_ms, 0);
    EXPECT_TRUE(email->notify);
    ASSERT_TRUE(storage->verify_account_email(ada, "ada@example.net", 60));
  }
  // Kept across a restart, and removed by an empty address.
  const auto storage = database.open();
  const std::int64_t ada = storage->account_by_key("ada")->id;
  ASSERT_TRUE(storage->account_email(ada));
  EXPECT_EQ(storage->account_email(ada)->verified_ms, 60);
  storage->set_account_email(ada, "");
  EXPECT_FALSE(storage->account_email(ada));
  storage->set_account_email(ada, "");  // nothing to remove
  // Wanting mail or not makes no address.
  storage->set_email_notify(ada, true);
  EXPECT_FALSE(storage->account_email(ada));
}

TEST(MailStorage, OnlyTheAddressALinkWasSentToIsVerified) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
  const std::int64_t bo = storage->create_account("Bo", "bo", "hash", 2);
  EXPECT_FALSE(storage->verify_account_email(ada, "ada@example.org", 10));  // none yet
  EXPECT_FALSE(storage->account_email(ada));
  storage->set_account_email(ada, "ada@example.org");
  storage->set_account_email(bo, "bo@example.org");
  EXPECT_FALSE(storage->verify_account_email(ada, "other@example.org", 10));
  EXPECT_FALSE(storage->verify_account_email(ada, "bo@example.org", 10));  // Bo's, not Ada's
  EXPECT_FALSE(storage->verify_account_email(ada, std::string("\xff\xfe", 2), 10));
  EXPECT_EQ(storage->account_email(ada)->verified_ms, 0);
  // The address changed after the link to the first was sent: that link verifies nothing.
  storage->set_account_email(ada, "ada@example.net");
  EXPECT_FALSE(storage->verify_account_email(ada, "ada@example.org", 20));
  EXPECT_EQ(storage->account_email(ada)->verified_ms, 0);
  EXPECT_TRUE(storage->verify_account_email(ada, "ada@example.net", 30));
  EXPECT_EQ(storage->account_email(ada)->verified_ms, 30);
  EXPECT_EQ(storage->account_email(bo)->verified_ms, 0);  // Bo's untouched
}

TEST(MailStorage, LinksAreFoundByTheirDigestAndDeleted) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
  storage->add_mail_link("digest-1", link(ada, "verify", "ada@example.org", 10));
  storage->add_mail_link("digest-2", link(ada, "unsubscribe", "ada@example.org", 11));
  auto found = storage->mail_link("digest-1");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->account, ada);
  EXPECT_EQ(found->purpose, "verify");
  EXPECT_EQ(found->address, "ada@example.org");
  EXPECT_EQ(found->created_ms, 10);
  EXPECT_EQ(storage->mail_link("digest-2")->purpose, "unsubscribe");
  EXPECT_FALSE(storage->mail_link("digest-3"));
  EXPECT_FALSE(storage->mail_link(""));
  EXPECT_FALSE(storage->mail_link(std::string("\xff\0", 2)));  // no stored text: nothing
  // A digest is stored once.
  EXPECT_ANY_THROW(storage->add_mail_link("digest-1", link(ada, "verify", "x@example.org", 12)));
  EXPECT_EQ(storage->mail_link("digest-1")->address, "ada@example.org");
  // A link of no account is refused.
  EXPECT_ANY_THROW(storage->add_mail_link("digest-4", link(ada + 100, "verify", "x", 12)));

  storage->delete_mail_link("digest-1");
  EXPECT_FALSE(storage->mail_link("digest-1"));
  EXPECT_TRUE(storage->mail_link("digest-2"));
  storage->delete_mail_link("digest-1");  // gone already
  storage->delete_mail_link(std::string("\xff", 1));
  EXPECT_TRUE(database.open()->mail_link("digest-2"));  // and kept across a restart
}

TEST(MailStorage, ADeletedAccountTakesItsAddressAndLinksWithIt) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
  const std::int64_t bo = storage->create_account("Bo", "bo", "hash", 2);
  storage->set_account_email(ada, "ada@example.org");
  storage->set_account_email(bo, "bo@example.org");
  storage->add_mail_link("ada-verify", link(ada, "verify", "ada@example.org", 10));
  storage->add_mail_link("ada-unsubscribe", link(ada, "unsubscribe", "ada@example.org", 10));
  storage->add_mail_link("bo-verify", link(bo, "verify", "bo@example.org", 10));
  storage->delete_account(ada, "deleted player");
  EXPECT_FALSE(storage->account_email(ada));
  EXPECT_FALSE(storage->mail_link("ada-verify"));
  EXPECT_FALSE(storage->mail_link("ada-unsubscribe"));
  ASSERT_TRUE(storage->account_email(bo));
  EXPECT_EQ(storage->account_email(bo)->address, "bo@example.org");
  EXPECT_TRUE(storage->mail_link("bo-verify"));
  // The next account (a new id) has no address of the deleted one.
  const std::int64_t cy = storage->create_account("Cy", "cy", "hash", 3);
  EXPECT_FALSE(storage->account_email(cy));
}

TEST(MailStorage, AMailIsClaimedOnceAcrossStoragesOnOneDatabase) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto first = database.open();
  const auto second = database.open();  // another instance on the same database
  EXPECT_TRUE(first->claim_mail("turn:g1:5", 10));
  EXPECT_FALSE(first->claim_mail("turn:g1:5", 11));
  EXPECT_FALSE(second->claim_mail("turn:g1:5", 12));
  EXPECT_TRUE(second->claim_mail("turn:g1:6", 13));
  EXPECT_FALSE(first->claim_mail("turn:g1:6", 14));
  EXPECT_TRUE(first->claim_mail("deadline:g1:6", 15));

  // Claims at once: of four storages claiming each key together, exactly one gets it.
  std::vector<std::unique_ptr<ServerStorage>> storages;
  for (int i = 0; i < 4; ++i) storages.push_back(database.open());
  for (int round = 0; round < 10; ++round) {
    const std::string key = "at-once:" + std::to_string(round);
    std::latch start(static_cast<std::ptrdiff_t>(storages.size()));
    std::atomic<int> claimed{0}, failed{0};
    std::vector<std::thread> threads;
    for (auto& storage : storages)
      threads.emplace_back([&, s = storage.get()] {
        start.arrive_and_wait();
        try {
          if (s->claim_mail(key, 20 + round)) ++claimed;
        } catch (const std::exception&) {
          ++failed;
        }
      });
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(claimed.load(), 1) << key;
    EXPECT_EQ(failed.load(), 0) << key;
  }
}

TEST(MailStorage, OldLinksAndClaimsAreForgotten) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  const std::int64_t ada = storage->create_account("Ada", "ada", "hash", 1);
  storage->add_mail_link("l10", link(ada, "verify", "ada@example.org", 10));
  storage->add_mail_link("l20", link(ada, "verify", "ada@example.org", 20));
  storage->add_mail_link("l30", link(ada, "unsubscribe", "ada@example.org", 30));
  ASSERT_TRUE(storage->claim_mail("c15", 15));
  ASSERT_TRUE(storage->claim_mail("c25", 25));
  EXPECT_EQ(storage->delete_mail_records_before(5), 0u);
  // Before 25: the links of 10 and 20 and the claim of 15; the claim of 25 stays.
  EXPECT_EQ(storage->delete_mail_records_before(25), 3u);
  EXPECT_FALSE(storage->mail_link("l10"));
  EXPECT_FALSE(storage->mail_link("l20"));
  EXPECT_TRUE(storage->mail_link("l30"));
  EXPECT_FALSE(storage->claim_mail("c25", 40));
  EXPECT_TRUE(storage->claim_mail("c15", 40));  // forgotten: a new claim
  EXPECT_EQ(storage->delete_mail_records_before(25), 0u);
  // The address itself is never forgotten so.
  storage->set_account_email(ada, "ada@example.org");
  EXPECT_EQ(storage->delete_mail_records_before(1000), 3u);
  EXPECT_TRUE(storage->account_email(ada));
}

TEST(MailStorage, DeadlinesBetweenAreTheRunningCorrespondenceTurnsNearestFirst) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  const auto storage = database.open();
  auto by_post = [](const std::string& id, std::int64_t flag_at_ms) {
    StoredGame g = sample_game(id, 1);
    g.white_account = 1;
    g.black_account = 2;
    g.clock_initial_ms = g.clock_increment_ms = 0;
    g.days_per_move = 3;
    g.turn_started_ms = flag_at_ms - 3 * 86400000LL;
    g.flag_at_ms = flag_at_ms;
    return g;
  };
  storage->create_game(by_post("c1", 1000), {});
  storage->create_game(by_post("c2", 500), {});   // at from_ms: in
  storage->create_game(by_post("c3", 2000), {});  // at to_ms: out
  storage->create_game(by_post("c4", 499), {});   // before from_ms
  StoredGame finished = by_post("c5", 800);
  finished.result = "1-0";
  finished.reason = "resignation";
  storage->create_game(finished, {});
  StoredGame clocked = sample_game("c6", 1);  // a clock's flag, not a deadline
  clocked.flag_at_ms = 700;
  storage->create_game(clocked, {});
  StoredGame waiting = by_post("c7", 0);  // no running turn
  waiting.flag_at_ms = 0;
  storage->create_game(waiting, {});
  storage->create_game(by_post("c8", 1000), {});  // as c1's: after it by id
  StoredGame black = by_post("c9", 1500);
  black.white_account = 0;  // a guest's seat
  black.black_account = 7;
  black.days_per_move = 1;
  black.turn_started_ms = 1500 - 86400000LL;
  storage->create_game(black, {});
  storage->set_result("c9", "1/2-1/2", "agreement", 5);  // ended: out after all

  auto ids = [](const std::vector<DeadlineGame>& games) {
    std::vector<std::string> list;
    for (const auto& g : games) list.push_back(g.id);
    return list;
  };
  const auto games = storage->deadlines_between(500, 2000, 10);
  EXPECT_EQ(ids(games), (std::vector<std::string>{"c2", "c1", "c8"}));
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].white_account, 1);
  EXPECT_EQ(games[0].black_account, 2);
  EXPECT_EQ(games[0].flag_at_ms, 500);
  EXPECT_EQ(games[0].turn_started_ms, 500 - 3 * 86400000LL);
  EXPECT_EQ(games[0].days_per_move, 3);
  EXPECT_EQ(ids(storage->deadlines_between(500, 2000, 2)), (std::vector<std::string>{"c2", "c1"}));
  EXPECT_EQ(ids(storage->deadlines_between(0, 2001, 10)),
            (std::vector<std::string>{"c4", "c2", "c1", "c8", "c3"}));
  EXPECT_TRUE(storage->deadlines_between(501, 1000, 10).empty());

  // A move starts the next turn: its new deadline is what counts.
  storage->set_turn("c2", 600, 5000);
  EXPECT_EQ(ids(storage->deadlines_between(500, 2000, 10)), (std::vector<std::string>{"c1", "c8"}));
  EXPECT_EQ(ids(storage->deadlines_between(5000, 5001, 10)), (std::vector<std::string>{"c2"}));
}

// A database of version 11, the last before the mail's tables, gains them at open.
TEST(MailStorage, AVersionElevenDatabaseGainsTheMailTables) {
  TempDir dir;
  const TestDatabase database(dir.file("db.sqlite"));
  std::int64_t ada = 0;
  {
    const auto storage = database.open();
    ada = storage->create_account("Ada", "ada", "hash", 1);
  }
  database.execute(std::string("DROP TABLE account_emails; DROP TABLE mail_links; "
                               "DROP TABLE mail_claims; ") +
                   (database.postgres() ? "UPDATE schema_version SET version = 11;"
                                        : "PRAGMA user_version = 11;"));
  const auto storage = database.open();
  EXPECT_EQ(storage->schema_version(), 12);
  storage->set_account_email(ada, "ada@example.org");
  EXPECT_EQ(storage->account_email(ada)->address, "ada@example.org");
  storage->add_mail_link("d", link(ada, "verify", "ada@example.org", 1));
  EXPECT_TRUE(storage->mail_link("d"));
  EXPECT_TRUE(storage->claim_mail("k", 1));
  storage->delete_account(ada, "deleted player");  // the keys to accounts hold
  EXPECT_FALSE(storage->account_email(ada));
  EXPECT_FALSE(storage->mail_link("d"));
}

}  // namespace
}  // namespace ordo::server
