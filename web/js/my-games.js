// "My games" (/my): the signed-in player's games that go on, those waiting for their move
// first (docs/api.md, "My games"). The title and the account bar's badge say how many
// wait; the list is read again every half minute.
import { api } from './api.js';
import { onAccountChange } from './account.js';
import { playHref } from './saved-tokens.js';
import { formatClock } from './clock.js';
import { gameLabel, seatLabel } from './game-types.js';
import { element } from './dom.js';

const REFRESH_MS = 30000;

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

/** "vs Bob · Classic 10x8 · you lost: time forfeit". */
function finishedItem(game) {
  const item = element('li', `my-game finished outcome-${game.outcome}`);
  const opponent = game.players[game.you === 'white' ? 'black' : 'white'].name;
  const link = element('a', 'my-game-link', `vs ${opponent}`);
  link.href = `/play/${encodeURIComponent(game.id)}`;
  const reason = game.outcome === 'aborted' ? '' : `: ${game.reason}`;
  const facts = [gameLabel(game.game, game.rules, game.size), `${OUTCOME_WORDS[game.outcome] ?? game.result}${reason}`];
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
  let timer = null;
  const refresh = async () => {
    try {
      const answer = await api.myGames();
      const now = Date.now();
      list.replaceChildren(...answer.games.map((game) => gameItem(game, now)));
      status.textContent = answer.games.length === 0 ? 'No games going on. Find one in the lobby.' : '';
      finished.replaceChildren(...(answer.finished ?? []).map(finishedItem));
      finishedTitle.hidden = finished.children.length === 0;
      document.title = answer.your_turn > 0 ? `(${answer.your_turn}) My games — Ordo` : 'My games — Ordo';
    } catch (error) {
      list.replaceChildren();
      status.textContent = error.status === 401 ? 'Log in to see your games.' : error.message;
      document.title = 'My games — Ordo';
    }
  };
  onAccountChange(() => refresh());
  timer = setInterval(refresh, REFRESH_MS);
  window.addEventListener('pagehide', () => clearInterval(timer), { once: true });
}

// The badges on the page, each with its refresh (a new account bar replaces its link).
const badgeRefreshes = new Set();
let soon = null;

/**
 * Reads the number of games waiting again shortly (the game page calls it when a game of
 * the player's changes), so that the badge follows a move at once, not at the next poll.
 */
export function refreshMyGamesBadgeSoon() {
  clearTimeout(soon);
  soon = setTimeout(() => {
    for (const refresh of badgeRefreshes) refresh();
  }, 300);
}

/** The account bar's "My games" link with the number of games waiting for a move. */
export function myGamesLink() {
  const link = element('a', 'my-games-link', 'My games');
  link.href = '/my';
  const badge = element('span', 'badge');
  badge.hidden = true;
  badge.setAttribute('aria-label', 'games waiting for your move');
  link.append(' ', badge);
  const refresh = async () => {
    if (!link.isConnected) {
      badgeRefreshes.delete(refresh);
      return;
    }
    try {
      const { your_turn: waiting } = await api.myGames();
      badge.textContent = String(waiting);
      badge.hidden = waiting === 0;
    } catch {
      badge.hidden = true;
    }
  };
  badgeRefreshes.add(refresh);
  setTimeout(refresh, 0); // once the caller has put the link on the page
  const timer = setInterval(() => (link.isConnected ? refresh() : clearInterval(timer)), REFRESH_MS);
  return link;
}
