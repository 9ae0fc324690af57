// Iteration counts for the long randomised tests. Sanitizer builds run them about ten
// times slower, so they do a tenth of the work (still hundreds of games); the optimised
// build does all of it.
#pragma once

namespace ordo::testing {

#ifdef ORDO_SANITIZED_TESTS
inline constexpr int kScaleDivisor = 10;
#else
inline constexpr int kScaleDivisor = 1;
#endif

constexpr int scaled(int iterations) {
  return iterations / kScaleDivisor > 0 ? iterations / kScaleDivisor : 1;
}

}  // namespace ordo::testing
