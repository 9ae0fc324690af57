#include "server/common/name_skeleton.h"

#include <unicode/normalizer2.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "server/common/utf8_text.h"

namespace ordo::server {

namespace {

void check(UErrorCode error, const char* what) {
  if (U_FAILURE(error))
    throw std::runtime_error(std::string("ICU: ") + what + ": " + u_errorName(error));
}

struct SpoofCheckerDeleter {
  void operator()(USpoofChecker* checker) const { uspoof_close(checker); }
};

// One checker for every thread: ICU's checks on a configured checker are thread safe.
const USpoofChecker& spoof_checker() {
  static const std::unique_ptr<USpoofChecker, SpoofCheckerDeleter> kChecker = [] {
    UErrorCode error = U_ZERO_ERROR;
    std::unique_ptr<USpoofChecker, SpoofCheckerDeleter> checker(uspoof_open(&error));
    check(error, "open the spoof checker");
    uspoof_setRestrictionLevel(checker.get(), USPOOF_HIGHLY_RESTRICTIVE);
    uspoof_setChecks(checker.get(), USPOOF_RESTRICTION_LEVEL, &error);
    check(error, "configure the spoof checker");
    return checker;
  }();
  return *kChecker;
}

}  // namespace

std::string folded_name(std::string_view name) {
  UErrorCode error = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(error);
  check(error, "load NFKC_Casefold");
  const std::string text = valid_utf8(name);
  const icu::UnicodeString folded = nfkc_cf->normalize(icu::UnicodeString::fromUTF8(text), error);
  check(error, "fold a name");
  std::string out;
  folded.toUTF8String(out);
  return out;
}

std::string name_skeleton(std::string_view name) {
  const std::string folded = folded_name(name);
  UErrorCode error = U_ZERO_ERROR;
  // A skeleton may be longer than its text (one character can map to several).
  std::string skeleton(folded.size() * 4 + 16, '\0');
  std::int32_t length = uspoof_getSkeletonUTF8(&spoof_checker(), 0, folded.data(),
                                               static_cast<int32_t>(folded.size()), skeleton.data(),
                                               static_cast<int32_t>(skeleton.size()), &error);
  if (error == U_BUFFER_OVERFLOW_ERROR) {
    error = U_ZERO_ERROR;
    skeleton.resize(static_cast<std::size_t>(length));
    length = uspoof_getSkeletonUTF8(&spoof_checker(), 0, folded.data(),
                                    static_cast<int32_t>(folded.size()), skeleton.data(),
                                    static_cast<int32_t>(skeleton.size()), &error);
  }
  check(error, "make a name's skeleton");
  skeleton.resize(static_cast<std::size_t>(length));
  return skeleton;
}

std::vector<std::string> mixed_scripts(std::string_view name) {
  const std::string text = valid_utf8(name);
  UErrorCode error = U_ZERO_ERROR;
  const std::int32_t found = uspoof_check2UTF8(&spoof_checker(), text.data(),
                                               static_cast<int32_t>(text.size()), nullptr, &error);
  check(error, "check a name's scripts");
  if ((found & USPOOF_RESTRICTION_LEVEL) == 0) return {};
  std::vector<std::string> scripts;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int32_t>(text.size());
  for (std::int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    const UScriptCode script = uscript_getScript(c, &error);
    if (U_FAILURE(error) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED) continue;
    const std::string script_name = uscript_getName(script);
    if (std::find(scripts.begin(), scripts.end(), script_name) == scripts.end())
      scripts.push_back(script_name);
  }
  std::sort(scripts.begin(), scripts.end());
  return scripts;
}

}  // namespace ordo::server
