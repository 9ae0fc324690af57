// The board page: shows a game's state, takes the user's moves and actions, follows
// live updates, and replays earlier positions from the move list.
import { api } from './api.js';
import { BoardInput } from './board-input.js';
import { OcBoardInput, ocPlacement, parseOcPosition } from './oc-board.js';
import { TablesBoardInput } from './tables-board.js';
import { WIDTH as TABLES_WIDTH, HEIGHT as TABLES_HEIGHT } from './tables-layout.js';
import { ClockView } from './clock.js';
import { AnalysisView } from './analysis-view.js';
import { MoveList, moveLabel } from './move-list.js';
import { MoveAnnouncer } from './move-announcer.js';
import { parsePosition } from './position.js';
import { TurnBuilder } from './turn-builder.js';
import { describeGameKind, renderClocks, renderPlayers, renderStatus } from './game-panels.js';
import { gameLabel } from './game-types.js';
import { playerLabel, sideName } from './game-text.js';
import { PlayExtras } from './play-extras.js';
import { ClaimWin } from './claim-win.js';

export function showGamePage(app, id, token) {
  new GamePage(app, id, token).start();
}

class GamePage {
  constructor(app, id, token) {
    this.app = app;
    this.id = id;
    this.token = token;
    this.state = null;
    this.viewPly = null; // null: the live position; else a ply shown read-only
    this.flipped = false;
    this.busy = false;
    this.live = false; // the event stream is connected
    this.connectionLost = false; // told to screen readers until the stream is back
    this.eventsSeen = 0; // states received from the event stream
  }

  $(selector) {
    return this.app.querySelector(selector);
  }

  async start() {
    this.app.replaceChildren(document.getElementById('play-template').content.cloneNode(true));
    this.clocks = new ClockView(() => this.renderClocks());
    this.analysis = new AnalysisView(this.$('.analysis'), { id: this.id, token: this.token });
    this.moveList = new MoveList(this.$('#move-list'), (ply) => this.view(ply));
    this.announcer = new MoveAnnouncer(this.$('#announcer'));
    this.bindControls();
    this.extras = new PlayExtras(this);
    this.claimWin = new ClaimWin(this);
    try {
      const state = await api.state(this.id, this.token);
      this.makeInput(state.about);
      this.applyState(state);
    } catch (error) {
      this.app.innerHTML =
        '<section class="panel"><h1>Game not available</h1><p class="error" role="alert"></p><p><a href="/">Back to the start page</a></p></section>';
      this.app.querySelector('.error').textContent = error.message;
      return;
    }
    this.follow();
  }

  /**
   * The board input for how the game's moves are made (the server's `about`): pieces that
   * step from square to square, or pieces placed on empty squares.
   */
  makeInput(about) {
    this.about = about;
    this.placement = about.move_style === 'placement';
    this.tables = about.move_style === 'tables';
    this.$('#move-input').placeholder = about.example_move;
    if (this.tables) {
      this.input = new TablesBoardInput(this.$('#board'), this.$('#tables-controls'), {
        onTurn: (text) => this.play(text),
        onHint: (text) => this.showHint(text),
      });
      this.$('.hint .fine-pointer').textContent =
        `Click a piece, then one of the marked places (the number is the die it uses), or drag it there; the turn is sent when its last die is played, and Undo die takes a die back first. On the board (Tab to it) the arrow keys move between the points and trays, Enter picks up and puts down, Backspace undoes a die. ${about.goal}`;
      this.$('.hint .coarse-pointer').textContent =
        `Tap a piece, then a marked place (the number is the die it uses). The turn is sent when its last die is played; Undo die takes a die back first. ${about.goal}`;
      return;
    }
    if (this.placement) {
      this.input = new OcBoardInput(this.$('#board'), this.$('#symbol-picker'), { onTurn: (text) => this.play(text) });
      const pieces = about.pieces.join(' or ');
      this.$('.hint .fine-pointer').textContent =
        `Choose ${pieces} (buttons or the keys ${pieces}), then click an empty square (or Tab to it and press Enter). ${about.goal} Arrow keys step through the moves.`;
      this.$('.hint .coarse-pointer').textContent = `Choose ${pieces}, then tap an empty square. ${about.goal}`;
      return;
    }
    this.input = new BoardInput(this.$('#board'), {
      onTurn: (text) => this.play(text),
      onHint: (text) => this.showHint(text),
    });
  }

