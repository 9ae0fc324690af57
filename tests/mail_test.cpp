// E-mail to players (src/server/mail/): addresses as typed, the message as sent (no header
// injection, every line CRLF and short), and delivery to a real SMTP server on loopback
// (tests/mail/smtp_sink.py, aiosmtpd), whose parser must read back the exact subject,
// body and List-Unsubscribe headers; the outbox sends off the caller's thread, tries again
// until the relay is up, gives up after its last try, drops what passes its bound, logs
// the recipient's domain only, and stops promptly with messages pending.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/common/api_error.h"
#include "server/mail/mail_message.h"
#include "server/mail/mail_outbox.h"
#include "server/mail/smtp_mailer.h"
#include "server/observe/log.h"
#include "server/observe/metrics.h"
#include "support/smtp_sink.h"
#include "support/wait_until.h"

namespace ordo::server {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;
namespace fs = std::filesystem;
using testing::free_port;
using testing::relay_url;
using testing::SmtpSink;

constexpr const char* kFrom = "games@ordo.example";

// A listener that never accepts: a client connects (the kernel completes the handshake)
// and then waits for a greeting that never comes, as with a relay that hangs.
class SilentRelay {
 public:
  SilentRelay() {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        listen(fd_, 8) != 0 ||
        getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
      throw std::runtime_error("no loopback listener");
    port_ = ntohs(address.sin_port);
  }
  ~SilentRelay() { close(fd_); }
  std::string url() const { return relay_url(port_); }
  // Whether a client has connected within `timeout`.
  bool connected_within(std::chrono::milliseconds timeout) const {
    pollfd ready{fd_, POLLIN, 0};
    return poll(&ready, 1, static_cast<int>(timeout.count())) == 1;
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

// The log's lines while one lives.
class CapturedLog {
 public:
  CapturedLog() {
    LogSettings settings;
    settings.sink = [this](std::string_view line) {
      std::lock_guard lock(mutex_);
      lines_.emplace_back(line);
    };
    set_log(std::move(settings));
  }
  ~CapturedLog() { set_log(LogSettings{}); }
  std::vector<std::string> lines() const {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  std::string all() const {
    std::string text;
    for (const auto& line : lines()) text += line + "\n";
    return text;
  }
  bool has(const std::string& part) const { return all().find(part) != std::string::npos; }

 private:
  mutable std::mutex mutex_;
  std::vector<std::string> lines_;
};

// A series' value in the process's metrics (0 before it is registered).
double metric(const std::string& series) {
  std::istringstream text(metrics_text());
  for (std::string line; std::getline(text, line);)
    if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
  return 0;
}

SmtpSettings settings_for(const std::string& url) {
  SmtpSettings settings;
  settings.url = url;
  settings.from = kFrom;
  return settings;
}

MailMessage message_to(const std::string& to, const std::string& subject,
                       const std::string& text = "Hello.\n") {
  MailMessage m;
  m.to = to;
  m.subject = subject;
  m.text = text;
  return m;
}

std::string crlf(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}

// --- Addresses as typed -------------------------------------------------------------

TEST(MailAddress, AcceptsAddressesTrimmedWithTheDomainInLowerCase) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"zoe@example.org", "zoe@example.org"},
      {"  Zoe.Player@Example.ORG\t", "Zoe.Player@example.org"},
      {"first+games@mail.sub.example.co.uk", "first+games@mail.sub.example.co.uk"},
      {"o'brien_1@xn--bcher-kva.example", "o'brien_1@xn--bcher-kva.example"},
      {"a!#$%&*/=?^`{|}~-@x-y.example", "a!#$%&*/=?^`{|}~-@x-y.example"},
      {"root@localhost", "root@localhost"},  // a domain without a dot is accepted
      {"s@" + std::string(63, 'd') + "." + std::string(63, 'd') + "." + std::string(63, 'd') + "." +
           std::string(56, 'd') + ".org",
       "s@" + std::string(63, 'd') + "." + std::string(63, 'd') + "." + std::string(63, 'd') + "." +
           std::string(56, 'd') + ".org"},  // 254 bytes
      {std::string(64, 'a') + "@" + std::string(63, 'b') + ".example",
       std::string(64, 'a') + "@" + std::string(63, 'b') + ".example"},
  };
  for (const auto& [typed, expected] : cases)
    EXPECT_EQ(checked_email_address(typed), expected) << typed;
}

TEST(MailAddress, RefusesEachFaultWithItsReasonAndWithoutQuotingTheAddress) {
  const std::string long_domain = std::string(62, 'd') + "." + std::string(62, 'd') + "." +
                                  std::string(62, 'd') + "." + std::string(62, 'd') + ".org";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "an e-mail address is needed"},
      {"   ", "an e-mail address is needed"},
      {"secretname.example.org", "an e-mail address needs an @ (name@example.org)"},
      {"secret@name@example.org", "an e-mail address has only one @"},
      {"@example.org", "an e-mail address needs a name before the @"},
      {"secretname@", "an e-mail address needs a domain after the @"},
      {"secret name@example.org", "an e-mail address holds a space"},
      {"secretname@exam\nple.org",
       "an e-mail address holds a control character (a line break, "
       "say)"},
      {"secretname@example.org\r\nBcc: x@y.org", "an e-mail address holds a control character"},
      {"zoë@example.org",
       "an e-mail address is written in ASCII only (an international "
       "domain in its xn-- form; names with other letters are not "
       "accepted)"},
      {"secretname@bücher.example", "is written in ASCII only"},
      {"s@" + long_domain, "an e-mail address has at most 254 characters"},
      {std::string(65, 's') + "@example.org",
       "an e-mail address has at most 64 characters before the @"},
      {"secret<name>@example.org",
       "an e-mail address holds a character not allowed before the @ (letters, digits, "
       "dots and !#$%&'*+-/=?^_`{|}~ are)"},
      {"\"secret\"@example.org", "holds a character not allowed before the @"},
      {".secretname@example.org",
       "an e-mail address has a dot at either end of its name or two dots in a row"},
      {"secretname.@example.org", "has a dot at either end of its name"},
      {"secret..name@example.org", "has a dot at either end of its name or two dots in a row"},
      {"secretname@example..org",
       "an e-mail address has a domain with two dots in a row or a dot at either end"},
      {"secretname@example.org.", "has a domain with two dots in a row or a dot at either end"},
      {"secretname@.example.org", "has a domain with two dots in a row"},
      {"secretname@" + std::string(64, 'x') + ".org",
       "an e-mail address has a domain part longer than 63 characters"},
      {"secretname@exa_mple.org",
       "an e-mail address has a domain of letters, digits, hyphens and dots only (an "
       "international domain in its xn-- form)"},
      {"secretname@[127.0.0.1]", "has a domain of letters, digits, hyphens and dots only"},
      {"secretname@-example.org",
       "an e-mail address has a domain part that begins or ends with a hyphen"},
      {"secretname@example-.org", "has a domain part that begins or ends with a hyphen"},
      {"secretname@192.168.1.20",
       "an e-mail address has a domain name, not an IP address, after the @"},
  };
  for (const auto& [typed, reason] : cases) {
    try {
      checked_email_address(typed);
      ADD_FAILURE() << "accepted: " << typed;
    } catch (const ApiError& e) {
      EXPECT_EQ(e.status(), 422) << typed;
      EXPECT_EQ(e.code(), "bad_email") << typed;
      EXPECT_NE(e.message().find(reason), std::string::npos) << typed << ": " << e.message();
      EXPECT_EQ(e.message().find("secret"), std::string::npos) << e.message();
    }
  }
}

