// What players of other game sites take for granted, added to the board page: the
// game-over dialog and rematch, sounds, a premove in timed games, "Your turn" in the tab,
// whether the opponent is connected, and takeback requests. The page calls in at a few
// points (a new state, a redraw, a move made, the title).
import { ChatPanel } from './chat-panel.js';
import { GameOver } from './game-over.js';
import { TakebackControls } from './offers.js';
import { parsePosition } from './position.js';
import { Premove } from './premove.js';
import { renderPresence } from './presence.js';
import { rememberToken } from './saved-tokens.js';
import { LowTimeWatch, Sounds, soundForChange } from './sounds.js';
import { TabTitle } from './tab-title.js';

export class PlayExtras {
  constructor(page) {
    this.page = page;
    const act = (action, fields) => page.act(action, fields);
    this.sounds = new Sounds();
    this.lowTime = new LowTimeWatch(() => this.sounds.play('lowtime'));
    this.premove = new Premove();
    this.tabTitle = new TabTitle();
    const status = page.$('#status');
    const buttons = page.$('.button-row'); // the page's own row, before ours are added
    this.takeback = new TakebackControls(page.$('#error'), act);
    this.gameOver = new GameOver(status, page.$('.board-column'), act, (id) => this.rematchUrl(id));
    this.premoveBar = this.makePremoveBar();
    page.$('#error').after(this.premoveBar);
    buttons.append(this.sounds.makeSwitch());
    this.chat = new ChatPanel(page);
    page.$('.moves-panel').after(this.chat.root);
    // A click anywhere on the board drops a queued move (the board takes no input then).
    page.$('#board').addEventListener('pointerdown', () => this.cancelPremove(), { capture: true });
  }

  makePremoveBar() {
    const bar = document.createElement('div');
    bar.id = 'premove-bar';
    bar.className = 'step-bar';
    bar.hidden = true;
    const text = document.createElement('span');
    text.id = 'premove-text';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel premove';
    cancel.addEventListener('click', () => this.cancelPremove());
    bar.append(text, cancel);
    return bar;
  }

  /** The moves the board may offer for a premove now; null when none may be queued. */
  premoveMoves() {
    const { state, viewPly } = this.page;
    if (this.premove.move !== null || !Premove.allowed(state, viewPly)) return null;
    return state.premoves;
  }

  /** A move made on the board: queued if it is the other player's turn (answers whether). */
  queuePremove(move) {
    if (this.premoveMoves() === null) return false;
    this.premove.queue(move, this.page.state.ply);
    this.page.render();
    return true;
  }

  cancelPremove() {
    if (this.premove.cancel()) this.page.render();
  }

  /** After the page took a new state (`previous` is the one before, null at first). */
  stateChanged(previous, state) {
    // Both players go on to the rematch the moment it is agreed (not when a finished game
    // with a rematch is opened later: its panel links to it).
    if (state.rematch && previous && !previous.rematch && state.you.length > 0) {
      this.goToRematch(state);
      return;
    }
    this.takeback.noteChange(previous, state);
    this.gameOver.noteChange(previous, state);
    // Placed pieces are never taken, nor are a race's (borne off is not taken), so only
    // stepping games have captures to hear.
    const stepping = this.page.about.move_style === 'steps';
    const countPieces = (position) => (stepping ? parsePosition(position).pieces.size : 0);
    const sound = soundForChange(previous, state, countPieces);
    if (sound) this.sounds.play(sound);
    if (previous && previous.result.score === '*' && state.result.score !== '*') this.gameOver.open();
    this.chat.update(state);
    const due = this.premove.due(state);
    if (due) this.playPremove(due, state.ply);
    this.renderPanel();
  }

  async playPremove(move, ply) {
    const played = await this.page.act('moves', { move, ply });
    if (!played) this.page.showError(`Your premove ${move} was not played: ${this.page.$('#error').textContent}`);
  }

  goToRematch(state) {
    // Each player's token holds the other colour in the rematch (a page opened by the
    // account alone has no token: the account holds the rematch's seat too).
    if (this.page.token)
      for (const seat of state.you) rememberToken(state.rematch, seat === 'white' ? 'black' : 'white', this.page.token);
    window.location.assign(this.rematchUrl(state.rematch));
  }

  rematchUrl(id) {
    const path = `/play/${encodeURIComponent(id)}`;
    return this.page.state.you.length > 0 && this.page.token
      ? `${path}?token=${encodeURIComponent(this.page.token)}`
      : path;
  }

  /** After the board was drawn. */
  rendered() {
    this.premove.mark(this.page.$('#board'));
  }

  /** After the side panel was drawn. */
  renderPanel() {
    const { state, busy } = this.page;
    renderPresence(this.page.app, state);
    this.takeback.render(state, busy);
    this.gameOver.update(state, busy);
    this.premoveBar.hidden = this.premove.move === null;
    this.page.$('#premove-text').textContent =
      this.premove.move === null
        ? ''
        : `Premove ${this.premove.move}: played when your turn comes. A click on the board cancels it.`;
  }

  /** Every clock tick. */
  clockTicked() {
    const { state, clocks } = this.page;
    if (state?.result.score === '*') this.lowTime.check(state.you, (side) => clocks.remaining(side));
  }

  title(text) {
    this.tabTitle.update(text, this.page.state);
  }
}
