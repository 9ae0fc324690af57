#include "server/players/password_policy.h"

#include <pwquality.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "server/common/api_error.h"

namespace ordo::server {

namespace {

struct SettingsDeleter {
  void operator()(pwquality_settings_t* settings) const { pwquality_free_settings(settings); }
};

// libpwquality's defaults (at least 8 characters, the dictionary, the user name check),
// not the machine's /etc/security/pwquality.conf: the site's rule is the same everywhere.
pwquality_settings_t& settings() {
  static const std::unique_ptr<pwquality_settings_t, SettingsDeleter> kSettings(
      pwquality_default_settings());
  if (!kSettings) throw std::runtime_error("libpwquality: out of memory");
  return *kSettings;
}

// cracklib keeps the dictionary's read position in static variables: one check at a time.
std::mutex& check_mutex() {
  static std::mutex mutex;
  return mutex;
}

struct Verdict {
  int score = 0;  // negative: a PWQ_ERROR_* code
  std::string message;
};

Verdict judge(const std::string& password, const std::string& name) {
  std::lock_guard lock(check_mutex());
  void* aux = nullptr;
  const int score = pwquality_check(&settings(), password.c_str(), nullptr,
                                    name.empty() ? nullptr : name.c_str(), &aux);
  if (score >= 0) return {score, ""};
  char text[PWQ_MAX_ERROR_MESSAGE_LEN];
  return {score, pwquality_strerror(text, sizeof text, score, aux)};
}

// The dictionary check failed without judging the password: cracklib says so in its
// message ("... - error loading dictionary").
bool is_setup_error(const Verdict& verdict) {
  return verdict.score == PWQ_ERROR_CRACKLIB_CHECK &&
         verdict.message.find("error loading dictionary") != std::string::npos;
}

}  // namespace

void check_password_quality(std::string_view password, std::string_view name) {
  // The checks read a C string; a NUL ends what they can see of the password.
  const Verdict verdict = judge(std::string(password), std::string(name));
  if (verdict.score >= 0) return;
  if (is_setup_error(verdict))
    throw std::runtime_error("libpwquality cannot check passwords: " + verdict.message);
  throw ApiError(400, "weak_password", "choose another password: " + verdict.message);
}

void require_password_dictionary() {
  // "password" is in every dictionary cracklib ships.
  const Verdict verdict = judge("password", "");
  if (verdict.score == PWQ_ERROR_CRACKLIB_CHECK && !is_setup_error(verdict)) return;
  throw std::runtime_error(
      "cannot check passwords against cracklib's dictionary (" + verdict.message +
      "); install Debian's cracklib-runtime and libpwquality1 (scripts/install-deps)");
}

}  // namespace ordo::server