// --- The message as sent --------------------------------------------------------------

TEST(MailMessageText, RefusesLineBreaksInHeaderValues) {
  const MailMessage good = message_to("zoe@example.org", "Your turn");
  EXPECT_NO_THROW(formatted_message(good, kFrom, 0));
  for (const std::string& bad : {std::string("a\r\nBcc: x@y"), std::string("a\nBcc: x@y"),
                                 std::string("a\rb"), std::string("a\0b", 3)}) {
    MailMessage m = good;
    m.subject = bad;
    EXPECT_THROW(formatted_message(m, kFrom, 0), std::invalid_argument);
    m = good;
    m.unsubscribe_url = "https://ordo.example/u/1" + bad;
    EXPECT_THROW(formatted_message(m, kFrom, 0), std::invalid_argument);
    m = good;
    m.to = "zoe@example.org" + bad;
    EXPECT_THROW(formatted_message(m, kFrom, 0), std::invalid_argument);
    EXPECT_THROW(formatted_message(good, kFrom + bad, 0), std::invalid_argument);
  }
  // An unsubscribe link that would end its angle brackets early is refused too.
  MailMessage m = good;
  m.unsubscribe_url = "https://ordo.example/u>, <mailto:x@y.org";
  EXPECT_THROW(formatted_message(m, kFrom, 0), std::invalid_argument);
  // And a malformed recipient, which the envelope would otherwise carry.
  m = good;
  m.to = "not an address";
  EXPECT_THROW(formatted_message(m, kFrom, 0), std::invalid_argument);
}

