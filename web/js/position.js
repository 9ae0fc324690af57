// Position strings (docs/rules.md section 7) as boards the page can draw. The page never
// decides legality: these helpers only read positions and replay a step for display.

/** Square name of a file index and rank index (both from 0): (2, 0) is "c1". */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

/** File and rank indices (from 0) of a square name, or null if it is not one. */
export function parseSquare(name) {
  const match = /^([a-p])(\d{1,2})$/.exec(name);
  if (!match) return null;
  return { file: match[1].charCodeAt(0) - 97, rank: Number(match[2]) - 1 };
}

/**
 * A board read from a position string: {files, ranks, pieces: Map square -> 'w'|'b',
 * toMove: 'white'|'black'}. Throws on a malformed string.
 */
export function parsePosition(text) {
  const [placement, side] = text.trim().split(/\s+/);
  const rows = placement.split('/');
  const pieces = new Map();
  let files = 0;
  rows.forEach((row, index) => {
    const rank = rows.length - 1 - index;
    let file = 0;
    for (const token of row.match(/\d+|[wb]/g) ?? []) {
      if (/\d/.test(token)) file += Number(token);
      else pieces.set(squareName(file++, rank), token);
    }
    files = Math.max(files, file);
  });
  if (!files || rows.length < 3) throw new Error(`not a position string: '${text}'`);
  return { files, ranks: rows.length, pieces, toMove: side === 'b' ? 'black' : 'white' };
}

/** The position string of a board (inverse of parsePosition). */
export function formatPosition(board) {
  const rows = [];
  for (let rank = board.ranks - 1; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < board.files; file++) {
      const piece = board.pieces.get(squareName(file, rank));
      if (!piece) {
        empty++;
        continue;
      }
      if (empty) row += empty;
      row += piece;
      empty = 0;
    }
    rows.push(empty ? row + empty : row);
  }
  return `${rows.join('/')} ${board.toMove === 'black' ? 'b' : 'w'}`;
}

const colourLetter = (side) => (side === 'white' ? 'w' : 'b');

/** The groups (8-neighbour connected sets of squares) of one colour letter. */
export function groupsOf(board, letter) {
  const seen = new Set();
  const groups = [];
  for (const [square, piece] of board.pieces) {
    if (piece !== letter || seen.has(square)) continue;
    const group = [];
    const stack = [square];
    seen.add(square);
    while (stack.length) {
      const current = stack.pop();
      group.push(current);
      const { file, rank } = parseSquare(current);
      for (let df = -1; df <= 1; df++) {
        for (let dr = -1; dr <= 1; dr++) {
          const next = squareName(file + df, rank + dr);
          if (board.pieces.get(next) === letter && !seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

/**
 * The board after one step, for showing the middle of an Ordo X turn. The step has been
 * taken from the server's legal list, so it is legal; this only moves the pieces, takes a
 * captured piece and (unless `removeSmaller` is false) drops the smaller enemy groups as
 * docs/rules.md 5.4 says (`keep` names a square of the group that stays in a tie). The side to
 * move does not change.
 */
export function applyStep(board, step, keep = null, removeSmaller = true) {
  const pieces = new Map(board.pieces);
  const own = colourLetter(board.toMove);
  const enemy = own === 'w' ? 'b' : 'w';
  for (const square of step.squares) pieces.delete(square);
  const captured = step.targets.some((square) => pieces.get(square) === enemy);
  for (const square of step.targets) pieces.set(square, own);
  const next = { ...board, pieces };
  if (captured && removeSmaller) {
    const groups = groupsOf(next, enemy);
    const largest = Math.max(0, ...groups.map((group) => group.length));
    const stays =
      groups.find((group) => keep && group.includes(keep)) ?? groups.find((group) => group.length === largest);
    for (const group of groups) {
      if (group !== stays) for (const square of group) pieces.delete(square);
    }
  }
  return next;
}
