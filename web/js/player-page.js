// A player's page (/players/NAME): ratings with their deviation per game, rule set and
// board size, a chart of the rating over the rated games (SVG drawn here), and the games
// played, filtered by rule set and result; each opens on the board to replay. Also the
// ratings list of one pool (/ratings). Every text from the server is set as text.
import { api } from './api.js';
import { onAccountChange } from './account.js';
import { gameLabel, gameTypes, seatLabel } from './game-types.js';
import { element } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';

const poolName = (p) => gameLabel(p.game, p.rules, p.size);
const poolKey = (p) => `${p.game}/${p.rules}/${p.size}`;
const playerLink = (name) => {
  const link = element('a', '', name);
  link.href = `/players/${encodeURIComponent(name)}`;
  return link;
};

/** A rating, "1500?" while provisional, with a word on what the "?" means. */
function ratingCell(r) {
  const cell = element('td', '', `${Math.round(r.rating)}${r.provisional ? '?' : ''}`);
  if (r.provisional) cell.title = 'provisional: few rated games yet';
  return cell;
}

function svgNode(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** "3 Dec", or "3 Dec 2025" for another year than this one. */
function shortDate(ms) {
  const date = new Date(ms);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(undefined, sameYear ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' });
}

/**
 * One pool's rating as an SVG line chart `width` pixels wide (the figure's own width, so that
 * its 12 px labels stay 12 px on a phone): the starting rating, then the rating after each
 * game, with the highest and lowest rating on the left and the first and last dates below.
 */
export function ratingChart(points, width = 600) {
  const height = 200;
  const left = 46;
  const right = 12;
  const top = 12;
  const bottom = 30;
  const svg = svgNode('svg', { viewBox: `0 0 ${width} ${height}`, width, height, class: 'rating-chart', role: 'img' });
  // The start (the first game's rating before it), then each game's result.
  const values = [points[0].before, ...points.map((p) => p.rating)];
  const low = Math.min(...values) - 10;
  const high = Math.max(...values) + 10;
  const x = (i) => left + (i * (width - left - right)) / (values.length - 1);
  const y = (r) => top + ((high - r) * (height - top - bottom)) / (high - low);
  svg.append(
    svgNode('path', { d: `M${left} ${top} V${height - bottom} H${width - right}`, class: 'chart-axis' }),
    svgNode('polyline', {
      points: values.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' '),
      class: 'chart-line',
    }),
  );
  for (const value of new Set([Math.round(Math.max(...values)), Math.round(Math.min(...values))])) {
    svg.append(svgNode('text', { x: left - 6, y: y(value) + 4, class: 'chart-label', 'text-anchor': 'end' }, value));
  }
  // The first game's date under it (at the right edge when it is the only one), the last's
  // under the last point.
  const dateY = height - bottom + 18;
  const dateLabel = (i, anchor) =>
    svgNode('text', { x: x(i), y: dateY, class: 'chart-label', 'text-anchor': anchor }, shortDate(points[i - 1].at));
  svg.append(dateLabel(1, points.length === 1 ? 'end' : 'start'));
  if (points.length > 1) svg.append(dateLabel(values.length - 1, 'end'));
  values.forEach((r, i) => {
    const dot = svgNode('circle', {
      cx: x(i).toFixed(1),
      cy: y(r).toFixed(1),
      r: 4,
      class: i === 0 ? 'chart-start' : '',
    });
    const what =
      i === 0
        ? `start: ${Math.round(r)}`
        : `${Math.round(r)} ± ${Math.round(points[i - 1].deviation)}, ${shortDate(points[i - 1].at)}`;
    dot.append(svgNode('title', {}, what));
    svg.append(dot);
  });
  svg.setAttribute(
    'aria-label',
    `Rating over ${points.length} rated games: from ${Math.round(values[0])} to ${Math.round(values.at(-1))}, ` +
      `${shortDate(points[0].at)} to ${shortDate(points.at(-1).at)}`,
  );
  return svg;
}

/** The chart in `figure`, drawn again whenever the figure's width changes. */
function drawChartIn(figure, points, caption) {
  let drawnWidth = 0;
  const draw = () => {
    const width = Math.max(260, Math.min(640, Math.floor(figure.clientWidth)));
    if (Math.abs(width - drawnWidth) < 8) return;
    drawnWidth = width;
    figure.replaceChildren(ratingChart(points, width), caption);
  };
  new ResizeObserver(draw).observe(figure);
  draw();
}

/** "+12", "−8", "±0": what a rated game did to a rating. */
function signedChange(change) {
  const delta = change.after - change.before;
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0';
}

/** One game: when, against whom (with the opponent's rating before a game that changed
 * ratings), the result, and what it did to this player's rating. */
function gameRow(game, name) {
  const item = element('li', `player-game outcome-${game.outcome}`);
  const other = game.seat === 'white' ? 'black' : 'white';
  const changes = game.rating_changes;
  const opponent = `${game.players[other].name}${changes ? ` (${changes[other].before})` : ''}`;
  const link = element(
    'a',
    '',
    `${game.score === '*' ? 'Going on' : game.score === 'aborted' ? 'Aborted' : game.score} vs ${opponent}`,
  );
  link.href = `/play/${encodeURIComponent(game.id)}`;
  const when = new Date(game.updated);
  const date = element('time', 'player-game-date', when.toLocaleDateString(undefined, { dateStyle: 'medium' }));
  date.dateTime = when.toISOString();
  date.title = when.toLocaleString();
  const facts = [
    poolName(game),
    `${name} played ${seatLabel(game.game, game.seat)}`,
    game.outcome,
    game.rated ? (changes ? `rated ${signedChange(changes[game.seat])}` : 'rated') : 'casual',
  ];
  item.append(date, ' ', link, ' ', element('span', 'muted', facts.join(' · ')));
  return item;
}

/** "Challenge NAME": the lobby's form for a challenge to this player only, offered to
 * another signed-in player. */
function challengeLink(name) {
  const link = element('a', 'challenge-player', `Challenge ${name}`);
  link.href = `/?${new URLSearchParams({ challenge: name })}`;
  onAccountChange((account) => {
    link.hidden = !account || account.name === name;
  });
  return link;
}

/** Shows the page of the player `name` in `app`. */
export async function showPlayerPage(app, name) {
  const section = element('section', 'panel player-page');
  const heading = element('h1', '', name);
  const error = element('p', 'error');
  error.setAttribute('role', 'alert');
  error.hidden = true; // until there is something to say
  const showError = (message) => {
    error.textContent = message;
    error.hidden = false;
  };
  section.append(heading, error);
  app.replaceChildren(section);
  document.title = `${name} — Ordo`;
  let player;
  let history;
  try {
    [player, history] = await Promise.all([api.player(name), api.playerHistory(name)]);
  } catch (failure) {
    showError(failure.message);
    return;
  }
  heading.textContent = player.account.name;
  heading.after(challengeLink(player.account.name));
  const ratings = element('table', 'player-ratings');
  const head = ratings.createTHead().insertRow();
  for (const title of ['Game', 'Rating', 'Deviation', 'Games']) head.append(element('th', '', title));
  const body = ratings.createTBody();
  for (const r of player.ratings) {
    const row = body.insertRow();
    row.append(
      element('td', '', poolName(r)),
      ratingCell(r),
      element('td', '', `± ${Math.round(r.deviation)}`),
      element('td', '', String(r.games)),
    );
  }
  section.append(element('h2', '', 'Ratings'));
  section.append(player.ratings.length ? ratings : element('p', 'muted', 'No rated games yet.'));
  // One chart per pool the player has rated games in.
  const pools = new Map();
  for (const point of history.points) {
    const key = poolKey(point);
    if (!pools.has(key)) pools.set(key, []);
    pools.get(key).push(point);
  }
  for (const points of pools.values()) {
    const figure = element('figure', 'rating-history');
    section.append(figure);
    drawChartIn(figure, points, element('figcaption', 'muted', `Rating history: ${poolName(points[0])}`));
  }
  section.append(element('h2', '', 'Games'));
  const filters = element('form', 'player-filters');
  // The rule sets are every game's, as the server lists them (their names differ across games).
  filters.innerHTML = `<label>Rule set <select name="rules"><option value="">All</option></select></label>
    <label>Result <select name="result"><option value="">All</option><option value="win">Won</option><option value="loss">Lost</option><option value="draw">Drawn</option><option value="ongoing">Going on</option></select></label>`;
  const ruleSets = filters.querySelector('select[name="rules"]');
  for (const set of gameTypes().flatMap((type) => type.rule_sets)) {
    const option = element('option', '', set.title);
    option.value = set.name;
    ruleSets.append(option);
  }
  const list = element('ol', 'player-games');
  const showGames = (games) => {
    list.replaceChildren(...games.map((g) => gameRow(g, player.account.name)));
    if (games.length === 0) list.append(element('li', 'muted', 'No games.'));
  };
  filters.addEventListener('change', async () => {
    try {
      const data = new FormData(filters);
      showGames((await api.player(name, data.get('rules'), data.get('result'))).games);
    } catch (failure) {
      showError(failure.message);
    }
  });
  section.append(filters, list);
  showGames(player.games);
}

/** Shows the ratings list of one pool (from the query: game, rules, size) in `app`. */
export async function showRatingsPage(app) {
  const query = new URLSearchParams(window.location.search);
  // Every pool the server has: each game's rule sets on each of its sizes.
  const pools = gameTypes().flatMap((type) =>
    type.rule_sets.flatMap((set) => type.sizes.map((size) => ({ game: type.name, rules: set.name, size }))),
  );
  const pool = {
    game: query.get('game') ?? pools[0]?.game,
    rules: query.get('rules') ?? pools[0]?.rules,
    size: query.get('size') ?? pools[0]?.size,
  };
  const section = element('section', 'panel ratings-page');
  section.append(element('h1', '', `Ratings: ${poolName(pool)}`));
  const choices = element('p', 'ratings-pools');
  for (const choice of pools) {
    const link = element('a', '', poolName(choice));
    link.href = `/ratings?${new URLSearchParams(choice)}`;
    choices.append(link, ' ');
  }
  const list = element('ol', 'ratings-list');
  section.append(choices, list);
  app.replaceChildren(section);
  document.title = `Ratings — ${poolName(pool)}`;
  try {
    const answer = await api.ratings(pool);
    for (const r of answer.ratings) {
      const item = element('li');
      item.append(
        playerLink(r.account.name),
        ` ${Math.round(r.rating)}${r.provisional ? '?' : ''} ± ${Math.round(r.deviation)} (${r.games} ${r.games === 1 ? 'game' : 'games'})`,
      );
      list.append(item);
    }
    if (answer.ratings.length === 0) section.append(element('p', 'muted', 'No rated games in this pool yet.'));
  } catch (failure) {
    section.append(element('p', 'error', failure.message));
  }
}
