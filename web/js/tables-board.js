// The tables board's input: a turn built die by die (tables-turns.js) by clicking or
// tapping a piece and then a marked point or tray, or by dragging; the marks show where
// each die left can take the piece, and each die's step is told in words. A partial turn
// can be undone die by die; the whole turn is sent at once, in one request, when its last
// die is played. Forced steps may play themselves (an option, kept in the browser). From
// the keyboard: the arrow keys move over the points and trays (one tab stop), Enter or
// Space is a click, Backspace or U undoes a die.
import { drawTables, sidePoint, whitePoint } from './tables-svg.js';
import { pointPlace } from './tables-layout.js';
import { OFF, diceOf, parseTablesPosition } from './tables-position.js';
import { TablesTurnBuilder, describeStep } from './tables-turns.js';

const AUTO_KEY = 'ordo.tables.autoForced';

/** The keys of the hit targets in their visual rows, left to right, for the bottom player. */
function visualRows() {
  const top = [];
  const bottom = [];
  for (let point = 1; point <= 24; point++) (pointPlace(point).row === 'top' ? top : bottom).push(point);
  top.sort((a, b) => pointPlace(a).x - pointPlace(b).x);
  bottom.sort((a, b) => pointPlace(a).x - pointPlace(b).x);
  return { top, bottom };
}

const dieWords = (dice) => dice.map((d) => d.value).join(' and ');

export class TablesBoardInput {
  /** `controls`: the element with the undo button and the forced-moves checkbox. */
  constructor(svg, controls, { onTurn, onHint }) {
    this.svg = svg;
    this.controls = controls;
    this.onTurn = onTurn;
    this.onHint = onHint;
    this.context = null;
    this.builder = null;
    this.selection = null; // White's point of the piece picked up
    this.cursor = null; // the data-key of the tab stop
    this.drag = null;
    this.tie = null; // (Ordo's tie choice; none here)
    controls.hidden = false;
    this.undoButton = controls.querySelector('[data-tables=undo]');
    this.autoBox = controls.querySelector('[data-tables=auto]');
    this.undoButton.addEventListener('click', () => this.undoStep());
    this.autoBox.checked = localStorage.getItem(AUTO_KEY) === '1';
    this.autoBox.addEventListener('change', () => {
      localStorage.setItem(AUTO_KEY, this.autoBox.checked ? '1' : '0');
      if (this.autoBox.checked) this.playForced();
    });
    svg.addEventListener('mousedown', (event) => event.preventDefault());
    svg.addEventListener('pointerdown', (event) => this.pointerDown(event));
    svg.addEventListener('pointerup', (event) => this.pointerUp(event));
    svg.addEventListener('pointercancel', () => (this.drag = null));
    svg.addEventListener('click', (event) => {
      const key = event.target.closest?.('[data-key]')?.dataset.key;
      // The click that ends a drag belongs to the drag.
      if (key && !(performance.now() - this.dragEnd < 400)) this.click(key);
    });
  }

  /**
   * context: { position (string), sequences, canMove, bottom, sides, lastTurn ({ by, marks }
   * | null), notice, label }.
   */
  show(context) {
    this.context = context;
    this.position = parseTablesPosition(context.position);
    const ready = context.canMove && this.position.roll && context.sequences?.length;
    this.builder = ready ? new TablesTurnBuilder(this.position, context.sequences) : null;
    this.selection = null;
    this.redraw();
    if (this.builder?.pass) {
      this.onHint(`No legal move with ${dieWords(this.builder.diceState())}: the turn passes.`);
      this.onTurn('pass');
    } else if (this.builder && this.autoBox.checked) this.playForced();
  }

  /** The page's "Cancel this turn": back to the start of the turn. */
  cancel() {
    if (!this.builder) return;
    this.builder.reset();
    this.selection = null;
    this.onHint('');
    this.redraw();
  }

  /** Whether the board is taking a turn now. */
  get interactive() {
    return Boolean(this.builder);
  }

  get mover() {
    return this.position.toMove;
  }

  /** The mover's point of a data-key ("13": White's 13) or OFF for a tray. */
  ownPoint(key) {
    return key.startsWith('off') ? OFF : sidePoint(Number(key), this.mover);
  }

  targets() {
    if (!this.builder || this.selection === null) return new Map();
    const found = this.builder.targets(sidePoint(this.selection, this.mover));
    return new Map([...found].map(([to, step]) => [to === OFF ? 'off' : whitePoint(to, this.mover), step]));
  }

  redraw() {
    const c = this.context;
    const builder = this.builder;
    const chosen = builder?.chosen ?? [];
    const toWhite = (point, side) => (point === 'off' || point === OFF ? null : whitePoint(Number(point), side));
    let marks = {};
    if (chosen.length) {
      marks = {
        from: chosen.map((s) => toWhite(s.from, this.mover)),
        to: chosen.map((s) => toWhite(s.to, this.mover)).filter(Boolean),
      };
    } else if (c.lastTurn) {
      const { by, marks: last } = c.lastTurn;
      marks = {
        from: (last.from ?? []).map((p) => toWhite(p, by)).filter(Boolean),
        to: (last.to ?? []).map((p) => toWhite(p, by)).filter(Boolean),
      };
    }
    if (builder) {
      marks.movable = builder.movablePoints().map((p) => whitePoint(p, this.mover));
      marks.selected = this.selection;
      marks.targets = new Map([...this.targets()].map(([key, step]) => [key, step.die]));
    }
    const dice = builder ? builder.diceState() : diceOf(this.position.roll).map((value) => ({ value, used: false }));
    const focused = this.svg.contains(document.activeElement);
    this.cursor = this.cursorKey(marks);
    drawTables(this.svg, {
      position: builder ? builder.position() : this.position,
      bottom: c.bottom,
      sides: c.sides,
      dice,
      marks,
      notice: c.notice,
      label: c.label,
      keyboard: { cursor: this.cursor, enabled: Boolean(builder) },
    });
    if (focused) this.svg.querySelector(`[data-key="${this.cursor}"]`)?.focus();
    this.svg.classList.toggle('interactive', Boolean(builder));
    this.svg.dataset.step = String(chosen.length);
    this.svg.dataset.dice = dice.map((d) => `${d.value}${d.used ? 'u' : ''}`).join(' ');
    this.undoButton.disabled = !chosen.length;
  }

