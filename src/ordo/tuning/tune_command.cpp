// Ordo's `tune data|records|label|features|fit|match` (GameEntry::tune): the evaluation
// tuner (docs/tuning.md), parsing its own subcommands from what follows `tune`.
// `data` writes labelled positions from seeded self-play, `records` the same from game
// records, `label` adds a search score to each position, `features` writes the features as
// a table, `fit` fits the weights by logistic regression and prints them as a C++
// initializer, `match` plays two weight sets against each other.
#include "ordo/tuning/tune_command.h"

#include <CLI/CLI.hpp>
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ordo/ai/weights_text.h"
#include "ordo/tuning/feature_table.h"
#include "ordo/tuning/logistic_fit.h"
#include "ordo/tuning/record_data.h"
#include "ordo/tuning/search_labels.h"
#include "ordo/tuning/training_data.h"
#include "ordo/tuning/weight_match.h"
#include "util/progress_bar.h"
#include "util/report_format.h"
#include "util/stopwatch.h"
#include "util/text_file.h"

namespace ordo {

namespace {

// Where a subcommand writes: its report and its progress.
struct Streams {
  std::ostream& out;
  std::ostream& err;
};

// A subcommand's work, chosen while parsing and run after it.
using Action = std::function<int(const Streams&)>;

struct PlayOptions {
  std::string rules = "classic";
  std::string size = "10x8";
  int depth = 2;
  int random_plies = 8;
  int move_limit = 200;
  std::uint64_t seed = 1;
  bool progress = false;

