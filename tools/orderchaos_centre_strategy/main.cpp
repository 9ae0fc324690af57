// orderchaos-centre-strategy [FILE]: solves the centre game (src/orderchaos/centre_game.h)
// and writes the certificate to FILE (standard output without one), with its figures on
// standard error.
#include <chrono>
#include <fstream>
#include <iostream>

#include "orderchaos/centre_game.h"

int main(int argc, char** argv) {
  if (argc > 2) {
    std::cerr << "usage: orderchaos-centre-strategy [FILE]\n";
    return 2;
  }
  namespace centre = orderchaos::centre;
  const auto start = std::chrono::steady_clock::now();
  const centre::CentreTable table = centre::solve_centre_game();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  const std::string text = centre::format_centre_strategy(table);
  if (argc == 2) {
    std::ofstream out(argv[1]);
    if (!(out << text)) {
      std::cerr << "cannot write " << argv[1] << '\n';
      return 1;
    }
  } else {
    std::cout << text;
  }
  std::cerr << "centre game: Order wins in " << table.plies_to_win << " plies with best play; "
            << table.positions_solved << " centre positions valued; " << table.entries.size()
            << " table entries, " << table.classes_reached << " classes reached; " << took.count()
            << " s, " << text.size() << " bytes\n";
  return 0;
}
