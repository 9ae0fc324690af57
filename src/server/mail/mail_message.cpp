#include "server/mail/mail_message.h"

#include <array>
#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <string_view>

#include "server/common/api_error.h"
#include "server/common/random_token.h"
#include "server/common/utf8_text.h"

namespace ordo::server {

namespace {

constexpr std::size_t kMaxAddressBytes = 254;  // RFC 5321's path, less its angle brackets
constexpr std::size_t kMaxLocalBytes = 64;
constexpr std::size_t kMaxLabelBytes = 63;
constexpr std::size_t kMaxUrlBytes = 900;  // a header line has at most 998 bytes
// An encoded-word is at most 75 characters and its line at most 76 (RFC 2047): 39 bytes
// make 52 of base64, 64 with "=?UTF-8?B?" and "?=", 73 after "Subject: ".
constexpr std::size_t kWordBytes = 39;
// Subjects longer than this go as encoded-words too, folded, so no line passes 78.
constexpr std::size_t kMaxPlainSubject = 69;
constexpr std::size_t kMaxQuotedLine = 75;  // and a soft break's "=": 76 (RFC 2045)

ApiError bad_address(const std::string& why) {
  return ApiError(422, "bad_email", "an e-mail address " + why);
}

bool is_ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// RFC 5322's atext: what a dot-atom local part may hold besides its dots.
bool is_atext(char c) {
  return is_ascii_alnum(c) || std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string::npos;
}

void check_local_part(std::string_view local) {
  if (local.empty()) throw bad_address("needs a name before the @");
  if (local.size() > kMaxLocalBytes)
    throw bad_address("has at most " + std::to_string(kMaxLocalBytes) + " characters before the @");
  for (char c : local)
    if (!is_atext(c) && c != '.')
      throw bad_address(
          "holds a character not allowed before the @ (letters, digits, dots and "
          "!#$%&'*+-/=?^_`{|}~ are)");
  if (local.front() == '.' || local.back() == '.' || local.find("..") != std::string::npos)
    throw bad_address("has a dot at either end of its name or two dots in a row");
}

void check_domain(std::string_view domain) {
  if (domain.empty()) throw bad_address("needs a domain after the @");
  std::string_view last;
  for (std::size_t start = 0;;) {
    const std::size_t dot = domain.find('.', start);
    const std::string_view label =
        domain.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (label.empty())
      throw bad_address("has a domain with two dots in a row or a dot at either end");
    if (label.size() > kMaxLabelBytes)
      throw bad_address("has a domain part longer than " + std::to_string(kMaxLabelBytes) +
                        " characters");
    for (char c : label)
      if (!is_ascii_alnum(c) && c != '-')
        throw bad_address(
            "has a domain of letters, digits, hyphens and dots only (an international "
            "domain in its xn-- form)");
    if (label.front() == '-' || label.back() == '-')
      throw bad_address("has a domain part that begins or ends with a hyphen");
    last = label;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  // No top-level domain is all digits: this is an IP address, which users do not mean.
  if (last.find_first_not_of("0123456789") == std::string::npos)
    throw bad_address("has a domain name, not an IP address, after the @");
}

// CR, LF or NUL in a header value would end the header and start another one.
void check_header_value(const char* what, std::string_view value) {
  if (value.find_first_of(std::string_view("\r\n\0", 3)) != std::string::npos)
    throw std::invalid_argument(std::string("mail: the ") + what +
                                " holds a line break or NUL (refused: header injection)");
}

std::string checked_header_address(const char* what, const std::string& address) {
  check_header_value(what, address);
  try {
    return checked_email_address(address);
  } catch (const ApiError& e) {
    throw std::invalid_argument(std::string("mail: the ") + what + ": " + e.message());
  }
}

std::string base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t k = 0; k < 3; ++k)
      group = (group << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (std::size_t k = 0; k < 4; ++k)
      out += k <= n ? kAlphabet[(group >> (18 - 6 * k)) & 63u] : '=';
  }
  return out;
}

// Printable ASCII short enough for one line, and nothing a reader would take for an
// encoded-word.
bool is_plain_subject(std::string_view text) {
  if (text.size() > kMaxPlainSubject || text.find("=?") != std::string::npos) return false;
  for (char c : text)
    if (c < 0x20 || c > 0x7E) return false;
  return true;
}

// Valid UTF-8 as encoded-words of whole characters, folded one to a line.
std::string encoded_words(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    std::size_t n = std::min(kWordBytes, text.size() - i);
    while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) --n;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + base64(text.substr(i, n)) + "?=";
    i += n;
  }
  return out;
}

