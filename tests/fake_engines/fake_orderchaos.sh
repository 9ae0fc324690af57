#!/bin/sh
# A fake UGI engine for Order and Chaos match tests. It shakes hands like a real one and
# remembers whether it was told `setoption name Game value orderchaos`; asked for a move:
#   play   places an X on the first empty square (a1, b1, ..., f6) of the position it was
#          given; if it was never told the game, it answers an Ordo move (illegal here)
#   taken  places an X on the first square that is already taken (always illegal)
mode="$1"
game=ordo
position=""
first_square() {  # $1: "empty" or "taken"
  for rank in 1 2 3 4 5 6; do
    for file in a b c d e f; do
      case " $position " in
        *" X$file$rank "* | *" O$file$rank "*) state=taken ;;
        *) state=empty ;;
      esac
      if [ "$state" = "$1" ]; then
        echo "$file$rank"
        return
      fi
    done
  done
}
while read -r line; do
  case "$line" in
    ugi)
      echo "id name fake-orderchaos-$mode"
      echo "ugiok" ;;
    "setoption name Game value orderchaos") game=orderchaos ;;
    isready) echo "readyok" ;;
    position*) position="$line" ;;
    go*)
      if [ "$game" != orderchaos ]; then
        echo "bestmove a2-a3"
      elif [ "$mode" = taken ]; then
        echo "bestmove X$(first_square taken)"
      else
        echo "bestmove X$(first_square empty)"
      fi ;;
    quit) exit 0 ;;
  esac
done
