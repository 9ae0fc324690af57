// Reading move notation (docs/rules.md section 6) from the server's legal list, so that the
// page can offer clicks for it. Every move the page sends is a string of that list.
import { parseSquare, squareName } from './position.js';

function squaresBetween(a, b) {
  const from = parseSquare(a);
  const to = parseSquare(b);
  const df = Math.sign(to.file - from.file);
  const dr = Math.sign(to.rank - from.rank);
  const length = Math.max(Math.abs(to.file - from.file), Math.abs(to.rank - from.rank));
  const squares = [];
  for (let i = 0; i <= length; i++) squares.push(squareName(from.file + i * df, from.rank + i * dr));
  return squares;
}

/** The squares of a straight line between two squares (inclusive), or null. */
export function lineSquares(a, b) {
  const from = parseSquare(a);
  const to = parseSquare(b);
  if (!from || !to || (from.file !== to.file && from.rank !== to.rank)) return null;
  return squaresBetween(a, b);
}

/**
 * One step: {text, key, kind: 'single'|'ordo', squares (the pieces that move),
 * targets (where they land, in the same order), anchor (first-named end), dest (where the
 * anchor lands), capture, keep (the tie square or null)}. `key` is the step without the
 * tie choice, so that steps differing only in the choice can be grouped.
 */
export function parseStep(text) {
  const [body, keep = null] = text.split('@');
  const ordo = /^([a-p]\d+):([a-p]\d+)-([a-p]\d+)$/.exec(body);
  if (ordo) {
    const [, a, b, dest] = ordo;
    const squares = lineSquares(a, b);
    const from = parseSquare(a);
    const to = parseSquare(dest);
    const shift = { file: to.file - from.file, rank: to.rank - from.rank };
    const targets = squares.map((square) => {
      const s = parseSquare(square);
      return squareName(s.file + shift.file, s.rank + shift.rank);
    });
    return { text, key: body, kind: 'ordo', squares, targets, anchor: a, other: b, dest, capture: false, keep };
  }
  const single = /^([a-p]\d+)([-x])([a-p]\d+)$/.exec(body);
  if (!single) throw new Error(`cannot read move '${text}'`);
  const [, from, sign, to] = single;
  return {
    text,
    key: body,
    kind: 'single',
    squares: [from],
    targets: [to],
    anchor: from,
    dest: to,
    capture: sign === 'x',
    keep,
  };
}

/** A whole turn: its steps (one, or two in Ordo X). */
export function parseTurn(text) {
  return { text, steps: text.split(',').map(parseStep) };
}

/** Whether an ordo step moves exactly the given line (either end may come first). */
export function stepMovesLine(step, line) {
  if (step.kind !== 'ordo' || step.squares.length !== line.length) return false;
  const set = new Set(line);
  return step.squares.every((square) => set.has(square));
}
