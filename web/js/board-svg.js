// Draws a board as SVG: squares, coordinates (files a…, ranks 1…; White at the bottom
// unless flipped), pieces, and marks for the last move, the selection and the targets.
import { squareName } from './position.js';
import { svgElement as element } from './dom.js';

const CELL = 100;
const MARGIN = 36;

/** Screen-independent placement of a square: its top-left corner in SVG units. */
function corner(board, file, rank, flipped) {
  const column = flipped ? board.files - 1 - file : file;
  const row = flipped ? rank : board.ranks - 1 - rank;
  return { x: MARGIN + column * CELL, y: MARGIN + row * CELL };
}

function addDefinitions(svg) {
  const defs = element('defs', {}, svg);
  const shades = { white: ['#ffffff', '#e9e1cf', '#b8ab90'], black: ['#6b6f78', '#2b2e35', '#101114'] };
  for (const [name, [light, mid, dark]] of Object.entries(shades)) {
    const gradient = element('radialGradient', { id: `piece-${name}`, cx: '38%', cy: '34%', r: '70%' }, defs);
    element('stop', { offset: '0%', 'stop-color': light }, gradient);
    element('stop', { offset: '60%', 'stop-color': mid }, gradient);
    element('stop', { offset: '100%', 'stop-color': dark }, gradient);
  }
}

function drawPiece(group, x, y, square, letter, extraClass = '') {
  const colour = letter === 'w' ? 'white' : 'black';
  const piece = element(
    'g',
    { class: `piece piece-${colour} ${extraClass}`, 'data-square': square, 'data-piece': colour },
    group,
  );
  element('circle', { cx: x + CELL / 2, cy: y + CELL / 2 + 3, r: CELL * 0.38, class: 'piece-shadow' }, piece);
  element(
    'circle',
    { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.38, fill: `url(#piece-${colour})`, class: 'piece-body' },
    piece,
  );
  element('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.26, class: 'piece-ring' }, piece);
}

/**
 * Draws `board` into `svg` (its content is replaced). `marks` may hold arrays of squares:
 * from, to, captured, removed (the last move), selected, targets, choice (tie groups), and
 * `arrows`: [[fromSquare, toSquare], …] for diagrams.
 */
export function drawBoard(svg, board, { flipped = false, marks = {}, label = '', keyboard = null } = {}) {
  svg.replaceChildren();
  const width = board.files * CELL + 2 * MARGIN;
  const height = board.ranks * CELL + 2 * MARGIN;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  // With `keyboard` ({ cursor, enabled }) the squares are buttons with one tab stop (the
  // cursor square); otherwise the board is one picture (diagrams).
  svg.setAttribute('role', keyboard ? 'group' : 'img');
  if (label) svg.setAttribute('aria-label', label);
  addDefinitions(svg);
  element('rect', { x: 0, y: 0, width, height, rx: 14, class: 'board-frame' }, svg);
  const has = (name, square) => (marks[name] ?? []).includes(square);
  const squares = element('g', { class: 'squares' }, svg);
  const pieces = element('g', { class: 'pieces' }, svg);
  for (let rank = 0; rank < board.ranks; rank++) {
    for (let file = 0; file < board.files; file++) {
      const square = squareName(file, rank);
      const { x, y } = corner(board, file, rank, flipped);
      const shade = (file + rank) % 2 === 0 ? 'dark' : 'light';
      const classes = ['square', shade];
      for (const name of ['from', 'to', 'selected', 'choice']) if (has(name, square)) classes.push(`mark-${name}`);
      const rect = element(
        'rect',
        { x, y, width: CELL, height: CELL, class: classes.join(' '), 'data-square': square },
        squares,
      );
      const letter = board.pieces.get(square);
      if (keyboard) {
        // Buttons while the user may move; else pictures that can still be read one by one.
        rect.setAttribute('role', keyboard.enabled ? 'button' : 'img');
        rect.setAttribute('tabindex', square === keyboard.cursor ? '0' : '-1');
        rect.setAttribute('aria-label', squareLabel(square, letter, board, has));
      }
      if (has('from', square) || has('to', square)) {
        element(
          'rect',
          {
            x: x + 5,
            y: y + 5,
            width: CELL - 10,
            height: CELL - 10,
            rx: 6,
            class: 'mark-last-ring',
            'data-mark': square,
          },
          pieces,
        );
      }
      if (letter) drawPiece(pieces, x, y, square, letter, has('selected', square) ? 'lifted' : '');
      if (has('captured', square)) drawCaptureBadge(pieces, x, y, square);
      if (has('removed', square)) drawCross(pieces, x, y, square);
      if (has('targets', square)) {
        // A ring around an enemy piece (a capture); a dot elsewhere, also on a square that
        // an own piece leaves in the same move (an Ordo X line in single file).
        const capture = letter && letter !== (board.toMove === 'white' ? 'w' : 'b');
        element(
          'circle',
          {
            cx: x + CELL / 2,
            cy: y + CELL / 2,
            r: capture ? CELL * 0.44 : CELL * 0.14,
            class: capture ? 'target target-capture' : 'target',
            'data-square': square,
          },
          pieces,
        );
      }
    }
  }
  drawCoordinates(svg, board, flipped);
  drawArrows(svg, board, flipped, marks.arrows ?? [], Boolean(marks.numbered));
}

/** A square in words for screen readers: "c2, white piece, selected". */
function squareLabel(square, letter, board, has) {
  const words = [square, letter ? `${letter === 'w' ? 'white' : 'black'} piece` : 'empty'];
  if (has('selected', square)) words.push('selected');
  if (has('targets', square)) {
    const enemy = letter && letter !== (board.toMove === 'white' ? 'w' : 'b');
    words.push(enemy ? 'capture target' : 'move target');
  }
  if (has('choice', square)) words.push('group to choose');
  if (has('from', square) || has('to', square)) words.push('last move');
  return words.join(', ');
}

/** A captured piece: a small red badge in the corner of the square its captor took. */
function drawCaptureBadge(layer, x, y, square) {
  const badge = element('g', { class: 'mark-captured', 'data-square': square }, layer);
  const cx = x + CELL * 0.82;
  const cy = y + CELL * 0.18;
  element('circle', { cx, cy, r: CELL * 0.15 }, badge);
  const arm = CELL * 0.07;
  element('line', { x1: cx - arm, y1: cy - arm, x2: cx + arm, y2: cy + arm }, badge);
  element('line', { x1: cx + arm, y1: cy - arm, x2: cx - arm, y2: cy + arm }, badge);
}

/** A piece removed as part of a smaller group (Ordo X): a dashed cross on its square. */
function drawCross(layer, x, y, square) {
  const cross = element('g', { class: 'mark-removed', 'data-square': square }, layer);
  const pad = CELL * 0.3;
  element('line', { x1: x + pad, y1: y + pad, x2: x + CELL - pad, y2: y + CELL - pad }, cross);
  element('line', { x1: x + CELL - pad, y1: y + pad, x2: x + pad, y2: y + CELL - pad }, cross);
}

function drawCoordinates(svg, board, flipped) {
  const labels = element('g', { class: 'coordinates', 'aria-hidden': 'true' }, svg);
  for (let file = 0; file < board.files; file++) {
    const { x } = corner(board, file, 0, flipped);
    for (const y of [MARGIN / 2, MARGIN + board.ranks * CELL + MARGIN / 2]) {
      element(
        'text',
        { x: x + CELL / 2, y, 'dominant-baseline': 'central', 'text-anchor': 'middle' },
        labels,
      ).textContent = String.fromCharCode(97 + file);
    }
  }
  for (let rank = 0; rank < board.ranks; rank++) {
    const { y } = corner(board, 0, rank, flipped);
    for (const x of [MARGIN / 2, MARGIN + board.files * CELL + MARGIN / 2]) {
      element(
        'text',
        { x, y: y + CELL / 2, 'dominant-baseline': 'central', 'text-anchor': 'middle' },
        labels,
      ).textContent = String(rank + 1);
    }
  }
}

function centre(board, square, flipped) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  const { x, y } = corner(board, file, rank, flipped);
  return { x: x + CELL / 2, y: y + CELL / 2 };
}

