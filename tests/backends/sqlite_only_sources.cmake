# Refuses a test file of an executable that runs on SQLite alone (ordo_tests) when it uses
# the test storage (support/test_storage.h and the fixtures over it): such a test belongs
# in an executable that runs whole on both back ends, or its suite runs on SQLite only.
# Usage: cmake -DSOURCES="a.cpp;b.cpp" -DDIR=tests -P sqlite_only_sources.cmake
set(uses_test_storage
    "TestDatabase|testing_on_postgres|server_service_fixture\\.h|account_fixture\\.h|instance_pair\\.h"
)
set(offenders "")
foreach(source IN LISTS SOURCES)
  file(READ "${DIR}/${source}" text)
  if(text MATCHES "${uses_test_storage}")
    list(APPEND offenders "${source}")
  endif()
endforeach()
if(offenders)
  message(FATAL_ERROR "these use the test storage but run on SQLite alone: ${offenders}; "
                      "add them to ordo_server_tests (tests/CMakeLists.txt) instead")
endif()