TEST(MailMessageText, IsAsciiWithShortCrlfLinesAndTheHeadersItNeeds) {
  MailMessage m =
      message_to("zoe@example.org",
                 "Zoë: your turn — Łukasz moved, and this subject goes on for well over one line "
                 "of a header, in Ünïcode",
                 "Ünïcode line\n.\n" + std::string(200, 'x') + "\n" + std::string(100, '=') + "\n");
  m.unsubscribe_url = "https://ordo.example/unsubscribe?token=abc";
  const std::int64_t new_year_2026 = 1767225600000;  // a Thursday, 00:00:00 UTC
  const std::string text = formatted_message(m, kFrom, new_year_2026 + 999);
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = text.find("\r\n", start);
    ASSERT_NE(end, std::string::npos) << "the message ends without CRLF";
    const std::string line = text.substr(start, end - start);
    EXPECT_LE(line.size(), 78u) << line;
    EXPECT_EQ(line.find_first_of("\r\n"), std::string::npos) << "a bare CR or LF: " << line;
    for (char c : line) EXPECT_LT(static_cast<unsigned char>(c), 0x80) << line;
    EXPECT_NE(line, ".");
    start = end + 2;
  }
  EXPECT_EQ(text.rfind("From: games@ordo.example\r\nTo: zoe@example.org\r\nSubject: =?UTF-8?B?", 0),
            0u)
      << text;
  EXPECT_NE(text.find("\r\nDate: Thu, 01 Jan 2026 00:00:00 +0000\r\n"), std::string::npos);
  EXPECT_NE(text.find("@ordo.example>\r\nMIME-Version: 1.0\r\n"), std::string::npos);
  EXPECT_NE(text.find("\r\nContent-Type: text/plain; charset=UTF-8\r\n"
                      "Content-Transfer-Encoding: quoted-printable\r\n"),
            std::string::npos);
  EXPECT_NE(text.find("\r\nList-Unsubscribe: <https://ordo.example/unsubscribe?token=abc>\r\n"
                      "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n\r\n"),
            std::string::npos);
  // Each message has its own id.
  const auto id = [](const std::string& t) {
    const std::size_t at = t.find("Message-ID: ");
    return t.substr(at, t.find("\r\n", at) - at);
  };
  EXPECT_NE(id(text), id(formatted_message(m, kFrom, new_year_2026)));
  // A short ASCII subject goes as it is, and no List-Unsubscribe without a link.
  const std::string plain = formatted_message(message_to("zoe@example.org", "Your turn"), kFrom, 0);
  EXPECT_NE(plain.find("\r\nSubject: Your turn\r\n"), std::string::npos);
  EXPECT_EQ(plain.find("List-Unsubscribe"), std::string::npos);
  EXPECT_NE(plain.find("\r\nDate: Thu, 01 Jan 1970 00:00:00 +0000\r\n"), std::string::npos);
}