std::string rfc5322_date(std::int64_t now_ms) {
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed",
                                                    "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::time_t seconds = static_cast<std::time_t>(now_ms / 1000 - (now_ms % 1000 < 0));
  std::tm t{};
  gmtime_r(&seconds, &t);
  char text[40];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[t.tm_wday],
                t.tm_mday, kMonths[t.tm_mon], t.tm_year + 1900, t.tm_hour, t.tm_min, t.tm_sec);
  return text;
}

// One line of the body in quoted-printable, with its CRLF. A dot that would begin a line
// is encoded (a line of just "." ends the message in SMTP; the relay's dot-stuffing is
// then not relied on), and so is the F of a line's "From " (mbox files mangle it).
void append_quoted_line(std::string_view line, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::size_t column = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    const bool last = i + 1 == line.size();
    const bool blank = c == ' ' || c == '\t';
    bool literal = (c >= 33 && c <= 126 && c != '=') || (blank && !last);
    if (column == 0 && (c == '.' || (c == 'F' && line.substr(i, 5) == "From "))) literal = false;
    const std::size_t width = literal ? 1 : 3;
    if (column + width > kMaxQuotedLine) {
      out += "=\r\n";
      column = 0;
      if (c == '.' || (c == 'F' && line.substr(i, 5) == "From ")) literal = false;
    }
    if (literal) {
      out += static_cast<char>(c);
      ++column;
    } else {
      out += '=';
      out += kHex[c >> 4];
      out += kHex[c & 15u];
      column += 3;
    }
  }
  out += "\r\n";
}

std::string quoted_printable(std::string_view text) {
  std::string out;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    append_quoted_line(line, out);
    start = end + 1;
  }
  return out;
}

// A URL between angle brackets: printable ASCII without spaces or brackets.
void check_unsubscribe_url(std::string_view url) {
  check_header_value("unsubscribe URL", url);
  if (url.size() > kMaxUrlBytes)
    throw std::invalid_argument("mail: the unsubscribe URL is longer than " +
                                std::to_string(kMaxUrlBytes) + " bytes");
  for (char c : url)
    if (c <= 0x20 || c >= 0x7F || c == '<' || c == '>')
      throw std::invalid_argument(
          "mail: the unsubscribe URL holds a space, an angle bracket or a byte that is not "
          "printable ASCII");
}

}  // namespace

std::string checked_email_address(const std::string& text) {
  const std::size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) throw bad_address("is needed");
  std::string address = text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
  for (char c : address) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80)
      throw bad_address(
          "is written in ASCII only (an international domain in its xn-- form; names with "
          "other letters are not accepted)");
    if (byte < 0x20 || byte == 0x7F)
      throw bad_address("holds a control character (a line break, say)");
    if (byte == ' ') throw bad_address("holds a space");
  }
  if (address.size() > kMaxAddressBytes)
    throw bad_address("has at most " + std::to_string(kMaxAddressBytes) + " characters");
  const std::size_t at = address.find('@');
  if (at == std::string::npos) throw bad_address("needs an @ (name@example.org)");
  if (address.find('@', at + 1) != std::string::npos) throw bad_address("has only one @");
  check_local_part(std::string_view(address).substr(0, at));
  check_domain(std::string_view(address).substr(at + 1));
  for (std::size_t i = at + 1; i < address.size(); ++i)
    if (address[i] >= 'A' && address[i] <= 'Z') address[i] = static_cast<char>(address[i] + 32);
  return address;
}

std::string formatted_message(const MailMessage& m, const std::string& from, std::int64_t now_ms) {
  const std::string sender = checked_header_address("sender address", from);
  const std::string recipient = checked_header_address("recipient address", m.to);
  check_header_value("subject", m.subject);
  if (!m.unsubscribe_url.empty()) check_unsubscribe_url(m.unsubscribe_url);
  const std::string subject = valid_utf8(m.subject);

  std::string out;
  out += "From: " + sender + "\r\n";
  out += "To: " + recipient + "\r\n";
  out += "Subject: " + (is_plain_subject(subject) ? subject : encoded_words(subject)) + "\r\n";
  out += "Date: " + rfc5322_date(now_ms) + "\r\n";
  out += "Message-ID: <" + random_url_safe(18) + sender.substr(sender.find('@')) + ">\r\n";
  out += "MIME-Version: 1.0\r\n";
  out += "Content-Type: text/plain; charset=UTF-8\r\n";
  out += "Content-Transfer-Encoding: quoted-printable\r\n";
  if (!m.unsubscribe_url.empty()) {
    out += "List-Unsubscribe: <" + m.unsubscribe_url + ">\r\n";
    out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  out += "\r\n";
  out += quoted_printable(valid_utf8(m.text));
  return out;
}

}  // namespace ordo::server
