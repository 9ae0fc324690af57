// Where things stand on a tables board, in SVG units: two rows of twelve points in a
// horseshoe, the bar between the halves, the bear-off trays on the right. The player at
// the bottom sees the board in its own numbers: its 24-point at the top right, the track
// running along the top to the left, down, and along the bottom to its 1-point at the
// bottom right, where it bears off. The other side runs the other way; for it the board
// turns top for bottom.
export const PW = 64; // a point's width
export const R = 29; // a checker's radius
export const MARGIN = 16;
export const LABELS = 28; // the band of point numbers above and below
export const LENGTH = 5 * 2 * R; // a point's length: five checkers
export const BAND = 104; // the middle band between the rows: dice, pips
export const BAR = 40;
export const GAP = 12;
export const TRAY = 76;
export const LEFT = MARGIN;
export const RIGHT = LEFT + 12 * PW + BAR; // the playing area's right edge
export const WIDTH = RIGHT + GAP + TRAY + MARGIN;
export const TOP = MARGIN + LABELS; // the top row's outer edge
export const BOTTOM = TOP + 2 * LENGTH + BAND; // the bottom row's outer edge
export const HEIGHT = BOTTOM + LABELS + MARGIN;
export const MIDDLE = (TOP + BOTTOM) / 2;

/** A point of the bottom player's numbering (1-24): { x (centre), row: 'top' | 'bottom' }. */
export function pointPlace(point) {
  const column = point <= 12 ? 12 - point : point - 13;
  const x = LEFT + column * PW + (column >= 6 ? BAR : 0) + PW / 2;
  return { x, row: point <= 12 ? 'bottom' : 'top' };
}

/** The centre of the `index`-th checker (0 at the edge) of a stack on a point. */
export function checkerCentre(point, index) {
  const { x, row } = pointPlace(point);
  const offset = R + index * 2 * R;
  return { x, y: row === 'top' ? TOP + offset : BOTTOM - offset };
}

/** The tray of the bottom player (bottom right) or of the other (top right): its rectangle. */
export function trayRect(bottom) {
  return { x: RIGHT + GAP, y: bottom ? BOTTOM - LENGTH : TOP, width: TRAY, height: LENGTH };
}
