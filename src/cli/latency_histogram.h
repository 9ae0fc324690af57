// Request latencies of the server benchmarks (serve-bench, serve-attack).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ordo::cli {

// Request latencies in fixed buckets, so that a long run's own bookkeeping does not grow
// the memory it measures: 10 us wide up to 50 ms, 1 ms wide beyond (to 10 s).
class LatencyHistogram {
 public:
  LatencyHistogram() : counts_(kFine + kCoarse, 0) {}
  void add(double ms) {
    const auto fine = static_cast<std::size_t>(ms * 100);
    const std::size_t bucket =
        fine < kFine ? fine : std::min(kFine + static_cast<std::size_t>(ms), counts_.size() - 1);
    ++counts_[bucket];
    ++total_;
    max_ms_ = std::max(max_ms_, ms);
  }
  void merge(const LatencyHistogram& other) {
    for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
    total_ += other.total_;
    max_ms_ = std::max(max_ms_, other.max_ms_);
  }
  std::uint64_t total() const { return total_; }
  double max_ms() const { return max_ms_; }
  // The upper edge of the bucket that holds the p-quantile.
  double percentile(double p) const {
    const auto rank = static_cast<std::uint64_t>(p * static_cast<double>(total_));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen > rank)
        return i < kFine ? (static_cast<double>(i) + 1) / 100 : double(i - kFine) + 1;
    }
    return max_ms_;
  }

 private:
  static constexpr std::size_t kFine = 5000, kCoarse = 10000;
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  double max_ms_ = 0;
};

}  // namespace ordo::cli
