// The tab's title and icon: "Your turn" and a marked icon while the page is in the
// background and the player is to move, so that a waiting player notices from another tab.
const PLAIN_ICON = 'data:,';
const TURN_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2f6f5e"/><circle cx="8" cy="8" r="3.5" fill="#ffffff"/></svg>',
  );

/** Whether `state` waits for a move of the person at this page (not on a shared screen). */
export function yourTurn(state) {
  return (
    state.result.score === '*' && state.mode !== 'local' && state.you.includes(state.to_move) && !state.ai?.thinking
  );
}

export class TabTitle {
  constructor() {
    this.title = document.title;
    this.state = null;
    document.addEventListener('visibilitychange', () => this.show());
  }

  update(title, state) {
    this.title = title;
    this.state = state;
    this.show();
  }

  show() {
    const alert = document.visibilityState === 'hidden' && this.state !== null && yourTurn(this.state);
    document.title = alert ? `Your turn — ${this.title}` : this.title;
    let icon = document.querySelector('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.href = alert ? TURN_ICON : PLAIN_ICON;
    icon.dataset.turn = String(alert);
  }
}