/** Arrows for diagrams; `numbered` labels them 1, 2, … (the steps of one turn). */
function drawArrows(svg, board, flipped, arrows, numbered) {
  if (!arrows.length) return;
  const defs = svg.querySelector('defs');
  const marker = element(
    'marker',
    {
      id: 'arrow-head',
      viewBox: '0 0 10 10',
      refX: 5,
      refY: 5,
      markerWidth: 4,
      markerHeight: 4,
      orient: 'auto-start-reverse',
    },
    defs,
  );
  element('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' }, marker);
  const layer = element('g', { class: 'arrows' }, svg);
  arrows.forEach(([from, to], index) => {
    const a = centre(board, from, flipped);
    const b = centre(board, to, flipped);
    const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    // Stop short of the target's centre so that the head does not hide the piece there.
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const cut = Math.min(CELL * 0.3, length / 3) / length;
    b.x -= (b.x - a.x) * cut;
    b.y -= (b.y - a.y) * cut;
    element('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: 'arrow', 'marker-end': 'url(#arrow-head)' }, layer);
    if (numbered) {
      element('circle', { cx: middle.x, cy: middle.y, r: CELL * 0.17, class: 'arrow-number' }, layer);
      element(
        'text',
        {
          x: middle.x,
          y: middle.y,
          'dominant-baseline': 'central',
          'text-anchor': 'middle',
          class: 'arrow-number-text',
        },
        layer,
      ).textContent = String(index + 1);
    }
  });
}

/** The square under a pointer event on the board, or null. */
export function squareAt(svg, event) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  const hit = [...svg.querySelectorAll('rect.square')].find((rect) => {
    const x = Number(rect.getAttribute('x'));
    const y = Number(rect.getAttribute('y'));
    return point.x >= x && point.x < x + CELL && point.y >= y && point.y < y + CELL;
  });
  return hit ? hit.dataset.square : null;
}