// --- Delivery to a real SMTP server ---------------------------------------------------

class SmtpDelivery : public ::testing::Test {
 protected:
  SmtpSink sink_;
};

TEST_F(SmtpDelivery, TheRelayReadsBackTheExactSubjectBodyAndUnsubscribeHeaders) {
  const std::string link = "https://ordo.example/verify?token=" + std::string(90, 'k');
  const std::string text =
      "Łukasz moved in your game.\n"
      ".\n"
      "Ünïcode\n"
      "\n"
      ".a line that starts with a dot\n"
      "From the server, with = signs and trailing spaces  \n"
      "\ttab first, tab last\t\n" +
      link + "\n" + std::string(160, '.') + "\nno newline at the end";
  MailMessage m = message_to(" zoe.player@Example.ORG ", "Zoë: your turn — Łukasz moved", text);
  m.unsubscribe_url = "https://ordo.example/unsubscribe?token=u1";
  SmtpMailer{settings_for(sink_.url())}.send(m, 1767225600000);

  ASSERT_TRUE(sink_.wait_for(1));
  const json got = sink_.parsed(1);
  EXPECT_EQ(got["mail_from"], kFrom);
  EXPECT_EQ(got["rcpt_tos"], json::array({"zoe.player@example.org"}));
  EXPECT_EQ(got["subject"], "Zoë: your turn — Łukasz moved");
  // The body as sent: lines end in CRLF, and the last line gets one.
  EXPECT_EQ(got["body"], crlf(text + "\n"));
  EXPECT_EQ(got["headers"]["List-Unsubscribe"], "<https://ordo.example/unsubscribe?token=u1>");
  EXPECT_EQ(got["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  EXPECT_EQ(got["headers"]["From"], kFrom);
  EXPECT_EQ(got["headers"]["To"], "zoe.player@example.org");
  EXPECT_EQ(got["headers"]["Date"], "Thu, 01 Jan 2026 00:00:00 +0000");
  EXPECT_EQ(got["headers"]["Content-Type"], "text/plain; charset=\"UTF-8\"");
  EXPECT_EQ(got["defects"], json::array()) << got.dump();
  // What came over the wire: the sink undid the dot-stuffing, so no line starts with a dot.
  const std::string raw = sink_.raw(1);
  EXPECT_EQ(raw.find("\r\n."), std::string::npos) << raw;
}

TEST_F(SmtpDelivery, ALongNonAsciiSubjectFoldsAndDecodesWhole) {
  std::string subject;
  for (int i = 0; i < 12; ++i) subject += "Łukasz a accepté ton défi ✓ ";
  subject += "🎲";
  const std::string ascii_long(150, 's');
  SmtpMailer mailer(settings_for(sink_.url()));
  mailer.send(message_to("zoe@example.org", subject), 0);
  mailer.send(message_to("zoe@example.org", ascii_long), 0);
  mailer.send(message_to("zoe@example.org", "=?UTF-8?B?not-an-encoded-word?="), 0);
  ASSERT_TRUE(sink_.wait_for(3));
  EXPECT_EQ(sink_.parsed(1)["subject"], subject);
  EXPECT_EQ(sink_.parsed(2)["subject"], ascii_long);
  EXPECT_EQ(sink_.parsed(3)["subject"], "=?UTF-8?B?not-an-encoded-word?=");
  for (std::size_t k = 1; k <= 3; ++k) EXPECT_EQ(sink_.parsed(k)["defects"], json::array());
}

TEST_F(SmtpDelivery, RequiredTlsIsNotGivenUpForARelayWithoutStarttls) {
  SmtpSettings settings = settings_for(sink_.url());
  settings.require_tls = true;
  EXPECT_THROW(SmtpMailer{settings}.send(message_to("zoe@example.org", "Your turn"), 0),
               std::runtime_error);
  SmtpMailer{settings_for(sink_.url())}.send(message_to("zoe@example.org", "Your turn"), 0);
  ASSERT_TRUE(sink_.wait_for(1));
  EXPECT_EQ(sink_.count(), 1u);  // only the second
}

TEST(SmtpMailerSettings, RefuseWhatCannotWork) {
  EXPECT_THROW(SmtpMailer{settings_for("")}, std::invalid_argument);
  EXPECT_THROW(SmtpMailer{settings_for("http://127.0.0.1:25")}, std::invalid_argument);
  SmtpSettings settings = settings_for("smtp://127.0.0.1:25");
  settings.from = "not an address";
  EXPECT_THROW(SmtpMailer{settings}, std::invalid_argument);
  // A password is never sent in clear.
  settings = settings_for("smtp://relay.example:587");
  settings.user = "ordo";
  settings.password = "secret";
  EXPECT_THROW(SmtpMailer{settings}, std::invalid_argument);
  settings.require_tls = true;
  EXPECT_NO_THROW(SmtpMailer{settings});
  settings = settings_for("smtps://relay.example:465");
  settings.user = "ordo";
  EXPECT_NO_THROW(SmtpMailer{settings});
}

TEST(SmtpMailerSend, ARelayNobodyRunsIsARuntimeErrorAndABadMessageAnInvalidArgument) {
  SmtpMailer mailer(settings_for(relay_url(free_port())));
  EXPECT_THROW(mailer.send(message_to("zoe@example.org", "Your turn"), 0), std::runtime_error);
  try {
    mailer.send(message_to("zoe@example.org", "Your turn\r\nBcc: all@example.org"), 0);
    ADD_FAILURE() << "sent";
  } catch (const std::invalid_argument&) {
  }
}

// --- The outbox ---------------------------------------------------------------------

TEST(MailOutboxTest, SendsEveryPostedMessageOffTheCallersThread) {
  SmtpSink sink;
  const double sent_before = metric("ordo_mail_sent_total");
  MailOutbox outbox(settings_for(sink.url()));
  EXPECT_TRUE(outbox.enabled());
  for (int i = 1; i <= 3; ++i)
    outbox.post(message_to("player" + std::to_string(i) + "@example.org",
                           "Game " + std::to_string(i) + " is over"));
  ASSERT_TRUE(outbox.wait_until_empty(10s));
  ASSERT_TRUE(sink.wait_for(3));
  for (int i = 1; i <= 3; ++i) {
    const json got = sink.parsed(static_cast<std::size_t>(i));
    EXPECT_EQ(got["subject"], "Game " + std::to_string(i) + " is over");
    EXPECT_EQ(got["rcpt_tos"], json::array({"player" + std::to_string(i) + "@example.org"}));
  }
  EXPECT_EQ(metric("ordo_mail_sent_total") - sent_before, 3);
}

TEST(MailOutboxTest, TriesAgainUntilTheRelayIsUpAndLogsTheDomainOnly) {
  CapturedLog log;
  const int port = free_port();
  MailOutbox outbox(settings_for(relay_url(port)), {200ms, 500ms, 1s, 2s, 4s, 8s});
  MailMessage m = message_to("zoe.private@Example.org", "Your turn",
                             "Verify: https://ordo.example/verify?token=SECRETLINK\n");
  outbox.post(m);
  ASSERT_TRUE(ordo::testing::wait_until([&] { return log.has("a send failed"); })) << log.all();
  SmtpSink sink(port);
  ASSERT_TRUE(outbox.wait_until_empty(20s)) << log.all();
  ASSERT_TRUE(sink.wait_for(1)) << log.all();
  EXPECT_EQ(sink.parsed(1)["rcpt_tos"], json::array({"zoe.private@example.org"}));
  EXPECT_EQ(sink.parsed(1)["body"], crlf(m.text));
  const std::string logged = log.all();
  EXPECT_NE(logged.find("example.org"), std::string::npos) << logged;
  EXPECT_EQ(logged.find("zoe.private"), std::string::npos) << logged;
  EXPECT_EQ(logged.find("SECRETLINK"), std::string::npos) << logged;
}

TEST(MailOutboxTest, GivesUpAfterItsLastTry) {
  CapturedLog log;
  const double gave_up_before = metric("ordo_mail_dropped_total{reason=\"gave_up\"}");
  const double failures_before = metric("ordo_mail_send_failures_total");
  MailOutbox outbox(settings_for(relay_url(free_port())), {10ms, 10ms});
  outbox.post(message_to("zoe@example.org", "Your turn"));
  ASSERT_TRUE(outbox.wait_until_empty(10s));
  EXPECT_TRUE(log.has("a message failed every try; dropped")) << log.all();
  EXPECT_TRUE(log.has("tries=3")) << log.all();
  EXPECT_EQ(metric("ordo_mail_dropped_total{reason=\"gave_up\"}") - gave_up_before, 1);
  EXPECT_EQ(metric("ordo_mail_send_failures_total") - failures_before, 3);
}

TEST(MailOutboxTest, DropsAMessageItCannotFormatAtOnceAndSendsTheNext) {
  CapturedLog log;
  SmtpSink sink;
  const double refused_before = metric("ordo_mail_dropped_total{reason=\"refused\"}");
  MailOutbox outbox(settings_for(sink.url()), {10min});
  outbox.post(message_to("zoe@example.org", "Your turn\r\nBcc: everyone@example.org"));
  outbox.post(message_to("zoe@example.org", "Your turn"));
  ASSERT_TRUE(outbox.wait_until_empty(10s));
  ASSERT_TRUE(sink.wait_for(1));
  EXPECT_EQ(sink.parsed(1)["subject"], "Your turn");
  EXPECT_TRUE(log.has("a message cannot be sent; dropped")) << log.all();
  EXPECT_EQ(metric("ordo_mail_dropped_total{reason=\"refused\"}") - refused_before, 1);
}

TEST(MailOutboxTest, DropsTheNewestWhenFull) {
  CapturedLog log;
  SilentRelay relay;
  const double full_before = metric("ordo_mail_dropped_total{reason=\"full\"}");
  {
    MailOutbox outbox(settings_for(relay.url()), {10min}, system_time_ms, 2);
    outbox.post(message_to("a@example.org", "1"));
    ASSERT_TRUE(relay.connected_within(10s));  // the first is being sent (and hangs)
    for (const char* subject : {"2", "3", "4", "5"})
      outbox.post(message_to("a@example.org", subject));
    EXPECT_EQ(metric("ordo_mail_dropped_total{reason=\"full\"}") - full_before, 2);
    EXPECT_FALSE(outbox.wait_until_empty(0ms));
  }
  const auto lines = log.lines();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& l) {
                            return l.find("the outbox is full") != std::string::npos;
                          }),
            1)
      << log.all();
}

