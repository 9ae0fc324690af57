// The Order and Chaos board: a 6 × 6 grid of squares where the player first chooses the
// symbol (X or O: the buttons, or the keys X and O) and then the empty square to place it
// on (a click, or Enter/Space on a focused square). The last placement is highlighted and,
// at the end, the winning line of five. The server checks every move; the page offers
// only the squares the state's `legal` list allows.
import { svgElement as element } from './dom.js';
const CELL = 100;
const MARGIN = 36;
const SIZE = 6;
const FILES = 'abcdef';

/** The symbols of a position string ("6/6/3x2/2x3/6/6 order", rank 6 first) by square. */
export function parseOcPosition(text) {
  const [rows, toMove] = text.trim().split(/\s+/);
  const symbols = new Map();
  rows.split('/').forEach((row, index) => {
    const rank = SIZE - index;
    let file = 0;
    for (const c of row) {
      if (/[1-6]/.test(c)) file += Number(c);
      else symbols.set(`${FILES[file++]}${rank}`, c.toUpperCase());
    }
  });
  return { symbols, toMove: toMove === 'chaos' ? 'black' : 'white' };
}

/** What a move text ("Xc3") placed: { symbol, square }. */
export function ocPlacement(move) {
  return { symbol: move.slice(0, 1), square: move.slice(1) };
}

export class OcBoardInput {
  constructor(svg, picker, { onTurn }) {
    this.svg = svg;
    this.picker = picker;
    this.onTurn = onTurn;
    this.symbol = 'X';
    this.context = null;
    this.tie = null; // (Ordo's tie choice; none here)
    picker.hidden = false;
    for (const button of picker.querySelectorAll('[data-symbol]')) {
      button.addEventListener('click', () => this.choose(button.dataset.symbol));
    }
    this.syncPicker();
  }

  /** context: { position, legal, canMove, flipped, last, line, label }. */
  show(context) {
    this.context = context;
    this.draw();
  }

  cancel() {}

  choose(symbol) {
    this.symbol = symbol;
    this.syncPicker();
    if (this.context) this.draw();
  }

  /** The keys X and O choose the symbol; answers whether the key was taken. */
  handleKey(event) {
    const key = event.key.toUpperCase();
    if (key !== 'X' && key !== 'O') return false;
    this.choose(key);
    return true;
  }

  syncPicker() {
    for (const button of this.picker.querySelectorAll('[data-symbol]')) {
      button.setAttribute('aria-checked', String(button.dataset.symbol === this.symbol));
    }
  }

  placeable(square) {
    const c = this.context;
    return Boolean(c?.canMove) && c.legal.includes(`${this.symbol}${square}`);
  }

  place(square) {
    if (this.placeable(square)) this.onTurn(`${this.symbol}${square}`);
  }

  draw() {
    const c = this.context;
    const svg = this.svg;
    const { symbols } = parseOcPosition(c.position);
    // Redrawing replaces the squares (after the keys X and O, say): the focused square's
    // successor takes the focus, so that it does not fall back to the page.
    const focused = svg.contains(document.activeElement) ? document.activeElement.dataset?.square : null;
    svg.replaceChildren();
    const width = SIZE * CELL + 2 * MARGIN;
    svg.setAttribute('viewBox', `0 0 ${width} ${width}`);
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', c.label);
    svg.classList.add('oc-board');
    element('rect', { x: 0, y: 0, width, height: width, rx: 14, class: 'board-frame' }, svg);
    const line = new Set(c.line ?? []);
    for (let rank = 1; rank <= SIZE; rank++) {
      for (let f = 0; f < SIZE; f++) {
        const square = `${FILES[f]}${rank}`;
        const column = c.flipped ? SIZE - 1 - f : f;
        const row = c.flipped ? rank - 1 : SIZE - rank;
        const x = MARGIN + column * CELL;
        const y = MARGIN + row * CELL;
        const symbol = symbols.get(square);
        const classes = ['square', (f + rank) % 2 ? 'light' : 'dark'];
        if (c.last?.square === square) classes.push('mark-to');
        if (line.has(square)) classes.push('win-line');
        const open = this.placeable(square);
        if (open) classes.push('placeable');
        const rect = element(
          'rect',
          { x, y, width: CELL, height: CELL, class: classes.join(' '), 'data-square': square },
          svg,
        );
        const name = symbol ? `${square}, ${symbol}` : `${square}, empty`;
        rect.setAttribute('aria-label', open ? `${name}: place ${this.symbol}` : name);
        // Every square may hold the focus; the open ones are in the tab order.
        rect.setAttribute('tabindex', open ? '0' : '-1');
        rect.setAttribute('role', open ? 'button' : 'img');
        rect.addEventListener('click', () => this.place(square));
        rect.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            this.place(square);
          }
        });
        if (symbol) this.drawSymbol(x, y, square, symbol, line.has(square));
      }
    }
    for (let i = 0; i < SIZE; i++) {
      const file = c.flipped ? FILES[SIZE - 1 - i] : FILES[i];
      const rank = c.flipped ? i + 1 : SIZE - i;
      element(
        'text',
        {
          x: MARGIN + i * CELL + CELL / 2,
          y: width - 10,
          class: 'coord',
          'text-anchor': 'middle',
          'aria-hidden': 'true',
        },
        svg,
      ).textContent = file;
      element(
        'text',
        { x: 18, y: MARGIN + i * CELL + CELL / 2 + 8, class: 'coord', 'text-anchor': 'middle', 'aria-hidden': 'true' },
        svg,
      ).textContent = String(rank);
    }
    if (focused) svg.querySelector(`rect[data-square="${focused}"]`)?.focus();
  }

  drawSymbol(x, y, square, symbol, inLine) {
    const group = element(
      'g',
      {
        class: `oc-symbol oc-${symbol.toLowerCase()}${inLine ? ' in-line' : ''}`,
        'data-square': square,
        'data-symbol': symbol,
        'pointer-events': 'none',
      },
      this.svg,
    );
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    const r = CELL * 0.3;
    if (symbol === 'X') {
      element('line', { x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r }, group);
      element('line', { x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r }, group);
    } else {
      element('circle', { cx, cy, r }, group);
    }
  }
}
