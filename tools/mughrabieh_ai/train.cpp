// mughrabieh-ai-train [--games N] [--seed S] [--lambda L] [--out FILE]: fits the
// evaluation's weights by TD(lambda) self-play from zero and writes them as the C++ source
// src/mughrabieh/ai/trained_weights.cpp (to FILE, or standard output).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "mughrabieh/ai/td_training.h"

namespace {

void write_array(std::ostream& out, const char* name,
                 const std::array<float, mughrabieh::ai::kFeatures>& w) {
  out << "      ." << name << " = {{";
  for (std::size_t i = 0; i < w.size(); ++i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6ff", w[i]);
    out << (i ? ", " : "") << (i % 6 == 0 && i ? "\n                   " : "") << buf;
  }
  out << "}},\n";
}

}  // namespace

int main(int argc, char** argv) {
  mughrabieh::ai::TrainingOptions options;
  std::string out_path;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--games")
      options.games = std::atoi(argv[i + 1]);
    else if (flag == "--seed")
      options.seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--lambda")
      options.lambda = std::atof(argv[i + 1]);
    else if (flag == "--out")
      out_path = argv[i + 1];
    else {
      std::cerr << "usage: mughrabieh-ai-train [--games N] [--seed S] [--lambda L] [--out FILE]\n";
      return 2;
    }
  }
  mughrabieh::ai::TrainingReport report;
  const mughrabieh::ai::Weights w = mughrabieh::ai::train_td(options, &report);
  std::ostringstream text;
  text << "// Written by mughrabieh-ai-train --games " << options.games << " --seed "
       << options.seed << " --lambda " << options.lambda << " (research/mughrabieh-ai.md).\n"
       << "#include \"mughrabieh/ai/weights.h\"\n\nnamespace mughrabieh::ai {\n\n"
       << "const Weights& trained_weights() {\n  static constexpr Weights kWeights{\n";
  write_array(text, "contact", w.contact);
  write_array(text, "race", w.race);
  text << "  };\n  return kWeights;\n}\n\n}  // namespace mughrabieh::ai\n";
  if (out_path.empty())
    std::cout << text.str();
  else
    std::ofstream(out_path) << text.str();
  std::fprintf(stderr, "%d games, %lld positions updated, %.1f CPU s, mean |error| %.4f\n",
               report.games, report.positions, report.cpu_seconds, report.mean_abs_error);
  return 0;
}