TEST(MailOutboxTest, StopsPromptlyWhileWaitingToTryAgain) {
  CapturedLog log;
  auto outbox = std::make_unique<MailOutbox>(settings_for(relay_url(free_port())),
                                             std::vector<std::chrono::milliseconds>{10min});
  for (int i = 0; i < 3; ++i) outbox->post(message_to("zoe@example.org", "Your turn"));
  ASSERT_TRUE(ordo::testing::wait_until([&] { return log.has("a send failed"); })) << log.all();
  const auto start = std::chrono::steady_clock::now();
  outbox.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_TRUE(log.has("mail: stopped with messages unsent")) << log.all();
}

TEST(MailOutboxTest, StopsPromptlyWhileARelayHangs) {
  SilentRelay relay;
  auto outbox = std::make_unique<MailOutbox>(settings_for(relay.url()));
  outbox->post(message_to("zoe@example.org", "Your turn"));
  ASSERT_TRUE(relay.connected_within(10s));
  const auto start = std::chrono::steady_clock::now();
  outbox.reset();
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

TEST(MailOutboxTest, IsOffWithoutARelay) {
  MailOutbox outbox(SmtpSettings{});
  EXPECT_FALSE(outbox.enabled());
  outbox.post(message_to("zoe@example.org", "Your turn"));
  EXPECT_TRUE(outbox.wait_until_empty(0ms));
}

}  // namespace
}  // namespace ordo::server
