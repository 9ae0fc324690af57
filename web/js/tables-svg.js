// Draws a tables position as SVG (layout: tables-layout.js): the points with their stacks
// (five checkers drawn, the count written on a taller stack), the bear-off trays, the dice
// (used ones dimmed), both pip counts and the bottom player's direction of travel. Pure
// drawing: marks and the keyboard's tab stop come in `view`. Points are named in White's
// numbers in marks and data attributes (data-white, with data-black beside it).
import {
  BAND,
  BOTTOM,
  HEIGHT,
  LABELS,
  LEFT,
  LENGTH,
  MIDDLE,
  PW,
  R,
  RIGHT,
  TOP,
  WIDTH,
  checkerCentre,
  pointPlace,
  trayRect,
} from './tables-layout.js';
import { PIECES, borneOff, mirrorPoint, pipCount } from './tables-position.js';
import { svgElement as element } from './dom.js';

const SHOWN = 5; // checkers drawn on one point at most
const PIPS = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
};
PIPS[4] = [
  [-1, -1],
  [1, -1],
  [-1, 1],
  [1, 1],
];
PIPS[5] = [...PIPS[4], [0, 0]];
PIPS[6] = [...PIPS[4], [-1, 0], [1, 0]];

const otherSide = (side) => (side === 'white' ? 'black' : 'white');

/** A point in White's numbers as the `side` names it. */
export function sidePoint(whitePoint, side) {
  return side === 'white' ? whitePoint : mirrorPoint(whitePoint);
}

/** A point in `side`'s numbers as White names it. */
export function whitePoint(point, side) {
  return side === 'white' ? point : mirrorPoint(point);
}

/** What stands on a point (White's numbers): { side, count } or null. */
export function stackOn(position, white) {
  if (position.counts.white[white]) return { side: 'white', count: position.counts.white[white] };
  const black = position.counts.black[mirrorPoint(white)];
  return black ? { side: 'black', count: black } : null;
}

function drawChecker(parent, x, y, side, extra = '') {
  const group = element('g', { class: `checker checker-${side}${extra}` }, parent);
  element('circle', { cx: x, cy: y, r: R - 1, class: 'checker-body' }, group);
  element('circle', { cx: x, cy: y, r: R * 0.62, class: 'checker-ring' }, group);
  return group;
}

function drawDie(parent, x, y, size, die) {
  const group = element(
    'g',
    { class: `die${die.used ? ' used' : ''}`, 'data-die': String(die.value), 'data-used': String(die.used) },
    parent,
  );
  element('rect', { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size * 0.18 }, group);
  const spread = size * 0.27;
  for (const [dx, dy] of PIPS[die.value])
    element('circle', { cx: x + dx * spread, cy: y + dy * spread, r: size * 0.09, class: 'die-pip' }, group);
}

/**
 * Draws `view` into `svg` (its content replaced): { position (parseTablesPosition's),
 * bottom ('white' | 'black': the side whose numbers and direction the board shows),
 * sides (names), dice ([{ value, used }]), marks: { from, to, selected, movable (White's
 * points), targets (Map White's point or 'off' -> die) }, notice (a line in the middle),
 * label, keyboard ({ cursor, enabled } | null) }.
 */
