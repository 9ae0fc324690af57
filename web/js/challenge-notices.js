// Tells a signed-in player, on whatever page is open, when one of her challenges is taken,
// or a direct one declined (docs/api.md, GET /api/account/events): a correspondence
// challenge stays open after she leaves the lobby, so the news must reach her elsewhere. Each challenge is told once per
// browser (remembered in localStorage).
import { api } from './api.js';

const TOLD_KEY = 'ordo-told-challenges';
const TOLD_KEPT = 100;

function toldIds() {
  try {
    return JSON.parse(localStorage.getItem(TOLD_KEY) ?? '[]');
  } catch {
    return [];
  }
}

function remember(id) {
  const told = [id, ...toldIds().filter((other) => other !== id)].slice(0, TOLD_KEPT);
  localStorage.setItem(TOLD_KEY, JSON.stringify(told));
}

export class ChallengeNotices {
  constructor(region) {
    this.region = region;
    this.source = null;
    this.account = null;
  }

  /** Follows `account`'s challenges (null: signed out, nothing to follow). */
  follow(account) {
    if (account?.id === this.account?.id) return;
    this.source?.close();
    this.source = null;
    this.account = account;
    this.region.replaceChildren();
    if (!account) return;
    this.source = new EventSource(api.accountEventsUrl());
    this.source.addEventListener('state', (event) => this.closed(JSON.parse(event.data).closed ?? []));
  }

  closed(challenges) {
    const told = new Set(toldIds());
    for (const c of challenges) {
      if (c.creator.id !== this.account?.id || told.has(c.id)) continue;
      const taken = c.state === 'accepted' && c.game_id;
      const declined = c.state === 'declined' && c.to;
      if (!taken && !declined) continue;
      remember(c.id);
      if (taken) this.showTaken(c);
      else this.show(`Your challenge to ${c.to.name} was declined. `);
    }
  }

  showTaken(challenge) {
    const link = document.createElement('a');
    link.href = `/play/${encodeURIComponent(challenge.game_id)}`;
    link.textContent = 'Open the game';
    const what = challenge.days_per_move ? 'correspondence challenge' : 'challenge';
    this.show(`Your ${what} was taken. `, link, ' ');
  }

  /** A notice of the given parts (text, links) with a Dismiss button; names stay text. */
  show(...parts) {
    const note = document.createElement('p');
    note.className = 'notice';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Dismiss';
    close.addEventListener('click', () => note.remove());
    note.append(...parts, close);
    this.region.append(note);
  }
}
