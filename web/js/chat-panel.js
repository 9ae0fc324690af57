// The chat of a network game (docs/api.md, "Chat"): the players' messages, shown as text
// only (textContent: markup in a message is never made into elements), a box to write in,
// a mute switch kept in this browser, and each player's consent to spectators reading.
const MUTE_KEY = 'ordo-chat-muted';

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

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
    this.form.append(this.input, element('button', '', 'Send'));
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.send();
    });
    const consent = element('label', 'chat-consent');
    this.consentBox = element('input');
    this.consentBox.type = 'checkbox';
    this.consentBox.addEventListener('change', () =>
      this.page.act('chat-spectators', { allow: this.consentBox.checked }),
    );
    consent.append(this.consentBox, ' Let spectators read the chat');
    this.consent = consent;
    this.root.append(heading, mute, this.note, this.list, this.form, consent);
  }

  async send() {
    const text = this.input.value;
    if (text.trim() === '') return;
    if (await this.page.act('chat', { text })) this.input.value = '';
  }

  update(state) {
    const chat = state?.chat;
    this.root.hidden = !chat;
    if (!chat) return;
    const player = state.you.length === 1;
    this.form.hidden = !player || this.muted;
    this.consent.hidden = !player;
    if (player) this.consentBox.checked = chat.spectators[state.you[0]];
    this.list.hidden = this.muted || !chat.readable;
    if (this.muted) this.note.textContent = 'Chat is muted.';
    else if (!chat.readable) this.note.textContent = 'The players’ chat is shown to spectators only if both allow it.';
    else this.note.textContent = chat.messages.length === 0 ? 'No messages yet.' : '';
    if (this.list.hidden) return;
    const items = chat.messages.map((message) => {
      const item = element('li', 'chat-message');
      item.dataset.id = String(message.id);
      item.append(element('span', 'chat-name', `${message.name}: `), element('span', 'chat-text', message.text));
      return item;
    });
    this.list.replaceChildren(...items);
    this.list.scrollTop = this.list.scrollHeight;
  }
}
