// The end of a game: a dialog with the result and its reason when the game ends while the
// page is open, and the same choices under the status for as long as the game is shown:
// Rematch (colours swapped, same settings; in a network game the other player accepts)
// and New game; in a match that goes on, its next game instead of a rematch.
import { describeResult, sideName } from './game-text.js';
import { matchOutcome } from './match-text.js';

/** "Ratings: Ann 1500 → 1662 (+162), Bob 1500 → 1338 (−162)" after a rated game, else ''. */
export function ratingChangeText(state) {
  const changes = state.rating_changes;
  if (!changes) return '';
  const parts = [];
  for (const seat of ['white', 'black']) {
    const c = changes[seat];
    if (!c) continue;
    const delta = Math.round(c.change);
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
    parts.push(`${state.players[seat]} ${Math.round(c.before)} → ${Math.round(c.after)} (${sign}${Math.abs(delta)})`);
  }
  return parts.length ? `Ratings: ${parts.join(', ')}` : '';
}

function button(text, className = '') {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (className) b.className = className;
  return b;
}

/** Rematch, accept/decline, New game and a line of text, built twice (dialog and panel). */
class RematchChoices {
  constructor(act, idPrefix, rematchUrl) {
    this.rematchUrl = rematchUrl;
    this.root = document.createElement('div');
    this.root.className = 'rematch-choices';
    this.text = document.createElement('p');
    this.text.className = 'rematch-text';
    this.ratings = document.createElement('p');
    this.ratings.className = 'rating-change';
    this.rematch = button('Rematch', 'primary');
    this.accept = button('Accept rematch', 'primary');
    this.decline = button('Decline rematch');
    this.newGame = document.createElement('a');
    this.newGame.className = 'button';
    this.newGame.href = '/';
    this.newGame.textContent = 'New game';
    this.follow = document.createElement('a');
    this.follow.className = 'button';
    for (const [name, b] of [
      ['rematch', this.rematch],
      ['accept', this.accept],
      ['decline', this.decline],
    ]) {
      b.id = `${idPrefix}-${name}`;
    }
    this.rematch.addEventListener('click', () => act('rematch', { action: 'offer' }));
    this.accept.addEventListener('click', () => act('rematch', { action: 'accept' }));
    this.decline.addEventListener('click', () => act('rematch', { action: 'decline' }));
    const row = document.createElement('div');
    row.className = 'button-row';
    row.append(this.rematch, this.accept, this.decline, this.follow, this.newGame);
    this.root.append(this.ratings, this.text, row);
  }

  render(state, note, busy) {
    this.ratings.textContent = ratingChangeText(state);
    this.ratings.hidden = !this.ratings.textContent;
    const seat = state.you.length === 1 ? state.you[0] : null;
    const player = state.you.length > 0;
    const offer = state.rematch_offer;
    const theirs = state.mode === 'network' && offer !== null && offer !== seat;
    // A match that goes on: its next game was agreed with the match (made when this one
    // ended; the button asks for it again should that have failed).
    const match = state.match;
    const matchGoesOn = Boolean(match && !match.over);
    const following = matchGoesOn ? match.next : state.rematch;
    this.follow.hidden = !following;
    if (following) {
      this.follow.href = this.rematchUrl(following);
      if (matchGoesOn) this.follow.textContent = player ? 'Next game' : 'Watch the next game';
      else this.follow.textContent = player ? 'Go to the rematch' : 'Watch the rematch';
    }
    this.rematch.hidden = !player || theirs || Boolean(following);
    this.rematch.disabled = busy || (offer !== null && offer === seat);
    const again = matchGoesOn ? 'Start the next game' : match ? 'New match' : 'Rematch';
    this.rematch.textContent = offer !== null && offer === seat ? 'Rematch offered' : again;
    this.accept.hidden = !theirs;
    this.decline.hidden = !theirs;
    // Set from this render's `busy` alone: a render while an action was in flight must not
    // leave them disabled once it is answered.
    this.accept.disabled = busy;
    this.decline.disabled = busy;
    let text = note;
    if (theirs) text = `${sideName(offer, state.sides)} offers a rematch with the colours swapped.`;
    else if (offer !== null && offer === seat) text = 'Rematch offered; waiting for the other player.';
    this.text.textContent = text;
    this.text.hidden = !text;
  }
}

export class GameOver {
  constructor(anchor, host, act, rematchUrl) {
    this.dialog = document.createElement('dialog');
    this.dialog.id = 'game-over';
    this.dialog.className = 'game-over';
    this.dialog.setAttribute('aria-labelledby', 'game-over-title');
    const title = document.createElement('h2');
    title.id = 'game-over-title';
    title.textContent = 'Game over';
    this.title = title;
    this.result = document.createElement('p');
    this.result.className = 'game-over-result';
    this.matchResult = document.createElement('p');
    this.matchResult.className = 'game-over-match';
    this.choices = new RematchChoices(act, 'dialog', rematchUrl);
    const close = button('Close');
    close.id = 'game-over-close';
    close.setAttribute('aria-label', 'Close the game-over dialog');
    close.addEventListener('click', () => this.close());
    this.dialog.append(title, this.result, this.matchResult, this.choices.root, close);
    this.dialog.addEventListener('close', () => this.render());
    // Not modal (the board stays usable for replaying), so Escape is handled here.
    this.dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      this.close();
    });
    host.append(this.dialog);

    this.panel = new RematchChoices(act, 'panel', rematchUrl);
    this.panel.root.id = 'after-game';
    anchor.after(this.panel.root);
    this.state = null;
    this.note = '';
    this.busy = false;
  }

  /** Opens the dialog: the game has just ended in front of the player. */
  open() {
    if (!this.dialog.open) this.dialog.show();
    this.render();
    this.dialog.querySelector('button:not([hidden])')?.focus();
  }

  close() {
    this.dialog.close();
  }

  /** A new state came after `previous`: an offer of mine that vanished was declined. */
  noteChange(previous, state) {
    const mine = state.you.length === 1 ? state.you[0] : null;
    if (!previous || mine === null) return;
    if (previous.rematch_offer === mine && state.rematch_offer === null && !state.rematch) {
      this.note = 'The other player declined the rematch.';
    } else if (state.rematch_offer !== null) {
      this.note = '';
    }
  }

  update(state, busy) {
    this.state = state;
    this.busy = busy;
    this.render();
  }

  render() {
    const state = this.state;
    if (!state) return;
    const over = state.result.score !== '*';
    if (!over && this.dialog.open) this.close();
    this.result.textContent = over ? describeResult(state.result, state.sides) : '';
    this.matchResult.textContent = matchOutcome(state);
    this.matchResult.hidden = !this.matchResult.textContent;
    this.title.textContent = state.match?.over && state.match.winner ? 'Match over' : 'Game over';
    this.choices.render(state, this.note, this.busy);
    this.panel.render(state, this.note, this.busy);
    this.panel.root.hidden = !over || this.dialog.open;
  }
}
