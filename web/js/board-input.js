// Turns clicks, taps and drags on the board into one turn from the legal list: select a
// piece or a line of pieces, pick a marked destination, answer a tie choice, and in Ordo X
// take the second step on the board as it stands after the first. From the keyboard: the
// arrow keys move a cursor over the squares, Enter or Space is a click, Shift+Enter a
// shift-click (the other end of a line).
import { drawBoard, squareAt } from './board-svg.js';
import { lineSquares } from './notation.js';
import { applyStep, groupsOf, squareName } from './position.js';

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

export class BoardInput {
  /** `onTurn(text)` receives a finished turn; `onHint(text)` guidance for the user. */
  constructor(svg, { onTurn, onHint }) {
    this.svg = svg;
    this.onTurn = onTurn;
    this.onHint = onHint;
    this.context = null;
    this.selection = null;
    this.tie = null;
    this.drag = null;
    this.cursor = null; // the square with the board's tab stop
    this.stepPrompt = ''; // what the user is asked between the steps of an Ordo X turn
    // A click does not focus a square: the arrow keys then still step through the moves.
    svg.addEventListener('mousedown', (event) => event.preventDefault());
    svg.addEventListener('pointerdown', (event) => this.pointerDown(event));
    svg.addEventListener('pointermove', (event) => this.pointerMove(event));
    svg.addEventListener('pointerup', (event) => this.pointerUp(event));
    svg.addEventListener('pointercancel', () => (this.drag = null));
  }

  /** Shows a position. `builder` is a TurnBuilder when the user may move, else null. */
  show(context) {
    this.context = context;
    this.stepPrompt = '';
    this.selection = null;
    this.tie = null;
    this.drag = null;
    this.context.builder?.reset();
    this.redraw();
  }

  /** Drops the selection and any first step taken. */
  cancel() {
    if (!this.context) return;
    this.show(this.context);
    this.onHint('');
  }

  /** Keys on a focused square: arrows move the cursor, Enter/Space click. Answers whether taken. */
  handleKey(event) {
    const square = event.target?.dataset?.square;
    if (!square || !this.context || !this.svg.contains(event.target)) return false;
    const arrow = ARROWS[event.key];
    if (arrow) {
      const sign = this.context.flipped ? -1 : 1;
      const { files, ranks } = this.context.board;
      const file = clamp(square.charCodeAt(0) - 97 + sign * arrow[0], files);
      const rank = clamp(Number(square.slice(1)) - 1 + sign * arrow[1], ranks);
      this.moveCursor(squareName(file, rank));
      return true;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      this.cursor = square;
      this.click(square, event.shiftKey);
      return true;
    }
    return false;
  }

  moveCursor(square) {
    this.svg.querySelector('rect.square[tabindex="0"]')?.setAttribute('tabindex', '-1');
    const rect = this.svg.querySelector(`rect.square[data-square="${square}"]`);
    rect.setAttribute('tabindex', '0');
    rect.focus();
    this.cursor = square;
  }

  /** The cursor's square if it is on the board, else the first of the mover's pieces. */
  cursorSquare(board) {
    if (this.cursor && /^[a-z]\d+$/.test(this.cursor)) {
      const file = this.cursor.charCodeAt(0) - 97;
      if (file < board.files && Number(this.cursor.slice(1)) <= board.ranks) return this.cursor;
    }
    const own = board.toMove === 'white' ? 'w' : 'b';
    return [...board.pieces].find(([, letter]) => letter === own)?.[0] ?? squareName(0, 0);
  }

  get interactive() {
    return Boolean(this.context?.builder);
  }

  /** The board as it stands after the steps chosen so far. */
  currentBoard() {
    const { board, builder } = this.context;
    return (builder?.chosen ?? []).reduce((b, step) => applyStep(b, step, step.keep), board);
  }

  ownLetter() {
    return this.context.board.toMove === 'white' ? 'w' : 'b';
  }

  targets() {
    const { builder } = this.context;
    if (!this.selection || !builder) return new Map();
    const { squares, anchor } = this.selection;
    return squares.length === 1 ? builder.singleTargets(anchor) : builder.lineTargets(squares, anchor);
  }

  redraw() {
    const { builder, flipped, lastMarks, label } = this.context;
    const chosen = builder?.chosen ?? [];
    const marks = chosen.length
      ? { from: chosen.flatMap((s) => s.squares), to: chosen.flatMap((s) => s.targets) }
      : { ...(lastMarks ?? {}) };
    let board = this.currentBoard();
    if (this.tie) {
      board = this.tie.board;
      marks.choice = this.tie.options.flatMap((option) => option.group);
    }
    if (this.selection) {
      marks.selected = this.selection.squares;
      marks.targets = [...this.targets().keys()];
    }
    // Redrawing replaces the squares: a focused one gives its focus to its successor.
    const focused = this.svg.contains(document.activeElement);
    this.cursor = this.cursorSquare(board);
    drawBoard(this.svg, board, { flipped, marks, label, keyboard: { cursor: this.cursor, enabled: this.interactive } });
    if (focused) this.svg.querySelector(`rect.square[data-square="${this.cursor}"]`)?.focus();
    this.svg.classList.toggle('interactive', this.interactive);
    this.svg.dataset.step = String(chosen.length);
  }

