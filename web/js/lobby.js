// The lobby on the start page: open challenges, live from GET /api/lobby/events; a signed-in
// player posts one, accepts another's, cancels their own or declines one sent to them.
// When someone accepts this browser's challenge, the page opens the game with the seat
// token the challenge came with.
import { api } from './api.js';
import { currentAccount, onAccountChange } from './account.js';
import { rememberToken } from './saved-tokens.js';
import { gameLabel, seatLabel } from './game-types.js';
import { GameChoices } from './game-choices.js';
import { bindClockChoice, clockRequest } from './clock-choice.js';
import { QuickPairing } from './quick-pairing.js';

// Seat tokens of challenges posted from this browser, by challenge id.
const KEY = 'ordo-challenge-tokens';

function challengeTokens() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
}

function saveChallengeTokens(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage disabled: the game is still listed among the stored games.
  }
}

function describe(challenge) {
  const clock = challenge.days_per_move
    ? `${challenge.days_per_move} days per move`
    : challenge.clock
      ? `${Math.round(challenge.clock.initial_ms / 60000)}+${Math.round(challenge.clock.increment_ms / 1000)}${
          challenge.clock.delay_ms ? ` delay ${Math.round(challenge.clock.delay_ms / 1000)} s` : ''
        }`
      : 'no clock';
  const seat =
    challenge.color === 'random'
      ? 'random sides'
      : `${challenge.creator.name} plays ${seatLabel(challenge.game, challenge.color)}`;
  const match = challenge.match_to ? ` · match to ${challenge.match_to}` : '';
  const quick = challenge.quick
    ? ` · quick pairing${challenge.quick.range ? ` within ${challenge.quick.range}` : ''}`
    : '';
  return `${gameLabel(challenge.game, challenge.rules, challenge.size)}${match} · ${clock} · ${challenge.rated ? 'rated' : 'casual'} · ${seat}${quick}`;
}

function challengeRequest(form, choices) {
  const data = new FormData(form);
  const request = {
    ...choices.values(),
    color: data.get('challenge-color'),
    rated: data.get('challenge-rated') === 'on',
    ...clockRequest(form),
  };
  const to = data.get('challenge-to').trim();
  if (to) request.to = to;
  return request;
}

/**
 * The lobby after one event of its stream: the first is the whole list (as GET
 * /api/challenges), the others only what changed (docs/api.md, "Lobby"): challenges put
 * (new or changed; the list kept in the server's order), ids gone, and closed ones new or
 * changed.
 */
