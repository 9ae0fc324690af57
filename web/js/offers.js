// Takeback requests in network games: ask, answer (accept or decline), withdraw; and the
// note that tells the player who asked when the other one declined.
import { sideName } from './game-text.js';

function button(id, text) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.textContent = text;
  return b;
}

export class TakebackControls {
  /** `act(action, fields)` sends a POST action of the game. */
  constructor(anchor, act) {
    this.box = document.createElement('div');
    this.box.className = 'offer-panel';
    this.box.id = 'takeback-panel';
    this.text = document.createElement('p');
    this.text.id = 'takeback-text';
    this.text.setAttribute('role', 'status');
    this.buttons = {
      ask: button('takeback-offer', 'Ask to take back'),
      accept: button('takeback-accept', 'Accept takeback'),
      decline: button('takeback-decline', 'Decline takeback'),
      withdraw: button('takeback-withdraw', 'Withdraw request'),
    };
    const send = (action) => act('takeback', { action });
    this.buttons.ask.addEventListener('click', () => send('offer'));
    this.buttons.accept.addEventListener('click', () => send('accept'));
    this.buttons.decline.addEventListener('click', () => send('decline'));
    this.buttons.withdraw.addEventListener('click', () => send('decline'));
    const row = document.createElement('div');
    row.className = 'button-row';
    row.append(...Object.values(this.buttons));
    this.box.append(this.text, row);
    anchor.after(this.box);
    this.note = '';
  }

  /** A new state came after `previous`: a request of mine that vanished was declined. */
  noteChange(previous, state) {
    const seat = state.you.length === 1 ? state.you[0] : null;
    if (!previous || seat === null) return;
    if (previous.takeback_offer === seat && state.takeback_offer === null && state.ply === previous.ply) {
      this.note = 'The other player declined your takeback request.';
    } else if (state.takeback_offer !== null || state.ply !== previous.ply) {
      this.note = '';
    }
  }

  render(state, busy) {
    const seat = state.you.length === 1 ? state.you[0] : null;
    const playing = state.mode === 'network' && seat !== null && state.result.score === '*';
    this.box.hidden = !playing;
    if (!playing) return;
    const offer = state.takeback_offer;
    const hasMove = state.moves.some((move) => move.by === seat);
    const show = (name, visible) => {
      this.buttons[name].hidden = !visible;
      this.buttons[name].disabled = busy;
    };
    show('ask', offer === null && hasMove);
    show('accept', offer !== null && offer !== seat);
    show('decline', offer !== null && offer !== seat);
    show('withdraw', offer === seat);
    if (offer === seat) this.text.textContent = 'You asked to take back your last move; waiting for the answer.';
    else if (offer) this.text.textContent = `${sideName(offer, state.sides)} asks to take back their last move.`;
    else this.text.textContent = this.note;
    this.text.hidden = !this.text.textContent;
  }
}