  bindControls() {
    const on = (selector, handler) => this.$(selector).addEventListener('click', handler);
    on('#flip', () => {
      this.flipped = !this.flipped;
      this.render();
    });
    on('#undo', () => this.act('undo'));
    on('#resign', () => {
      if (window.confirm(this.resignQuestion())) this.act('resign');
    });
    on('#abort', () => {
      if (window.confirm('Abort this game? Nobody wins and no rating changes.')) this.act('abort');
    });
    on('#draw-offer', () => this.act('draw', { action: 'offer' }));
    on('#draw-accept', () => this.act('draw', { action: 'accept' }));
    on('#draw-decline', () => this.act('draw', { action: 'decline' }));
    on('#move-now', () => this.act('move-now'));
    on('#step-cancel', () => {
      this.input.cancel();
      this.showHint('');
    });
    on('#nav-first', () => this.view(0));
    on('#nav-prev', () => this.view(this.shownPly() - 1));
    on('#nav-next', () => this.view(this.shownPly() + 1));
    on('#nav-last', () => this.view(null));
    this.$('#move-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const input = this.$('#move-input');
      const move = input.value.trim();
      if (!move) return;
      // The server reads every accepted notation and explains a rejected move; the text
      // stays in the field until the move is accepted.
      if (await this.play(move)) input.value = '';
    });
    document.addEventListener('keydown', (event) => this.key(event));
  }

  /** On one screen the side to move resigns: the question says which. */
  resignQuestion() {
    const s = this.state;
    const side = s.you.length === 2 ? s.to_move : s.you[0];
    return `Resign this game for ${playerLabel(side, s)}?`;
  }

  key(event) {
    if (!this.state || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.('input:not([type=checkbox]), textarea, select')) return;
    if (this.input?.handleKey?.(event)) {
      event.preventDefault();
      return;
    }
    const moves = {
      ArrowLeft: () => this.view(this.shownPly() - 1),
      ArrowRight: () => this.view(this.shownPly() + 1),
      Home: () => this.view(0),
      End: () => this.view(null),
      Escape: () => this.input.cancel(),
    };
    if (moves[event.key]) {
      event.preventDefault();
      moves[event.key]();
    }
  }

  /**
   * Live updates. EventSource reconnects by itself after a network failure, but gives up
   * on an error status (503 when the server has too many streams open): then the page
   * fetches the state once and opens a new stream after a growing pause.
   */
  follow(pause = 2000) {
    const source = new EventSource(api.eventsUrl(this.id, this.token));
    source.addEventListener('state', (event) => {
      this.eventsSeen++;
      this.applyState(JSON.parse(event.data));
    });
    source.addEventListener('open', () => {
      // The banner is drawn by CSS, which screen readers do not read: its changes are said.
      if (this.connectionLost) this.$('#announcer').textContent = 'Connection back.';
      this.connectionLost = false;
      this.live = true;
      this.$('#status').classList.remove('offline');
    });
    source.addEventListener('error', () => {
      if (!this.connectionLost) this.$('#announcer').textContent = 'Connection lost; reconnecting…';
      this.connectionLost = true;
      this.live = false;
      this.$('#status').classList.add('offline');
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(() => {
        api.state(this.id, this.token).then(
          (state) => this.applyState(state),
          () => {},
        );
        this.follow(Math.min(pause * 2, 30000));
      }, pause);
    });
  }

  applyState(state) {
    const first = !this.state;
    const changed = first || state.ply !== this.state.ply || state.position !== this.state.position;
    const previous = this.state;
    const previousAi = this.state?.ai?.thinking;
    this.state = state;
    this.announcer.update(state);
    if (!first) this.noticeDeclinedDraw(previous, state);
    if (first) {
      // The second seat sees the board from its own edge, where the board has edges of
      // its own for each side (not in Order and Chaos).
      this.flipped = state.about.board_has_sides && state.you.length === 1 && state.you[0] === 'black';
    }
    if (this.viewPly !== null && this.viewPly >= state.ply) this.viewPly = null;
    // A refused action's message is about a position that the game has now left (the event
    // stream may bring the accepted move before the action's own answer).
    if (!first && changed) {
      this.showError('');
      this.$('#step-text').textContent = '';
    }
    this.clocks.update(state.clock);
    // Redraw the board only when needed, so that a turn being built is not reset by an
    // update that does not touch it (a draw offer, the clock).
    const movable = this.takesInput() !== Boolean(this.input.interactive);
    if (changed || movable || previousAi !== state.ai?.thinking || !this.input.context) this.render();
    else this.renderPanel();
    this.extras.stateChanged(previous, state);
  }

  /** Tells the player whose draw offer went away unanswered by a move or the end. */
  noticeDeclinedDraw(previous, state) {
    const offer = previous.draw_offer;
    const declined =
      offer &&
      !state.draw_offer &&
      state.mode !== 'local' &&
      state.you.includes(offer) &&
      state.ply === previous.ply &&
      state.result.score === '*';
    if (declined) this.showError('Your draw offer was declined.');
  }

  shownPly() {
    return this.viewPly ?? this.state.ply;
  }

  view(ply) {
    if (!this.state) return;
    const target = ply === null || ply >= this.state.ply ? null : Math.max(0, ply);
    if (target === this.viewPly) return;
    this.viewPly = target;
    this.render();
  }

  positionAt(ply) {
    return ply === 0 ? this.state.start : this.state.moves[ply - 1].position;
  }

  canMove() {
    const s = this.state;
    return (
      this.viewPly === null && !this.busy && s.result.score === '*' && s.you.includes(s.to_move) && !s.ai?.thinking
    );
  }

  /** The board takes a move: the player's turn, or a premove while the other one thinks. */
  takesInput() {
    return this.canMove() || this.extras.premoveMoves() !== null;
  }

  render() {
    if (this.tables) {
      this.renderTables();
      return;
    }
    if (this.placement) {
      this.renderPlacement();
      return;
    }
    const s = this.state;
    const ply = this.shownPly();
    const board = parsePosition(this.positionAt(ply));
    // The squares the move changed, live and in replay alike, as the server marks them.
    const lastMarks = ply > 0 ? s.moves[ply - 1].marks : null;
    const premoves = this.extras.premoveMoves();
    this.input.show({
      // A premove is built on the board as if it were the waiting player's turn.
      board: premoves ? { ...board, toMove: s.you[0] } : board,
      builder: this.canMove() ? new TurnBuilder(s.legal) : premoves && new TurnBuilder(premoves),
      flipped: this.flipped,
      lastMarks,
      label: `Board, ${sideName(board.toMove, s.sides)} to move${this.viewPly === null || ply === 0 ? '' : `, after ${moveLabel(s, ply)} (read-only)`}`,
    });
    // The board's width/height ratio, so that CSS can fit the whole board on the screen.
    const aspect = (board.files * 100 + 72) / (board.ranks * 100 + 72);
    this.$('.board-column').style.setProperty('--board-aspect', aspect.toFixed(4));
    this.$('#board').dataset.ply = String(ply);
    this.$('#board').dataset.live = String(this.viewPly === null);
    this.extras.rendered();
    this.moveList.render(s, ply);
    this.renderPanel();
  }

  /** A board of placed pieces at the shown ply (the deciding line only live). */
  renderPlacement() {
    const s = this.state;
    const ply = this.shownPly();
    const live = this.viewPly === null;
    const position = this.positionAt(ply);
    const side = parseOcPosition(position).toMove;
    this.input.show({
      position,
      legal: s.legal,
      canMove: this.takesInput(),
      flipped: this.flipped,
      last: ply > 0 ? ocPlacement(s.moves[ply - 1].move) : null,
      line: live ? s.line : [],
      label: `Board, ${sideName(side, s.sides)} to move${live || ply === 0 ? '' : `, after ${moveLabel(s, ply)} (read-only)`}`,
    });
    this.$('.board-column').style.setProperty('--board-aspect', '1');
    this.$('#board').dataset.ply = String(ply);
    this.$('#board').dataset.live = String(live);
    this.extras.rendered();
    this.moveList.render(s, ply);
    this.renderPanel();
  }

  /**
   * A tables board at the shown ply: the dice of the position's roll, the last turn
   * marked, and a pass told in words (the server plays a pass by itself).
   */
  renderTables() {
    const s = this.state;
    const ply = this.shownPly();
    const live = this.viewPly === null;
    const position = this.positionAt(ply);
    const turns = s.moves.slice(0, ply).filter((move) => !move.roll);
    const lastTurn = turns.at(-1) ?? null;
    let notice = '';
    if (lastTurn?.move === 'pass') {
      const at = s.moves.lastIndexOf(lastTurn);
      const roll = s.moves[at - 1]?.roll ? ` with ${s.moves[at - 1].move.split('').join('-')}` : '';
      notice = `${sideName(lastTurn.by, s.sides)}: no move${roll}, pass`;
    }
    const side = position.split(/\s+/)[1] === 'b' ? 'black' : 'white';
    const roll = position.split(/\s+/)[2];
    this.input.show({
      position,
      sequences: live ? (s.sequences ?? s.legal) : [],
      canMove: live && this.canMove(),
      bottom: this.flipped ? 'black' : 'white',
      sides: s.sides,
      lastTurn: lastTurn && lastTurn.move !== 'pass' ? lastTurn : null,
      notice,
      label: `Board, ${sideName(side, s.sides)} to move${roll && roll !== '-' ? `, roll ${roll.split('').join(' and ')}` : ''}${live || ply === 0 ? '' : `, after ${moveLabel(s, ply)} (read-only)`}`,
    });
    this.$('.board-column').style.setProperty('--board-aspect', (TABLES_WIDTH / TABLES_HEIGHT).toFixed(4));
    this.$('#board').dataset.ply = String(ply);
    this.$('#board').dataset.live = String(live);
    this.extras.rendered();
    this.moveList.render(s, ply);
    this.renderPanel();
  }

  renderPanel() {
    const s = this.state;
    const title = this.about.title;
    this.extras.title(
      `${title} — ${s.players?.white ?? sideName('white', s.sides)} vs ${s.players?.black ?? sideName('black', s.sides)}`,
    );
    this.$('#game-title').textContent = `${title}: ${playerLabel('white', s)} against ${playerLabel('black', s)}`;
    this.analysis.show(s, this.shownPly(), this.positionAt(this.shownPly()));
    renderStatus(this.$('#status'), s, this.viewPly);
    renderPlayers(this.app, s, this.flipped);
    this.renderClocks();
    this.renderButtons();
    this.claimWin.render(s);
    this.extras.renderPanel();
    this.$('#game-kind').textContent = describeGameKind(s, gameLabel(s.game, s.rules, s.size));
    this.$('#house-rules').textContent = s.house_rules?.length
      ? `House rules in this game: ${s.house_rules.join('; ')}.`
      : '';
    this.$('#export').href = api.recordUrl(this.id);
    this.$('#export-match').hidden = !s.match;
    if (s.match) this.$('#export-match').href = api.matchRecordUrl(this.id);
    this.syncStepBar();
  }

  /** The bar shows guidance whenever there is some, and the cancel button mid-turn. */
  syncStepBar() {
    const builder = this.input.builder ?? this.input.context?.builder;
    const midTurn = Boolean(builder?.chosen.length || this.input.tie || (this.input.selection ?? null) !== null);
    this.$('#step-bar').hidden = !midTurn && !this.$('#step-text').textContent;
    this.$('#step-cancel').hidden = !midTurn;
  }

  renderClocks() {
    renderClocks(this.app, this.clocks);
    this.extras?.clockTicked();
  }

  renderButtons() {
    const s = this.state;
    const over = s.result.score !== '*';
    const player = s.you.length > 0;
    const show = (selector, visible, enabled = true) => {
      const button = this.$(selector);
      button.hidden = !visible;
      button.disabled = !enabled || this.busy;
    };
    // A game with dice has no takebacks (the next roll is known): docs/api.md.
    show(
      '#undo',
      player && (s.mode === 'ai' || s.mode === 'local') && !this.about.chance,
      s.ply > 0 && !s.result.by_players,
    );
    // Until each side has moved the game is aborted, not resigned (docs/api.md).
    show('#abort', player && !over && Boolean(s.abortable));
    show('#resign', player && !over && !s.abortable);
    const otherOffered = s.draw_offer && (s.mode === 'local' || !s.you.includes(s.draw_offer));
    show('#draw-offer', player && !over && !s.draw_offer && s.draws !== false);
    show('#draw-accept', player && !over && Boolean(otherOffered));
    show('#draw-decline', player && !over && Boolean(otherOffered));
    show('#move-now', player && Boolean(s.ai?.thinking));
    this.$('#move-form').hidden = !player || over;
    this.$('#symbol-picker').hidden = !this.placement || !player || over;
    this.$('#tables-controls').hidden = !this.tables || !player || over;
    this.$('#move-form button').disabled = !this.takesInput();
    this.$('#nav-first').disabled = this.shownPly() === 0;
    this.$('#nav-prev').disabled = this.shownPly() === 0;
    this.$('#nav-next').disabled = this.viewPly === null;
    this.$('#nav-last').disabled = this.viewPly === null;
  }

  showHint(text) {
    this.$('#step-text').textContent = text;
    this.syncStepBar();
    this.$('#board').dataset.hint = text;
  }

  showError(message) {
    const box = this.$('#error');
    box.textContent = message;
    box.hidden = !message;
  }

  play(move) {
    if (this.extras.queuePremove(move)) return Promise.resolve(true);
    return this.act('moves', { move, ply: this.state.ply });
  }

  /**
   * Sends an action; on failure the shown game stays as it was and the reason is shown.
   * Answers whether the server accepted it.
   */
  /**
   * Sends `action` for this seat. Its refusal goes to the move-error box, or to `onError`
   * where given (a panel with a box of its own: the chat), which gets null on success.
   */
  async act(action, fields = {}, { onError } = {}) {
    if (this.busy) return false;
    this.busy = true;
    this.renderButtons();
    const eventsBefore = this.eventsSeen;
    try {
      const state = await api.act(this.id, action, { token: this.token, ...fields });
      if (onError) onError(null);
      else this.showError('');
      this.busy = false;
      // If the event stream delivered a state meanwhile, it may be newer than this answer
      // (the engine's reply, say); the stream also brings the state this action made.
      if (this.live && this.eventsSeen !== eventsBefore) {
        this.render();
        return true;
      }
      if (
        action === 'draw' &&
        fields.action === 'offer' &&
        state.mode === 'ai' &&
        inProgress(state) &&
        !state.draw_offer
      ) {
        this.showError('The engine declines the draw.');
      }
      this.applyState(state);
      return true;
    } catch (error) {
      this.busy = false;
      if (onError) onError(error);
      else this.showError(error.message);
      this.render();
      return false;
    }
  }
}

function inProgress(state) {
  return state.result.score === '*';
}
