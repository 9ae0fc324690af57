// A test file that uses the test storage (for TestStorageRunsOnBothBackEnds.RefusesAFile:
// never compiled).
#include "support/test_storage.h"

TEST(Example, Stores) {
  ordo::server::testing::TestDatabase database("db.sqlite");
}
