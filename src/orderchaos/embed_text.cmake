# Writes OUTPUT, a C++ source defining `std::string_view NAME()` in namespace orderchaos
# that returns the text of INPUT (run at build time, so the text is built in).
file(READ "${INPUT}" text)
set(content
    "// Generated from ${INPUT}; do not edit.\n#include <string_view>\nnamespace orderchaos {\nstd::string_view ${NAME}() {\n  static constexpr char text[] = R\"certificate(${text})certificate\";\n  return {text, sizeof text - 1};\n}\n}  // namespace orderchaos\n"
)
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