export function drawTables(svg, view) {
  const { position, bottom, sides, dice = [], marks = {}, notice = '', label = '', keyboard = null } = view;
  const top = otherSide(bottom);
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', label);
  svg.classList.add('tables-board');
  svg.dataset.bottom = bottom;
  element('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: 'board-frame' }, svg);
  element('rect', { x: LEFT, y: TOP, width: RIGHT - LEFT, height: BOTTOM - TOP, class: 'tables-field' }, svg);
  element(
    'rect',
    { x: LEFT + 6 * PW, y: TOP, width: RIGHT - LEFT - 12 * PW, height: BOTTOM - TOP, class: 'tables-bar' },
    svg,
  );

  const targets = marks.targets ?? new Map();
  const within = (list, white) => (list ?? []).includes(white);
  for (let point = 1; point <= 24; point++) {
    const white = whitePoint(point, bottom);
    const { x, row } = pointPlace(point);
    const edge = row === 'top' ? TOP : BOTTOM;
    const tip = row === 'top' ? TOP + LENGTH - 8 : BOTTOM - LENGTH + 8;
    const classes = ['point', point % 2 ? 'point-odd' : 'point-even'];
    if (within(marks.from, white)) classes.push('mark-from');
    if (within(marks.to, white)) classes.push('mark-to');
    element(
      'polygon',
      { points: `${x - PW / 2 + 2},${edge} ${x + PW / 2 - 2},${edge} ${x},${tip}`, class: classes.join(' ') },
      svg,
    );
    element(
      'text',
      {
        x,
        y: row === 'top' ? TOP - 8 : BOTTOM + LABELS - 6,
        class: 'point-number',
        'text-anchor': 'middle',
        'aria-hidden': 'true',
      },
      svg,
    ).textContent = String(point);
    const stack = stackOn(position, white);
    if (stack) {
      const shown = Math.min(stack.count, SHOWN);
      for (let i = 0; i < shown; i++) {
        const { x: cx, y: cy } = checkerCentre(point, i);
        const last = i === shown - 1;
        const extra =
          last && marks.selected === white ? ' selected' : last && within(marks.movable, white) ? ' movable' : '';
        const checker = drawChecker(svg, cx, cy, stack.side, extra);
        if (last && stack.count > SHOWN) {
          element('text', { x: cx, y: cy + 9, class: 'stack-count', 'text-anchor': 'middle' }, checker).textContent =
            String(stack.count);
        }
      }
    }
    if (targets.has(white)) {
      const index = stack ? Math.min(stack.count, SHOWN - 1) : 0;
      const { x: cx, y: cy } = checkerCentre(point, index);
      element('circle', { cx, cy, r: R * 0.7, class: 'target', 'data-white': String(white) }, svg);
      element('text', { x: cx, y: cy + 8, class: 'target-die', 'text-anchor': 'middle' }, svg).textContent = String(
        targets.get(white),
      );
    }
  }

  for (const side of [bottom, top]) drawTray(svg, position, side, side === bottom, targets);
  drawMiddle(svg, position, bottom, sides, dice, notice);
  drawHits(svg, position, view, targets);
}

function drawTray(svg, position, side, isBottom, targets) {
  const rect = trayRect(isBottom);
  const classes = ['tray'];
  const mover = position.toMove === side;
  if (mover && targets.has('off')) classes.push('tray-target');
  element('rect', { ...rect, rx: 8, class: classes.join(' ') }, svg);
  const off = borneOff(position, side);
  const slab = (rect.height - 16) / PIECES;
  for (let i = 0; i < off; i++) {
    const y = isBottom ? rect.y + rect.height - 8 - (i + 1) * slab : rect.y + 8 + i * slab;
    element(
      'rect',
      { x: rect.x + 10, y: y + 1, width: rect.width - 20, height: slab - 2, rx: 3, class: `slab slab-${side}` },
      svg,
    );
  }
  if (off) {
    element(
      'text',
      {
        x: rect.x + rect.width / 2,
        y: isBottom ? rect.y - 6 : rect.y + rect.height + 20,
        class: 'tray-count',
        'text-anchor': 'middle',
        'aria-hidden': 'true',
      },
      svg,
    ).textContent = `${off} off`;
  }
  if (mover && targets.has('off')) {
    const cy = rect.y + rect.height / 2;
    element('circle', { cx: rect.x + rect.width / 2, cy, r: R * 0.7, class: 'target', 'data-off': side }, svg);
    element(
      'text',
      { x: rect.x + rect.width / 2, y: cy + 8, class: 'target-die', 'text-anchor': 'middle' },
      svg,
    ).textContent = String(targets.get('off'));
  }
}

/** The middle band: pip counts and the direction of travel on the left, the dice on the right. */
function drawMiddle(svg, position, bottom, sides, dice, notice) {
  const top = otherSide(bottom);
  const x = LEFT + 12;
  const pips = (side, y) => {
    const text = element('text', { x, y, class: `pips pips-${side}`, 'data-side': side }, svg);
    text.textContent = `${sides[side]} ${pipCount(position, side)} pips`;
  };
  pips(top, MIDDLE - 18);
  pips(bottom, MIDDLE + 36);
  // The bottom player's way round: from its 24-point (top right) leftwards, round, and
  // rightwards to bear off at the bottom right.
  const ax = LEFT + 6 * PW - 30;
  const left = LEFT + 4.6 * PW + 22;
  const y1 = MIDDLE - 22;
  const y2 = MIDDLE + 22;
  element(
    'path',
    {
      d: `M ${ax} ${y1} H ${left} A 22 22 0 0 0 ${left} ${y2} H ${ax}`,
      class: `travel travel-${bottom}`,
      'marker-end': 'url(#travel-head)',
    },
    svg,
  );
  const defs = element('defs', {}, svg);
  const marker = element(
    'marker',
    { id: 'travel-head', viewBox: '0 0 10 10', refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto' },
    defs,
  );
  element('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'travel-head' }, marker);

  const size = 56;
  const spacing = dice.length > 2 ? 62 : 74;
  const centre = LEFT + 6 * PW + (RIGHT - LEFT - 6 * PW) / 2 + 10;
  dice.forEach((die, i) =>
    drawDie(svg, centre + (i - (dice.length - 1) / 2) * spacing, MIDDLE - (notice ? 10 : 0), size, die),
  );
  if (notice) {
    const y = MIDDLE + BAND / 2 - 8;
    const text = element('text', { x: centre, y, class: 'board-notice', 'text-anchor': 'middle' }, svg);
    text.textContent = notice;
  }
}

/** Invisible targets over each half column and each tray: clicks, taps and the keyboard. */
function drawHits(svg, position, view, targets) {
  const { bottom, keyboard, marks = {}, sides } = view;
  const enabled = Boolean(keyboard?.enabled);
  for (let point = 1; point <= 24; point++) {
    const white = whitePoint(point, bottom);
    const { x, row } = pointPlace(point);
    const stack = stackOn(position, white);
    const movable = (marks.movable ?? []).includes(white);
    const target = targets.has(white);
    const own = sidePoint(white, position.toMove);
    let name = `${sides[position.toMove]}'s point ${own}: ${stack ? `${stack.count} ${sides[stack.side]}` : 'empty'}`;
    if (marks.selected === white) name += ', selected';
    else if (target) name += `: move here with the ${targets.get(white)}`;
    else if (movable) name += ', can move';
    addHit(
      svg,
      { x: x - PW / 2, y: row === 'top' ? TOP : BOTTOM - LENGTH, width: PW, height: LENGTH },
      name,
      enabled && (movable || target || marks.selected === white),
      keyboard,
      {
        'data-white': String(white),
        'data-black': String(mirrorPoint(white)),
        'data-key': String(white),
      },
    );
  }
  for (const side of [bottom, otherSide(bottom)]) {
    const off = borneOff(position, side);
    const target = side === position.toMove && targets.has('off');
    let name = `${sides[side]}'s bear-off tray: ${off} off`;
    if (target) name += `: bear off here with the ${targets.get('off')}`;
    addHit(svg, trayRect(side === bottom), name, enabled && target, keyboard, {
      'data-off': side,
      'data-key': `off-${side}`,
    });
  }
}

function addHit(svg, rect, name, actionable, keyboard, data) {
  const hit = element('rect', { ...rect, class: `hit${actionable ? ' actionable' : ''}`, ...data }, svg);
  hit.setAttribute('aria-label', name);
  hit.setAttribute('role', actionable ? 'button' : 'img');
  if (keyboard) hit.setAttribute('tabindex', keyboard.enabled && keyboard.cursor === data['data-key'] ? '0' : '-1');
}
