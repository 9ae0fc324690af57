#!/bin/sh
# scripts/check-layers refuses a tree with upward includes, exits 1 and names each one
# (and not the include that follows the order).
# Usage: refuses_upward.sh PYTHON CHECK_LAYERS FIXTURE_DIR
out=$("$1" "$2" "$3")
status=$?
echo "$out"
[ "$status" -eq 1 ] || { echo "expected exit status 1, got $status"; exit 1; }
echo "$out" | grep -q '^util/upward.h: includes server/games/game_service.h' || exit 1
echo "$out" | grep -q '^server/http/transport.h: includes server/games/game_service.h' || exit 1
if echo "$out" | grep -q 'http_message.h'; then echo "refused an allowed include"; exit 1; fi
echo "$out" | grep -q '2 include(s) against the order' || exit 1
