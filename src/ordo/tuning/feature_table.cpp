#include "ordo/tuning/feature_table.h"

#include <ostream>

#include "ordo/ai/evaluation.h"

namespace ordo {

void write_feature_table(const TrainingData& data, std::ostream& out) {
  out << "position\tresult\tsearch_score";
  for (int i = 0; i < kEvalFeatureCount; ++i)
    out << '\t' << feature_name(static_cast<EvalFeature>(i));
  out << '\n';
  for (const LabelledPosition& p : data.positions) {
    const Position pos = Position::parse(p.position, data.variant);
    const bool white = pos.side_to_move() == Color::White;
    const double white_score = white_result(p.result);
    out << p.position << '\t' << (white ? white_score : 1 - white_score) << '\t';
    if (p.search_score) out << (white ? *p.search_score : -*p.search_score);
    const EvalFeatures f = eval_features(pos);
    for (int i = 0; i < kEvalFeatureCount; ++i)
      out << '\t' << static_cast<double>(f[static_cast<std::size_t>(i)]) / kFeatureScale;
    out << '\n';
  }
}

}  // namespace ordo
