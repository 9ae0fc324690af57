// Evaluation weights as text: "name=value" lists for the command line, the engine's
// settings and the tuner, and the C++ designated initializer to paste into
// src/ordo/ai/evaluation.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ordo/ai/evaluation.h"

namespace ordo {

// "material=100,leader_rank=12,..." with the field names of EvalWeights; fields not named
// keep their value in `base`. Throws std::invalid_argument naming the bad entry.
EvalWeights parse_weights(std::string_view text, const EvalWeights& base);
std::string format_weights(const EvalWeights& w);  // the same "name=value,..." form
// "passed_pieces,passed_leader_rank": feature names, comma-separated. Throws
// std::invalid_argument naming an unknown one.
std::vector<EvalFeature> parse_feature_names(std::string_view text);
std::string cpp_initializer(const EvalWeights& w, std::string_view name);  // "constexpr ..."

}  // namespace ordo
