#!/bin/sh
# A fake UGI engine for the match tests. It shakes hands like a real one, then misbehaves
# in the way its first argument names when asked for a move:
#   illegal  answers a move that is never legal      garbage  answers nonsense
#   empty    'bestmove' with no move                 crash    dies by SIGSEGV
#   hang     never answers                           exit     exits quietly
#   mute     never finishes the handshake            slow     answers after 0.4 s
mode="$1"
while read -r line; do
  case "$line" in
    ugi)
      if [ "$mode" = mute ]; then sleep 30; fi
      echo "id name fake-$mode"
      echo "ugiok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        illegal) echo "bestmove a1-a8" ;;
        garbage) echo "info string thinking hard"; echo "bestmove %%%garbage%%%" ;;
        empty) echo "bestmove" ;;
        crash) kill -SEGV $$ ;;
        hang) sleep 30 ;;
        exit) exit 3 ;;
        slow) sleep 0.4; echo "bestmove a1-a8" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
