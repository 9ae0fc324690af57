// "My games" (/my): the signed-in player's games that go on, those waiting for their move
// first (docs/api.md, "My games"). The title and the account bar's badge say how many
// wait; both follow the account's stream (account-events.js), which brings each change.
import { api } from './api.js';
import { onAccountChange } from './account.js';
import { onMyGames } from './account-events.js';
import { playHref } from './saved-tokens.js';
import { formatClock } from './clock.js';
import { gameLabel, seatLabel } from './game-types.js';
import { element } from './dom.js';

// The times left are shown again this often; the list itself comes with each change.
const REDRAW_MS = 30000;

/** "1 d 23 h left", in the game page's own format for days per move. */
function timeLeft(deadline, now) {
  return `${formatClock(deadline - now, true)} left`;
}

function gameItem(game, now) {
  const item = element('li', game.your_turn ? 'my-game your-turn' : 'my-game');
  const opponent = game.players[game.you === 'white' ? 'black' : 'white'].name;
  const link = element('a', 'my-game-link', `vs ${opponent}`);
  link.href = playHref(game.id);
  const facts = [gameLabel(game.game, game.rules, game.size), `you play ${seatLabel(game.game, game.you)}`];
  if (game.days_per_move) facts.push(`${game.days_per_move} days per move`);
  if (game.rated) facts.push('rated');
  item.append(
    element('span', 'my-game-turn', game.your_turn ? 'Your turn' : 'Their turn'),
    ' ',
    link,
    ' ',
    element('span', 'muted', facts.join(' · ')),
  );
  if (game.deadline_ms) {
    // Whose time it is: "you have 2 d 0 h left", "they have 5 h 10 min left".
    const whose = game.your_turn ? 'you have' : 'they have';
    item.append(' ', element('span', 'my-game-deadline', `${whose} ${timeLeft(game.deadline_ms, now)}`));
  }
  return item;
}

const OUTCOME_WORDS = { win: 'you won', loss: 'you lost', draw: 'a draw', aborted: 'aborted, not rated' };

/** "you lost: time forfeit", for a finished game as My games lists it. */
export function outcomeText(game) {
  const reason = game.outcome === 'aborted' ? '' : `: ${game.reason}`;
  return `${OUTCOME_WORDS[game.outcome] ?? game.result}${reason}`;
}

/** "vs Bob · Classic 10x8 · you lost: time forfeit". */
function finishedItem(game) {
  const item = element('li', `my-game finished outcome-${game.outcome}`);
  const opponent = game.players[game.you === 'white' ? 'black' : 'white'].name;
  const link = element('a', 'my-game-link', `vs ${opponent}`);
  link.href = `/play/${encodeURIComponent(game.id)}`;
  const facts = [gameLabel(game.game, game.rules, game.size), outcomeText(game)];
  if (game.rated) facts.push('rated');
  item.append(link, ' ', element('span', 'muted', facts.join(' · ')));
  return item;
}

/** Shows the page in `app`. */
export function showMyGamesPage(app) {
  const section = element('section', 'panel my-games');
  section.append(element('h1', '', 'My games'));
  const status = element('p', 'muted my-games-status', 'Loading…');
  const list = element('ol', 'my-games-list');
  // The last week's finished games, so that one ended on time (say) is seen ended.
  const finishedTitle = element('h2', '', 'Recently finished');
  const finished = element('ol', 'my-finished-list');
  finishedTitle.hidden = true;
  section.append(status, list, finishedTitle, finished);
  app.replaceChildren(section);
  let latest = null;
  const show = () => {
    const now = Date.now();
    list.replaceChildren(...latest.games.map((game) => gameItem(game, now)));
    status.textContent = latest.games.length === 0 ? 'No games going on. Find one in the lobby.' : '';
    finished.replaceChildren(...(latest.finished ?? []).map(finishedItem));
    finishedTitle.hidden = finished.children.length === 0;
    document.title = latest.your_turn > 0 ? `(${latest.your_turn}) My games — Ordo` : 'My games — Ordo';
  };
  // Read at once (the stream's first list may take a moment), then from the stream.
  const read = async () => {
    try {
      latest = await api.myGames();
      show();
    } catch (error) {
      list.replaceChildren();
      status.textContent = error.status === 401 ? 'Log in to see your games.' : error.message;
      document.title = 'My games — Ordo';
    }
  };
  onAccountChange(() => read());
  onMyGames((mine) => {
    latest = mine;
    show();
  });
  const timer = setInterval(() => latest && show(), REDRAW_MS);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}

/** The account bar's "My games" link with the number of games waiting for a move. */
export function myGamesLink() {
  const link = element('a', 'my-games-link', 'My games');
  link.href = '/my';
  const badge = element('span', 'badge');
  badge.hidden = true;
  badge.setAttribute('aria-label', 'games waiting for your move');
  link.append(' ', badge);
  // A new account bar replaces the link: the old one stops listening at the next list.
  const stop = onMyGames(({ your_turn: waiting }) => {
    if (!link.isConnected) {
      stop();
      return;
    }
    badge.textContent = String(waiting);
    badge.hidden = waiting === 0;
  });
  return link;
}
