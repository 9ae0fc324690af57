// The ordo-engine program: forwards its arguments and standard streams to run_cli.
#include <iostream>
#include <string>
#include <vector>

#include "cli/app.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  return ordo::cli::run_cli(args, std::cin, std::cout, std::cerr);
}
