// A tables position as the server writes it (docs/rules.md, Mughrabieh 8): each side's
// pieces by its own point numbers, "13x5,8x3,6/24x15 w 52" (White's, then Black's; "-"
// for none on the board), the side to move and the roll ("-" while it is to be made).
// Each side names the track by its distance from bearing off, so its start is its
// 24-point; one side's point n is the other's 25 - n. Points here are 1-24, 0 is off.
export const POINTS = 24;
export const PIECES = 15;
export const HOME = 6; // the final six points
export const OFF = 0;

const other = (side) => (side === 'white' ? 'black' : 'white');

/** The same point in the other side's numbers (a side's n is the other's 25 - n). */
export function mirrorPoint(point) {
  return POINTS + 1 - point;
}

function readSide(text, side) {
  const counts = new Array(POINTS + 1).fill(0);
  if (text === '-') return counts;
  for (const item of text.split(',')) {
    const match = /^(\d+)(?:x(\d+))?$/.exec(item);
    const point = Number(match?.[1]);
    if (!match || point < 1 || point > POINTS) throw new Error(`${side}: '${item}' is not POINTxCOUNT`);
    counts[point] = Number(match[2] ?? 1);
  }
  const total = counts.reduce((a, b) => a + b, 0);
  if (total > PIECES) throw new Error(`${side} has more than ${PIECES} pieces`);
  return counts;
}

function writeSide(counts) {
  const items = [];
  for (let point = POINTS; point >= 1; point--) {
    if (counts[point]) items.push(counts[point] > 1 ? `${point}x${counts[point]}` : String(point));
  }
  return items.length ? items.join(',') : '-';
}

/**
 * Reads a position string: { counts: { white, black } (index = the side's own point,
 * index 0 unused), toMove, roll: [high, low] | null, passed, drawn }.
 */
export function parseTablesPosition(text) {
  const [sides, mover, roll, flag] = text.trim().split(/\s+/);
  const [white, black] = (sides ?? '').split('/');
  if (black === undefined || !/^[wb]$/.test(mover ?? '') || !/^([1-6]{2}|-)$/.test(roll ?? ''))
    throw new Error(`'${text}' is not a tables position`);
  return {
    counts: { white: readSide(white, 'White'), black: readSide(black, 'Black') },
    toMove: mover === 'w' ? 'white' : 'black',
    roll: roll === '-' ? null : [Number(roll[0]), Number(roll[1])],
    passed: flag === 'pass',
    drawn: flag === 'draw',
  };
}

/** The position string back (the flag words included). */
export function formatTablesPosition(position) {
  const { counts, toMove, roll, passed, drawn } = position;
  const flag = drawn ? ' draw' : passed ? ' pass' : '';
  return `${writeSide(counts.white)}/${writeSide(counts.black)} ${toMove === 'white' ? 'w' : 'b'} ${roll ? roll.join('') : '-'}${flag}`;
}

/** How many of the side's pieces are on the board. */
export function onBoard(position, side) {
  return position.counts[side].reduce((a, b) => a + b, 0);
}

/** How many of the side's pieces are borne off. */
export function borneOff(position, side) {
  return PIECES - onBoard(position, side);
}

/** The pips the side still has to travel: each piece's point number, added up. */
export function pipCount(position, side) {
  return position.counts[side].reduce((sum, count, point) => sum + count * point, 0);
}

/** Who holds a point, given in `side`'s numbers: { side, count } or null. */
export function holder(position, side, point) {
  if (position.counts[side][point]) return { side, count: position.counts[side][point] };
  const mirrored = mirrorPoint(point);
  const theirs = position.counts[other(side)][mirrored];
  return theirs ? { side: other(side), count: theirs } : null;
}

/** The dice of a roll as played: two, or four of a double. */
export function diceOf(roll) {
  if (!roll) return [];
  return roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : [roll[0], roll[1]];
}

/** The position after the side to move takes a piece from `from` to `to` (0: off). */
export function applyTablesStep(position, from, to) {
  const side = position.toMove;
  const counts = [...position.counts[side]];
  if (!counts[from]) throw new Error(`no piece of ${side} on its point ${from}`);
  counts[from]--;
  if (to !== OFF) counts[to]++;
  return { ...position, counts: { ...position.counts, [side]: counts } };
}

/** The die numbers a turn word names ("13/8,8/6", "6/off", "pass") as [[from, to], ...]. */
export function parseTablesTurn(word) {
  if (word === 'pass') return [];
  return word.split(',').map((step) => {
    const match = /^(\d+)\/(\d+|off)$/.exec(step);
    if (!match) throw new Error(`'${word}' is not a turn (steps like 13/8 or 6/off, or pass)`);
    return [Number(match[1]), match[2] === 'off' ? OFF : Number(match[2])];
  });
}