  pointerDown(event) {
    if (!this.interactive || event.button > 0) return;
    const square = squareAt(this.svg, event);
    if (!square) return;
    event.preventDefault();
    this.svg.setPointerCapture?.(event.pointerId);
    this.drag = { start: square, current: square, line: null, shift: event.shiftKey };
  }

  pointerMove(event) {
    if (!this.drag) return;
    const square = squareAt(this.svg, event);
    if (!square || square === this.drag.current) return;
    this.drag.current = square;
    if (this.tie) return;
    const line = this.ownLine(this.drag.start, square);
    if (line && line.length > 1) {
      this.drag.line = line;
      this.selection = { squares: line, anchor: this.drag.start };
      this.redraw();
    } else if (this.drag.line) {
      // Dragged on past the line: this is a piece being carried, not a line selection.
      this.drag.line = null;
      this.selection = null;
      this.redraw();
    }
  }

  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const end = squareAt(this.svg, event) ?? drag.current;
    if (drag.line) {
      this.hintForLine();
      return;
    }
    if (end === drag.start) {
      this.click(end, drag.shift);
      return;
    }
    // A drag of one piece: select it, then drop it on the destination.
    this.click(drag.start, false);
    if (this.selection) this.click(end, false);
  }

  /** The squares from a to b if they form a straight line of the mover's pieces. */
  ownLine(a, b) {
    const line = lineSquares(a, b);
    const board = this.currentBoard();
    if (!line || !line.every((square) => board.pieces.get(square) === this.ownLetter())) return null;
    return line;
  }

  hintForLine() {
    const count = this.targets().size;
    this.onHint(
      count
        ? `Line of ${this.selection.squares.length} selected: click where ${this.selection.anchor} should go.`
        : `The line ${this.selection.squares[0]}–${this.selection.squares.at(-1)} has no legal move here: choose other pieces.`,
    );
    this.redraw();
  }

  click(square, shift) {
    if (!this.interactive) return;
    if (this.tie) {
      const option = this.tie.options.find((o) => o.group.includes(square));
      if (option) this.takeStep(option.step);
      else this.onHint('Click a piece of one of the marked groups: that group stays.');
      return;
    }
    const targets = this.targets();
    if (this.selection && targets.has(square)) {
      this.takeKey(targets.get(square));
      return;
    }
    const own = this.currentBoard().pieces.get(square) === this.ownLetter();
    if (shift && own && this.selection) {
      const line = this.ownLine(this.selection.anchor, square);
      if (line && line.length > 1) {
        this.selection = { squares: line, anchor: this.selection.anchor };
        this.hintForLine();
        return;
      }
    }
    if (own) {
      this.selection = { squares: [square], anchor: square };
      this.onHint(
        this.targets().size
          ? `${square} selected: click a marked square.`
          : `${square} has no move of its own here; select a line of pieces instead (drag across it).`,
      );
    } else {
      // An unmarked square drops the selection; between two steps the prompt stays.
      this.selection = null;
      this.onHint(this.stepPrompt);
    }
    this.redraw();
  }

  /** A destination was picked: take the step, or first ask which group stays. */
  takeKey(key) {
    const options = this.context.builder.options(key);
    if (options.length === 1) {
      this.takeStep(options[0]);
      return;
    }
    const before = this.currentBoard();
    const board = applyStep(before, options[0], null, false);
    const enemy = this.ownLetter() === 'w' ? 'b' : 'w';
    const groups = groupsOf(board, enemy);
    this.tie = {
      board,
      options: options.map((step) => ({ step, group: groups.find((g) => g.includes(step.keep)) ?? [step.keep] })),
    };
    this.selection = null;
    this.onHint('The capture leaves equal largest groups: click the group that stays.');
    this.redraw();
  }

  takeStep(step) {
    this.tie = null;
    this.selection = null;
    const finished = this.context.builder.choose(step);
    if (finished) {
      this.stepPrompt = '';
      this.onHint('');
      this.onTurn(finished);
      return;
    }
    this.stepPrompt = `First step ${step.text} taken: now the forward step.`;
    this.onHint(this.stepPrompt);
    this.redraw();
  }
}

function clamp(value, count) {
  return Math.max(0, Math.min(count - 1, value));
}