export function applyLobbyEvent(lobby, event) {
  if (event.challenges) return { challenges: event.challenges, closed: event.closed ?? [] };
  const gone = new Set(event.gone ?? []);
  const challenges = lobby.challenges.filter((challenge) => !gone.has(challenge.id));
  for (const challenge of event.put ?? []) {
    const at = challenges.findIndex((shown) => shown.id === challenge.id);
    if (at >= 0) challenges[at] = challenge;
    else challenges.push(challenge);
  }
  // The server's order: by creation, then by id (compared as bytes).
  challenges.sort((a, b) => (a.created ?? 0) - (b.created ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const fresh = event.closed ?? [];
  const freshIds = new Set(fresh.map((challenge) => challenge.id));
  const closed = [...fresh, ...lobby.closed.filter((challenge) => !freshIds.has(challenge.id))];
  return { challenges, closed: closed.slice(0, 200) };
}

class LobbyView {
  constructor(panel) {
    this.panel = panel;
    this.list = panel.querySelector('#challenge-list');
    this.newChallenge = panel.querySelector('#new-challenge');
    this.formBox = panel.querySelector('#challenge-form-box');
    this.error = panel.querySelector('.lobby-error');
    this.source = null;
  }

  start() {
    this.newChallenge.addEventListener('click', () => this.openForm());
    this.quick = new QuickPairing(this.panel.querySelector('#quick-pairing'), {
      run: (action) => this.run(action),
      onWaiting: (posted) => saveChallengeTokens({ ...challengeTokens(), [posted.challenge.id]: posted.token }),
      onPaired: (seat) => this.openSeat(seat),
    });
    // Come from a player's "Challenge NAME": the form opens for that player once signed in.
    let challengee = new URLSearchParams(location.search).get('challenge');
    // A new account (or none) sees another lobby: the stream starts again with its cookie.
    onAccountChange((account) => {
      this.newChallenge.hidden = !account;
      this.quick.show(Boolean(account));
      if (!account) this.formBox.replaceChildren();
      if (account && challengee && account.name !== challengee) {
        this.openForm();
        this.formBox.querySelector('input[name="challenge-to"]').value = challengee;
        this.panel.scrollIntoView();
        challengee = null;
      }
      this.panel.querySelector('.lobby-hint').hidden = Boolean(account);
      this.connect();
    });
  }

  /** The challenge form, made from its template when first asked for. */
  openForm() {
    if (this.formBox.firstElementChild) return;
    this.formBox.append(this.panel.querySelector('#challenge-form-template').content.cloneNode(true));
    const form = this.formBox.querySelector('form');
    const choices = new GameChoices(form, {
      game: 'challenge-game',
      rules: 'challenge-rules',
      size: 'challenge-size',
      match: 'challenge-match',
    });
    bindClockChoice(form);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.run(async () => {
        const posted = await api.postChallenge(challengeRequest(form, choices));
        saveChallengeTokens({ ...challengeTokens(), [posted.challenge.id]: posted.token });
      });
    });
    this.newChallenge.hidden = true;
    form.querySelector('input')?.focus();
  }

  connect() {
    this.source?.close();
    this.source = new EventSource(api.lobbyEventsUrl());
    this.lobby = { challenges: [], closed: [] };
    this.source.addEventListener('state', (event) => {
      this.lobby = applyLobbyEvent(this.lobby, JSON.parse(event.data));
      this.render(this.lobby);
    });
  }

  async run(action) {
    this.error.textContent = '';
    try {
      await action();
    } catch (failure) {
      this.error.textContent = failure.message;
    }
  }

  button(text, onClick) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.addEventListener('click', () => this.run(onClick));
    return button;
  }

  render(lobby) {
    const me = currentAccount();
    if (me && this.openAcceptedGame(lobby.closed ?? [], me)) return;
    const items = [];
    for (const challenge of lobby.challenges ?? []) {
      const item = document.createElement('li');
      item.className = 'challenge';
      item.dataset.id = challenge.id;
      const who = document.createElement('strong');
      who.textContent = challenge.to ? `${challenge.creator.name} → ${challenge.to.name}` : challenge.creator.name;
      const what = document.createElement('span');
      what.textContent = ` ${describe(challenge)} `;
      item.append(who, what);
      if (me && challenge.creator.id === me.id) {
        item.append(this.button('Cancel', () => api.challengeAction(challenge.id, 'cancel')));
      } else if (me) {
        item.append(this.button('Accept', () => this.accept(challenge)));
        if (challenge.to?.id === me.id)
          item.append(this.button('Decline', () => api.challengeAction(challenge.id, 'decline')));
      }
      items.push(item);
    }
    if (!items.length) {
      const empty = document.createElement('li');
      empty.className = 'muted';
      empty.textContent = 'No open challenges.';
      items.push(empty);
    }
    this.list.replaceChildren(...items);
  }

  async accept(challenge) {
    this.openSeat(await api.challengeAction(challenge.id, 'accept'));
  }

  /** Opens the game of an accepted challenge or a quick pairing: {game, color, token, link}. */
  openSeat(seat) {
    rememberToken(seat.game, seat.color, seat.token);
    this.source?.close();
    window.location.assign(seat.link);
  }

  /** Opens the game of this browser's challenge that someone accepted; true if it did. */
  openAcceptedGame(closed, me) {
    const tokens = challengeTokens();
    const accepted = closed.find((c) => c.state === 'accepted' && c.creator.id === me.id && tokens[c.id] && c.game_id);
    if (!accepted) return false;
    const token = tokens[accepted.id];
    delete tokens[accepted.id];
    saveChallengeTokens(tokens);
    rememberToken(accepted.game_id, accepted.color === 'black' ? 'black' : 'white', token);
    this.source?.close();
    window.location.assign(`/play/${encodeURIComponent(accepted.game_id)}?token=${encodeURIComponent(token)}`);
    return true;
  }
}

/** The lobby panel of the start page. */
export function showLobby(panel) {
  if (panel) new LobbyView(panel).start();
}