  SelfPlayConfig config() const {
    SelfPlayConfig c;
    c.variant = rules == "x" ? Variant::X : Variant::Classic;
    c.width = size == "8x8" ? 8 : 10;
    c.depth = depth;
    c.random_plies = random_plies;
    c.move_limit = move_limit;
    return c;
  }
};

struct TuneOptions {
  PlayOptions play;
  int games = 100;
  std::string out_file, data_file;
  double lambda = 1e-7;
  double held_out = 0.2;
  std::string without_features;
  std::string first_weights, second_weights;
  std::vector<std::string> record_files;
  int skip_plies = 8;
  bool quiet_only = false;  // tune records --quiet
  std::uint64_t label_nodes = 100000;
  int label_threads = 1;
  double search_weight = 0;
};

void add_play_options(CLI::App& command, PlayOptions& o) {
  command.add_option("--rules", o.rules, "Rule set: classic or x")
      ->check(CLI::IsMember({"classic", "x"}));
  command.add_option("--size", o.size, "Board: 10x8 or 8x8")->check(CLI::IsMember({"10x8", "8x8"}));
  command.add_option("--depth", o.depth, "Search depth of both players")->check(CLI::Range(1, 8));
  command.add_option("--random-plies", o.random_plies, "Uniformly random opening moves")
      ->check(CLI::Range(0, 40));
  command.add_option("--move-limit", o.move_limit, "Draw after this many turns in all")
      ->check(CLI::Range(10, 2000));
  command.add_option("--seed", o.seed, "Seed of the openings");
  command.add_flag("--progress", o.progress, "Show progress on standard error");
}

std::function<void(int, int)> progress_to(ProgressBar& bar, const PlayOptions& o,
                                          const Streams& io) {
  const bool show = o.progress || is_terminal_stderr(io.err);
  return [&bar, show](int done, int total) {
    if (show) bar.update(done, total);
  };
}

int run_data(const TuneOptions& o, const Streams& io) {
  std::ofstream file = open_output_file(o.out_file);
  DataConfig config{o.play.config(), o.games, o.play.seed};
  ProgressBar bar(io.err, "games");
  const Stopwatch clock;
  const TrainingData data = generate_training_data(config, progress_to(bar, o.play, io));
  bar.finish();
  const std::string header = "size=" + o.play.size + " games=" + std::to_string(o.games) +
                             " seed=" + std::to_string(o.play.seed) +
                             " depth=" + std::to_string(o.play.depth) +
                             " random-plies=" + std::to_string(o.play.random_plies) +
                             " move-limit=" + std::to_string(o.play.move_limit);
  write_training_data(data, header, file);
  io.out << "wrote " << data.positions.size() << " positions from " << o.games << " games to "
         << o.out_file << " in " << fixed(clock.elapsed_seconds(), 1) << " s\n";
  return 0;
}

int run_records(const TuneOptions& o, const Streams& io) {
  std::vector<RecordsFile> files;
  for (const std::string& name : o.record_files)
    files.push_back({name, read_text_file(name, "records file")});
  const RecordDataOptions options{o.play.config().variant, o.skip_plies, o.quiet_only};
  RecordDataCounts counts;
  const TrainingData data = labelled_positions_from_records(files, options, counts);
  if (data.positions.empty())
    throw std::invalid_argument("no positions: " + std::to_string(counts.games) +
                                " finished games of the rules " + o.play.rules + " reach ply " +
                                std::to_string(o.skip_plies));
  // Written only now, so that a bad record leaves no half-written file behind.
  std::ofstream file = open_output_file(o.out_file);
  write_training_data(data,
                      "records=" + std::to_string(files.size()) + " files, skip-plies=" +
                          std::to_string(o.skip_plies) + (o.quiet_only ? ", quiet only" : ""),
                      file);
  io.out << "wrote " << data.positions.size() << " positions from " << counts.games << " games to "
         << o.out_file << " (skipped: " << counts.other_rules << " of other rules, "
         << counts.unfinished << " unfinished";
  if (o.quiet_only) io.out << "; " << counts.not_quiet << " positions not quiet";
  io.out << ")\n";
  return 0;
}

TrainingData read_data_file(const std::string& name) {
  std::istringstream file(read_text_file(name, "training data"));
  TrainingData data;
  try {
    data = read_training_data(file);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(name + ": " + e.what());
  }
  if (data.positions.empty()) throw std::invalid_argument(name + ": no positions");
  return data;
}

int run_label(const TuneOptions& o, const Streams& io) {
  TrainingData data = read_data_file(o.data_file);
  ProgressBar bar(io.err, "positions");
  const bool show = o.play.progress || is_terminal_stderr(io.err);
  const Stopwatch clock;
  label_with_search(data, {.nodes = o.label_nodes, .threads = o.label_threads},
                    [&](std::size_t done, std::size_t total) {
                      if (show) bar.update(static_cast<int>(done), static_cast<int>(total));
                    });
  bar.finish();
  // Written only now, so that a failure leaves no half-written file behind.
  std::ofstream file = open_output_file(o.out_file);
  write_training_data(data,
                      "labelled from " + o.data_file + ", search scores at " +
                          std::to_string(o.label_nodes) + " nodes",
                      file);
  io.out << "labelled " << data.positions.size() << " positions at " << o.label_nodes
         << " nodes each in " << fixed(clock.elapsed_seconds(), 1) << " s; wrote " << o.out_file
         << '\n';
  return 0;
}

// With search scores in the labels, the held-out loss above is against the mixed labels;
// this adds the loss against the results alone, the same measure for every fit (each
// weight set with the K that best fits the results of the fitted part).
std::string search_label_report(double search_weight, double search_scale,
                                const std::vector<Sample>& results, std::size_t held_count,
                                const WeightVector& start, const WeightVector& rounded) {
  if (search_weight <= 0) return {};
  const auto split = results.end() - static_cast<std::ptrdiff_t>(held_count);
  const std::vector<Sample> fitted(results.begin(), split), held(split, results.end());
  const double k_start = fit_scale(fitted, start), k_rounded = fit_scale(fitted, rounded);
  std::ostringstream out;
  out << "labels: " << fixed(1 - search_weight, 2) << " x result + " << fixed(search_weight, 2)
      << " x sigmoid(" << search_scale << " x search score)\n"
      << "against the results alone, held out: current " << fixed(log_loss(held, start, k_start), 6)
      << ", fitted and rounded " << fixed(log_loss(held, rounded, k_rounded), 6) << '\n';
  return out.str();
}

int run_features(const TuneOptions& o, const Streams& io) {
  const TrainingData data = read_data_file(o.data_file);
  std::ofstream file = open_output_file(o.out_file);
  write_feature_table(data, file);
  io.out << "wrote the features of " << data.positions.size() << " positions to " << o.out_file
         << '\n';
  return 0;
}

int run_fit(const TuneOptions& o, const Streams& io) {
  // Checked before the data file is read, which can take a while.
  const std::vector<EvalFeature> left_out = parse_feature_names(o.without_features);
  const TrainingData data = read_data_file(o.data_file);
  // The last part of the file (whole games, as they are written in order) is held out:
  // the fit never sees it, so its loss shows whether the new weights generalise.
  LabelOptions labels{.search_weight = o.search_weight};
  if (o.search_weight > 0) labels.search_scale = fit_search_scale(data);
  std::vector<Sample> samples = make_samples(data, labels);
  // The results alone, to judge every fit by the same measure: how well it predicts games.
  std::vector<Sample> results = o.search_weight > 0 ? make_samples(data) : samples;
  // Features left out read 0 everywhere: the fit cannot use them, and the comparison with
  // a fit that may shows what they add.
  for (EvalFeature f : left_out) {
    for (Sample& s : samples) s.x[static_cast<int>(f)] = 0;
    for (Sample& s : results) s.x[static_cast<int>(f)] = 0;
  }
  const auto held_count =
      static_cast<std::size_t>(static_cast<double>(samples.size()) * o.held_out);
  const std::vector<Sample> held(samples.end() - static_cast<std::ptrdiff_t>(held_count),
                                 samples.end());
  samples.resize(samples.size() - held_count);
  if (samples.empty()) throw std::invalid_argument("--held-out leaves no positions to fit");
  // The board of the first position picks the defaults to start from (and to name).
  const int width =
      Position::parse(data.positions.front().position, data.variant).geometry().width();
  const NamedWeights& old_defaults = default_weights(data.variant, width);
  const EvalWeights old_weights = old_defaults.weights;
  const WeightVector start = to_weight_vector(old_weights);
  const EvaluationFit fit = fit_evaluation(samples, start, {.lambda = o.lambda});
  const double k0 = fit.current_scale, k = fit.scale;
  const EvalWeights rounded = rounded_weights(fit.weights);
  const WeightVector rounded_vector = to_weight_vector(rounded);
  io.out << "positions " << samples.size() << " fitted, " << held.size() << " held out ("
         << variant_name(data.variant) << ")\n"
         << "K " << k0 << " for the current weights, " << k << " for the new ones\n"
         << "eval spread (standard deviation) " << fixed(eval_spread(samples, start), 1)
         << " current, " << fixed(eval_spread(samples, rounded_vector), 1) << " new\n"
         << "log loss            fitted part   held out\n"
         << "current weights     " << fixed(log_loss(samples, start, k0), 6) << "      "
         << fixed(log_loss(held, start, k0), 6) << '\n'
         << "fitted weights      " << fixed(log_loss(samples, fit.weights, k), 6) << "      "
         << fixed(log_loss(held, fit.weights, k), 6) << '\n'
         << "fitted and rounded  " << fixed(log_loss(samples, rounded_vector, k), 6) << "      "
         << fixed(log_loss(held, rounded_vector, k), 6) << '\n'
         << search_label_report(o.search_weight, labels.search_scale, results, held_count, start,
                                rounded_vector)
         << "weights " << format_weights(rounded) << '\n'
         << cpp_initializer(rounded, old_defaults.name);
  return 0;
}

int run_match(const TuneOptions& o, const Streams& io) {
  const SelfPlayConfig config = o.play.config();
  const EvalWeights defaults = EvalWeights::defaults(config.variant, config.width);
  const EvalWeights first = parse_weights(o.first_weights, defaults);
  const EvalWeights second = parse_weights(o.second_weights, defaults);
  ProgressBar bar(io.err, "games");
  const Stopwatch clock;
  const MatchResult r =
      play_match(config, first, second, o.games, o.play.seed, progress_to(bar, o.play, io));
  bar.finish();
  io.out << "first:  " << format_weights(first) << '\n'
         << "second: " << format_weights(second) << '\n'
         << "games " << r.games << ": first wins " << r.wins << ", draws " << r.draws << ", losses "
         << r.losses << ", score " << fixed(100 * r.score(), 1) << "% ("
         << fixed(clock.elapsed_seconds(), 1) << " s)\n";
  return 0;
}

// The subcommands, each setting `chosen` to its work when it is parsed (the options live
// as long as `tune`).
void add_subcommands(CLI::App* tune, const std::shared_ptr<TuneOptions>& options, Action& chosen) {
  CLI::App* data = tune->add_subcommand("data", "Write labelled positions from seeded self-play");
  add_play_options(*data, options->play);
  data->add_option("--games", options->games, "Games to play")->check(CLI::Range(1, 1000000));
  data->add_option("--out", options->out_file, "The data file to write")->required();
  data->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_data(*options, io); };
  });

  CLI::App* records = tune->add_subcommand(
      "records", "Write labelled positions from game records (e.g. a match's --out file)");
  records->add_option("--rules", options->play.rules, "Rule set whose games are kept")
      ->check(CLI::IsMember({"classic", "x"}));
  records->add_option("--skip-plies", options->skip_plies, "Leave out each game's first plies")
      ->check(CLI::Range(0, 1000));
  records->add_flag("--quiet", options->quiet_only,
                    "Keep only quiet positions: the side to move is connected and neither side "
                    "could win with its next move (what quiescence settles)");
  records->add_option("--out", options->out_file, "The data file to write")->required();
  records->add_option("files", options->record_files, "Record files (several records each)")
      ->required()
      ->check(CLI::ExistingFile);
  records->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_records(*options, io); };
  });

  CLI::App* label = tune->add_subcommand(
      "label", "Add a search score to every position of a data file (a fixed node budget each)");
  label->add_option("--data", options->data_file, "A file written by 'tune data' or 'tune records'")
      ->required();
  label->add_option("--out", options->out_file, "The data file to write")->required();
  label->add_option("--nodes", options->label_nodes, "Nodes searched per position")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  label
      ->add_option("--threads", options->label_threads,
                   "Positions searched at once (the scores do not depend on it)")
      ->check(CLI::Range(1, 256));
  label->add_flag("--progress", options->play.progress, "Show progress on standard error");
  label->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_label(*options, io); };
  });

  CLI::App* features = tune->add_subcommand(
      "features", "Write the evaluation's features of a data file's positions as a table");
  features->add_option("--data", options->data_file, "A data file (tune data, records or label)")
      ->required();
  features->add_option("--out", options->out_file, "The tab-separated table to write")->required();
  features->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_features(*options, io); };
  });

  CLI::App* fit = tune->add_subcommand("fit", "Fit the weights to a data file");
  fit->add_option("--data", options->data_file, "A file written by 'tune data' or 'tune records'")
      ->required();
  fit->add_option("--lambda", options->lambda, "L2 penalty per squared weight")
      ->check(CLI::NonNegativeNumber);
  fit->add_option("--held-out", options->held_out,
                  "Fraction of the positions (the file's last) kept out of the fit")
      ->check(CLI::Range(0.0, 0.9));
  fit->add_option("--search-weight", options->search_weight,
                  "Share of the search score in each label (0: results only; needs 'tune label')")
      ->check(CLI::Range(0.0, 1.0));
  fit->add_option("--without", options->without_features,
                  "Features to leave out (name,name,...): they read 0 for every weight set");
  fit->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_fit(*options, io); };
  });

  CLI::App* match = tune->add_subcommand("match", "Play two weight sets against each other");
  add_play_options(*match, options->play);
  match->add_option("--games", options->games, "Games (even: each opening twice)")
      ->check(CLI::Range(2, 100000));
  match->add_option("--first", options->first_weights,
                    "name=value,... changes to the default weights for the first player");
  match->add_option("--second", options->second_weights, "the same for the second player");
  match->callback([options, &chosen] {
    chosen = [options](const Streams& io) { return run_match(*options, io); };
  });
}

}  // namespace

int run_tune(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App tune{"Tune Ordo's evaluation: self-play data, logistic fit, check match", "tune"};
  tune.require_subcommand(1);
  tune.option_defaults()->always_capture_default();
  auto options = std::make_shared<TuneOptions>();
  Action chosen;
  add_subcommands(&tune, options, chosen);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them reversed
  try {
    tune.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return tune.exit(e, out, err) == 0 ? 0 : 2;
  }
  return chosen(Streams{out, err});
}

}  // namespace ordo
