// The rules for account names of issue 59 (account_name.h, name_skeleton.h,
// reserved_names.h) and the password policy (password_policy.h), without a server: each
// impostor's trick refused with its reason, look-alikes meeting in one skeleton, and
// names in any one script accepted.
#include "server/players/account_name.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/common/api_error.h"
#include "server/common/name_skeleton.h"
#include "server/players/password_policy.h"
#include "server/storage/look_alike_names.h"

namespace ordo::server {
namespace {

// The reason checked_account_name gives for refusing `name` ("" if it is accepted).
std::string refusal(const std::string& name) {
  try {
    checked_account_name(name);
    return "";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 400) << name;
    return e.message();
  }
}

std::string password_refusal(const std::string& password, const std::string& name) {
  try {
    check_password_quality(password, name);
    return "";
  } catch (const ApiError& e) {
    EXPECT_EQ(e.status(), 400);
    EXPECT_EQ(e.code(), "weak_password");
    return e.message();
  }
}

#define EXPECT_REFUSED_FOR(name, reason)                                               \
  do {                                                                                 \
    const std::string why = refusal(name);                                             \
    EXPECT_NE(why.find(reason), std::string::npos) << (name) << " -> '" << why << "'"; \
  } while (false)

TEST(AccountNames, CharactersThatHideOrDisguiseANameAreRefusedWithTheirReason) {
  // Right-to-left override: shown as "Alice", and it reverses the rest of its line.
  EXPECT_REFUSED_FOR(
      "\u202E"
      "ecilA",
      "writing direction (U+202E)");
  EXPECT_REFUSED_FOR("Al\u2066ice", "writing direction (U+2066)");
  EXPECT_REFUSED_FOR("a\u200Bb", "invisible character (U+200B)");
  EXPECT_REFUSED_FOR(
      "\uFEFF"
      "bob",
      "invisible character (U+FEFF)");
  EXPECT_REFUSED_FOR("Ali\u00ADce", "invisible character (U+00AD)");   // soft hyphen
  EXPECT_REFUSED_FOR("Al\u200Dice", "invisible character (U+200D)");   // zero-width joiner
  EXPECT_REFUSED_FOR("\u3164\u3164", "invisible character (U+3164)");  // Hangul filler
  // A trailing no-break space, and other spaces that are not the plain one.
  EXPECT_REFUSED_FOR("bob\u00A0", "space other than the plain one (U+00A0)");
  EXPECT_REFUSED_FOR("Ann\u3000Lee", "space other than the plain one (U+3000)");
  EXPECT_REFUSED_FOR("Ann  Lee", "two spaces in a row");
  EXPECT_REFUSED_FOR("Ann\U000F0000", "private-use");
  EXPECT_REFUSED_FOR("Ann\u0378", "unassigned");
  // A tower of combining marks; a few on one letter are a language's accents.
  EXPECT_REFUSED_FOR("Zalgo\u0301\u0302\u0303\u0304\u0305", "combining marks");
  EXPECT_EQ(refusal("Nguy\u1EC5n"), "");         // ễ composed
  EXPECT_EQ(refusal("Nguye\u0302\u0303n"), "");  // the same, decomposed: two marks
}

TEST(AccountNames, MixedScriptsAreRefusedAndOneScriptIsFine) {
  // Cyrillic А (U+0410) with Latin "lice".
  EXPECT_REFUSED_FOR("\u0410lice", "one script (this one mixes Cyrillic and Latin)");
  EXPECT_REFUSED_FOR("Ivan \u0418\u0432\u0430\u043D", "Cyrillic and Latin");
  EXPECT_REFUSED_FOR("\u03A1aul", "Greek and Latin");  // Greek capital rho
  for (const char* fine :
       {"Alice", "\u0141ukasz \u00D6rd\u00F6g", "\u041E\u043B\u0435\u0433",
        "\u0395\u03BB\u03AD\u03BD\u03B7", "\u5C71\u7530\u592A\u90CE", "\u5C71\u7530 Taro",
        "J\u00FCrgen", "Mary-Jane 2", "Engineer", "Guesthouse"})
    EXPECT_EQ(refusal(fine), "") << fine;
}

TEST(AccountNames, NamesTheSiteShowsAreReserved) {
  EXPECT_REFUSED_FOR("Deleted player", "'Deleted player'");
  EXPECT_REFUSED_FOR("deleted PLAYER", "'Deleted player'");
  EXPECT_REFUSED_FOR("Engine (level 10)", "'Engine \u2026'");
  EXPECT_REFUSED_FOR("Engine", "'Engine'");
  EXPECT_REFUSED_FOR("\uFF25\uFF4E\uFF47\uFF49\uFF4E\uFF45 3", "Engine");  // full-width
  EXPECT_REFUSED_FOR("Guest", "'Guest'");
  EXPECT_REFUSED_FOR("guest-42", "'Guest \u2026'");
  EXPECT_REFUSED_FOR("You", "'You'");
  // Each game's side names are the default names of seats.
  EXPECT_REFUSED_FOR("White", "'White'");
  EXPECT_REFUSED_FOR("chaos", "'Chaos'");
}

TEST(AccountNames, ANameSaysSomething) {
  // "/players/.." would be the site's root.
  EXPECT_REFUSED_FOR("..", "a letter or a digit");
  EXPECT_REFUSED_FOR("-_-", "a letter or a digit");
  EXPECT_EQ(refusal("a.."), "");
}

TEST(NameSkeletons, LookAlikesMeetAndOthersDoNot) {
  const auto same = [](const std::string& a, const std::string& b) {
    return name_skeleton(a) == name_skeleton(b);
  };
  EXPECT_TRUE(same("\uFF21\uFF24\uFF2D\uFF29\uFF2E", "admin"));  // full-width ＡＤＭＩＮ
  EXPECT_TRUE(same("Zo\u00E9", "Zoe\u0301"));                    // composed, decomposed
  EXPECT_TRUE(same("\u0410lice", "Alice"));                      // Cyrillic А
  EXPECT_TRUE(same("\u0405\u0435\u0440\u0440", "Sepp"));         // all Cyrillic Ѕерр
  EXPECT_TRUE(same("ALICE", "alice"));
  EXPECT_TRUE(same("rn", "m"));
  EXPECT_TRUE(same("bob\u00A0", "bob "));
  EXPECT_TRUE(same("a\u200Bb", "ab"));
  EXPECT_FALSE(same("Alice", "Alicia"));
  EXPECT_FALSE(same("Zo\u00E9", "Zoe"));
  EXPECT_FALSE(same("ab", "a b"));
}

TEST(NameSkeletons, AccountsThatCollideAreGroupedOldestFirst) {
  std::vector<StoredAccount> accounts;
  for (const auto& [id, name] :
       std::vector<std::pair<std::int64_t, std::string>>{{7, "\u0410lice"},
                                                         {1, "Alice"},
                                                         {3, "Bob"},
                                                         {9, "ALICE"},
                                                         {4, "Zoe\u0301"},
                                                         {2, "Zo\u00E9"}}) {
    StoredAccount account;
    account.id = id;
    account.name = name;
    accounts.push_back(account);
  }
  const auto groups = look_alike_names(accounts);
  ASSERT_EQ(groups.size(), 2u);
  ASSERT_EQ(groups[0].size(), 3u);
  EXPECT_EQ(groups[0][0].id, 1);
  EXPECT_EQ(groups[0][1].id, 7);
  EXPECT_EQ(groups[0][2].id, 9);
  ASSERT_EQ(groups[1].size(), 2u);
  EXPECT_EQ(groups[1][0].id, 2);
  // The oldest of each group keeps its skeleton; the rest store none.
  const auto stored = skeletons_to_store(accounts);
  EXPECT_FALSE(stored[0]);
  EXPECT_EQ(stored[1], name_skeleton("Alice"));
  EXPECT_TRUE(stored[2]);
  EXPECT_FALSE(stored[3]);
  EXPECT_FALSE(stored[4]);
  EXPECT_TRUE(stored[5]);
  EXPECT_EQ(look_alikes_text(groups),
            "'Alice' (id 1), '\u0410lice' (id 7), 'ALICE' (id 9)\n"
            "'Zo\u00E9' (id 2), 'Zoe\u0301' (id 4)\n");
}

TEST(Passwords, CommonOnesAndTheNameAreRefusedWithTheReason) {
  EXPECT_NE(password_refusal("password", "Alice").find("dictionary"), std::string::npos);
  EXPECT_NE(password_refusal("qwertyuiop", "Alice").find("dictionary"), std::string::npos);
  EXPECT_NE(password_refusal("12345678", "Alice").find("simplistic"), std::string::npos);
  EXPECT_NE(password_refusal("Bartholomew", "Bartholomew").find("user name"), std::string::npos);
  EXPECT_NE(password_refusal("Bartholomew1", "Bartholomew").find("user name"), std::string::npos);
  EXPECT_EQ(password_refusal("correct horse", "Alice"), "");
  EXPECT_EQ(password_refusal("zq8!Lm2#pX", "Alice"), "");
  EXPECT_NO_THROW(require_password_dictionary());
}

}  // namespace
}  // namespace ordo::server
