// orderchaos-check-strategy FILE: verifies an Order and Chaos strategy file (exit 0) or
// says why it does not prove its claim (exit 1).
#include <fstream>
#include <iostream>
#include <sstream>

#include "strategy_check.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: orderchaos-check-strategy FILE\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "cannot read " << argv[1] << '\n';
    return 2;
  }
  std::ostringstream text;
  text << file.rdbuf();
  const strategy_check::Verdict v = strategy_check::check_strategy(text.str());
  if (!v.ok) {
    std::cout << "not verified: " << v.reason << '\n';
    return 1;
  }
  if (!v.summary.empty())
    std::cout << "verified: " << v.summary << '\n';
  else
    std::cout << "verified: " << v.positions << " positions\n";
  return 0;
}
