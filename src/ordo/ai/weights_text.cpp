#include "ordo/ai/weights_text.h"

#include <charconv>
#include <stdexcept>

namespace ordo {

namespace {

int feature_index(std::string_view name) {
  for (int i = 0; i < kEvalFeatureCount; ++i)
    if (feature_name(static_cast<EvalFeature>(i)) == name) return i;
  return -1;
}

// Calls `each` with every entry of a comma-separated list, in order.
template <typename Each>
void for_each_entry(std::string_view text, Each each) {
  while (!text.empty()) {
    const auto comma = text.find(',');
    each(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
}

}  // namespace

EvalWeights parse_weights(std::string_view text, const EvalWeights& base) {
  auto fields = base.fields();
  for_each_entry(text, [&](std::string_view entry) {
    const auto eq = entry.find('=');
    if (eq == std::string_view::npos)
      throw std::invalid_argument("weight '" + std::string(entry) + "': expected name=value");
    const std::string_view name = entry.substr(0, eq), value = entry.substr(eq + 1);
    const int index = feature_index(name);
    if (index < 0) throw std::invalid_argument("unknown weight '" + std::string(name) + "'");
    int number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc{} || end != value.data() + value.size())
      throw std::invalid_argument("weight '" + std::string(name) + "': '" + std::string(value) +
                                  "' is not an integer");
    fields[index] = number;
  });
  return EvalWeights::from_fields(fields);
}

std::vector<EvalFeature> parse_feature_names(std::string_view text) {
  std::vector<EvalFeature> features;
  for_each_entry(text, [&](std::string_view name) {
    const int index = feature_index(name);
    if (index < 0) throw std::invalid_argument("unknown feature '" + std::string(name) + "'");
    features.push_back(static_cast<EvalFeature>(index));
  });
  return features;
}

std::string format_weights(const EvalWeights& w) {
  const auto fields = w.fields();
  std::string text;
  for (int i = 0; i < kEvalFeatureCount; ++i) {
    if (i) text += ',';
    text +=
        std::string(feature_name(static_cast<EvalFeature>(i))) + '=' + std::to_string(fields[i]);
  }
  return text;
}

std::string cpp_initializer(const EvalWeights& w, std::string_view name) {
  const auto fields = w.fields();
  std::string text = "constexpr EvalWeights " + std::string(name) + "{\n";
  const int squares = static_cast<int>(EvalFeature::SquareTable);
  for (int i = 0; i < squares; ++i)
    text += "    ." + std::string(feature_name(static_cast<EvalFeature>(i))) + " = " +
            std::to_string(fields[i]) + ",\n";
  // The piece-square table as one array, four cells (edge distances) to a line.
  text += "    .squares = {";
  for (int i = squares; i < kEvalFeatureCount; ++i) {
    if ((i - squares) % kSquareEdgeDistances == 0) text += "\n        ";
    text += std::to_string(fields[i]) + (i + 1 < kEvalFeatureCount ? ", " : "");
  }
  return text + "},\n};\n";
}

}  // namespace ordo
