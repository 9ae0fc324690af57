// The start page's lists of games (GET /api/games): the games this browser holds a seat of
// (by their ids: a guest's games are listed to nobody else), and the public games being
// played now, between accounts, to watch.
import { api } from './api.js';
import { playHref, savedGameIds, savedToken } from './saved-tokens.js';
import { gameLabel } from './game-types.js';

/** A game's time (milliseconds since 1970, or a date string) for the list. */
function formatDate(value) {
  const date = new Date(value);
  if (value === undefined || value === '' || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function describeResult(game) {
  if (!game.result || game.result === '*') return 'in progress';
  if (game.result === 'aborted') return 'aborted';
  return game.reason ? `${game.result} (${game.reason})` : game.result;
}

/** "Classic 10x8 · rated", "Order and Chaos (exact five) 6x6 · two players on one screen". */
function describeKind(game) {
  const kinds = { ai: 'against the computer', local: 'on one screen', network: 'over the network' };
  const kind = game.rated ? 'rated' : (kinds[game.mode] ?? game.mode);
  return `${gameLabel(game.game, game.rules, game.size)} · ${kind}`;
}

function message(container, text, className = 'muted') {
  const paragraph = document.createElement('p');
  paragraph.className = className;
  paragraph.textContent = text;
  container.replaceChildren(paragraph);
}

/** A table of `games`; `withResult` adds the result column (not for games in progress). */
function gamesTable(games, { withResult }) {
  const table = document.createElement('table');
  table.className = 'games-table';
  const headings = ['Players', 'Game', 'Turns', ...(withResult ? ['Result'] : []), 'Started'];
  const head = table.createTHead().insertRow();
  for (const text of [...headings, '']) {
    const th = document.createElement('th');
    th.textContent = text;
    head.appendChild(th);
  }
  head.lastChild.innerHTML = '<span class="visually-hidden">Link</span>';
  const body = table.createTBody();
  for (const game of games) {
    const row = body.insertRow();
    const players = `${game.players?.white ?? 'White'} – ${game.players?.black ?? 'Black'}`;
    const cells = [players, describeKind(game), String(game.turns ?? '')];
    if (withResult) cells.push(describeResult(game));
    cells.push(formatDate(game.created));
    for (const text of cells) row.insertCell().textContent = text;
    const token = savedToken(game.id);
    const link = document.createElement('a');
    link.href = playHref(game.id);
    // Each link names its game, for screen readers that list the links of a page.
    link.textContent = token ? 'Play' : 'Watch';
    const what = document.createElement('span');
    what.className = 'visually-hidden';
    what.textContent = ` ${players}, ${gameLabel(game.game, game.rules, game.size)}, started ${formatDate(game.created)}`;
    link.appendChild(what);
    row.insertCell().appendChild(link);
  }
  return table;
}

/** The games this browser made or joined (their seat tokens are kept here). */
export async function showBrowserGames(container) {
  const ids = savedGameIds();
  if (!ids.length) {
    message(container, 'No games in this browser yet.');
    return;
  }
  try {
    const { games } = await api.listGames({ ids });
    if (!games.length) message(container, 'No games in this browser yet.');
    else container.replaceChildren(gamesTable(games, { withResult: true }));
  } catch (error) {
    message(container, `Your games could not be loaded: ${error.message}`, 'error');
    container.firstChild.setAttribute('role', 'alert');
  }
}

/** The public games being played now (between accounts), each with a Watch link. */
export async function showGamesBeingPlayed(container) {
  try {
    const { games } = await api.listGames({ status: 'playing' });
    if (!games.length) message(container, 'No game between players is being played right now.');
    else container.replaceChildren(gamesTable(games, { withResult: false }));
  } catch (error) {
    message(container, `The games being played could not be loaded: ${error.message}`, 'error');
    container.firstChild.setAttribute('role', 'alert');
  }
}
