// The chat of a network game (docs/api.md, "Chat"): the players' messages with the time each
// was sent, shown as text only (textContent: markup in a message is never made into
// elements), a box to write in with its own error line (a wait counts down there), a mute
// switch kept in this browser that hides the other side's messages (one's own box and
// messages stay), and each player's consent to spectators reading.
import { element } from './dom.js';
const MUTE_KEY = 'ordo-chat-muted';

export class ChatPanel {
  constructor(page) {
    this.page = page;
    this.muted = localStorage.getItem(MUTE_KEY) === '1';
    this.root = element('section', 'chat panel-part');
    this.root.setAttribute('aria-label', 'Chat');
    this.root.hidden = true;
    const heading = element('h2', 'chat-title', 'Chat');
    const mute = element('label', 'chat-mute');
    this.muteBox = element('input');
    this.muteBox.type = 'checkbox';
    this.muteBox.checked = this.muted;
    this.muteBox.addEventListener('change', () => {
      this.muted = this.muteBox.checked;
      localStorage.setItem(MUTE_KEY, this.muted ? '1' : '0');
      this.update(this.page.state);
    });
    mute.append(this.muteBox, ' Mute chat');
    this.note = element('p', 'muted chat-note');
    this.list = element('ol', 'chat-messages');
    this.list.setAttribute('aria-live', 'polite');
    this.form = element('form', 'chat-form');
    this.input = element('input');
    this.input.type = 'text';
    this.input.maxLength = 500;
    this.input.autocomplete = 'off';
    this.input.setAttribute('aria-label', 'Message');
    this.input.placeholder = 'Write to your opponent';
    this.sendButton = element('button', '', 'Send');
    this.form.append(this.input, this.sendButton);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.send();
    });
    this.error = element('p', 'chat-error error-text');
    this.error.setAttribute('role', 'alert');
    this.waitTimer = null;
    const consent = element('label', 'chat-consent');
    this.consentBox = element('input');
    this.consentBox.type = 'checkbox';
    this.consentBox.addEventListener('change', () =>
      this.page.act('chat-spectators', { allow: this.consentBox.checked }),
    );
    consent.append(this.consentBox, ' Let spectators read the chat');
    this.consent = consent;
    this.root.append(heading, mute, this.note, this.list, this.form, this.error, consent);
  }

  async send() {
    const text = this.input.value;
    if (text.trim() === '' || this.waitTimer) return;
    const sent = await this.page.act('chat', { text }, { onError: (error) => this.showError(error) });
    if (sent) this.input.value = '';
  }

  /** A refusal under the box; a wait the server gave counts down, with Send off meanwhile. */
  showError(error) {
    clearInterval(this.waitTimer);
    this.waitTimer = null;
    this.sendButton.disabled = false;
    if (!error) {
      this.error.textContent = '';
      return;
    }
    if (!error.retryAfterS) {
      this.error.textContent = error.message;
      return;
    }
    const until = Date.now() + error.retryAfterS * 1000;
    const tick = () => {
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left <= 0) {
        this.showError(null);
        return;
      }
      this.error.textContent = `Too many messages: you may write again in ${left} s.`;
    };
    this.sendButton.disabled = true;
    tick();
    this.waitTimer = setInterval(tick, 1000);
  }

  /** A message: its time (hours and minutes; the whole date on hover), the name, the text. */
  static messageItem(message) {
    const item = element('li', 'chat-message');
    item.dataset.id = String(message.id);
    const sent = new Date(message.sent);
    const time = element(
      'time',
      'chat-time',
      sent.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
    );
    time.dateTime = sent.toISOString();
    time.title = sent.toLocaleString();
    item.append(
      time,
      ' ',
      element('span', 'chat-name', `${message.name}: `),
      element('span', 'chat-text', message.text),
    );
    return item;
  }

  update(state) {
    const chat = state?.chat;
    this.root.hidden = !chat;
    if (!chat) return;
    const player = state.you.length === 1;
    this.form.hidden = !player;
    this.consent.hidden = !player;
    if (player) this.consentBox.checked = chat.spectators[state.you[0]];
    this.list.hidden = !chat.readable;
    if (!chat.readable) {
      this.note.textContent = 'The players’ chat is shown to spectators only if both allow it.';
      return;
    }
    // Muted: only one's own messages (a spectator's mute hides them all).
    const shown = this.muted ? chat.messages.filter((m) => player && m.seat === state.you[0]) : chat.messages;
    if (this.muted)
      this.note.textContent = player ? 'Chat is muted: your opponent’s messages are hidden.' : 'Chat is muted.';
    else this.note.textContent = chat.messages.length === 0 ? 'No messages yet.' : '';
    this.list.replaceChildren(...shown.map((message) => ChatPanel.messageItem(message)));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