  /** Keeps the tab stop where it was, else on the selection, a target or a movable piece. */
  cursorKey(marks) {
    if (this.cursor && this.svg.contains(document.activeElement)) return this.cursor;
    const first = marks.selected ?? marks.movable?.[0];
    return first ? String(first) : (this.cursor ?? String(whitePoint(24, this.context.bottom)));
  }

  click(key) {
    if (!this.builder) return;
    this.cursor = key;
    const targets = this.targets();
    const target = key.startsWith('off') ? 'off' : Number(key);
    if (this.selection !== null && targets.has(target)) {
      this.takeStep(targets.get(target));
      return;
    }
    const own = this.ownPoint(key);
    if (own !== OFF && this.builder.movablePoints().includes(own) && this.selection !== Number(key)) {
      this.selection = Number(key);
      const choices = [...this.builder.targets(own).values()].map(describeStep);
      this.onHint(`${own} picked up: ${choices.join(', or ')}.`);
    } else {
      this.selection = null;
      this.onHint(this.builder.chosen.length ? this.progress() : '');
    }
    this.redraw();
  }

  /** What has been played of the turn and what is left, in words. */
  progress() {
    const played = this.builder.chosen.map(describeStep).join(', ');
    const left = this.builder.diceState().filter((d) => !d.used);
    return `Played ${played}${left.length ? `; ${dieWords(left)} to play` : ''}.`;
  }

  takeStep(step) {
    this.selection = null;
    const finished = this.builder.choose(step);
    if (finished) {
      this.onHint('');
      this.redraw();
      this.onTurn(finished);
      return;
    }
    this.onHint(this.progress());
    this.redraw();
    if (this.autoBox.checked) this.playForced();
  }

  /** Plays the steps that have no alternative, one by one (the whole turn if it is forced). */
  playForced() {
    const step = this.builder?.forcedStep();
    if (step && !this.builder.finished()) this.takeStep(step);
  }

  undoStep() {
    if (!this.builder?.undo()) return;
    this.selection = null;
    this.onHint(this.builder.chosen.length ? this.progress() : 'The turn is back at its start.');
    this.redraw();
  }

  /** Arrow keys, Enter/Space and Backspace/U on the focused board; answers whether taken. */
  handleKey(event) {
    const key = event.target?.dataset?.key;
    if (!key || !this.context || !this.svg.contains(event.target)) return false;
    if (event.key === 'Enter' || event.key === ' ') {
      this.click(key);
      return true;
    }
    if (event.key === 'Backspace' || event.key === 'u' || event.key === 'U') {
      this.undoStep();
      return true;
    }
    const next = this.neighbour(key, event.key);
    if (!next) return false;
    this.svg.querySelector('[data-key][tabindex="0"]')?.setAttribute('tabindex', '-1');
    const hit = this.svg.querySelector(`[data-key="${next}"]`);
    hit.setAttribute('tabindex', '0');
    hit.focus();
    this.cursor = next;
    return true;
  }

  /** The key beside `key` in the arrow's direction, as the board is drawn. */
  neighbour(key, arrow) {
    const bottom = this.context.bottom;
    const top = bottom === 'white' ? 'black' : 'white';
    const rows = visualRows();
    const keys = {
      top: [...rows.top.map((p) => String(whitePoint(p, bottom))), `off-${top}`],
      bottom: [...rows.bottom.map((p) => String(whitePoint(p, bottom))), `off-${bottom}`],
    };
    const row = keys.top.includes(key) ? 'top' : 'bottom';
    const at = keys[row].indexOf(key);
    if (arrow === 'ArrowLeft') return keys[row][Math.max(0, at - 1)];
    if (arrow === 'ArrowRight') return keys[row][Math.min(keys[row].length - 1, at + 1)];
    if (arrow === 'ArrowUp' || arrow === 'ArrowDown') return keys[arrow === 'ArrowUp' ? 'top' : 'bottom'][at];
    return null;
  }

  pointerDown(event) {
    if (!this.builder || event.button > 0) return;
    const key = event.target.closest?.('[data-key]')?.dataset.key;
    if (key) this.drag = { start: key };
  }

  /** A drag from a movable piece to a marked place: picked up, then put down. */
  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const end = document.elementFromPoint(event.clientX, event.clientY)?.closest?.('[data-key]')?.dataset.key;
    if (!end || end === drag.start) return;
    this.dragEnd = performance.now();
    this.selection = null;
    this.click(drag.start);
    if (this.selection !== null) this.click(end);
  }
}
