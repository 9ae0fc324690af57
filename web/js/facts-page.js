// The "Game facts" page: measured figures for each rule set and board, read from
// /static/facts/facts.json, which research/facts/run-studies writes from the merged
// studies (no figure on this page is typed by hand). Plots are that script's SVG files.

const FACTS = '/static/facts/facts.json';

/** A share as a percentage with one decimal (the figures' own rounding, docs/facts.md). */
export const percent = (share) => `${(share * 100).toFixed(1)}%`;
export const count = (n) => n.toLocaleString('en-US');

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function ensureStylesheet() {
  if (document.querySelector('link[data-facts-css]')) return;
  const link = el('link', { rel: 'stylesheet', href: '/static/css/facts.css' });
  link.dataset.factsCss = '';
  document.head.append(link);
}

const sideName = (setup, side) => (side === 'first' ? setup.first : setup.second);

function scoreText(study) {
  const s = study.first_player_score;
  return `${percent(s.value)} (${percent(s.low)}–${percent(s.high)})`;
}

// How many games (or matches) a study holds, and whether that is all it planned.
function playedCell(study, played, planned, what) {
  const cell = el('td', {}, el('span', { className: 'facts-games' }, count(played)));
  if (!study.complete) {
    cell.append(
      el('br'),
      el(
        'span',
        { className: 'facts-incomplete' },
        `not complete: ${count(played)} of the ${count(planned)} planned ${what} so far`,
      ),
    );
  }
  return cell;
}

const gamesCell = (study) => playedCell(study, study.games, study.planned_games, 'games');

// A short list of names with their shares ("borne off 100.0%").
function sharesList(items) {
  const list = el('ul', { className: 'facts-endings' });
  for (const item of items) list.append(el('li', {}, `${item.name} ${percent(item.share)}`));
  return list;
}

const quartilesText = (q, decimals = 1) =>
  `${q.mean.toFixed(decimals)} (median ${q.median}, ${q.lower_quartile}–${q.upper_quartile})`;

const hasPoints = (setup) => setup.studies.some((s) => s.points);

function studyRow(setup, study) {
  const p = study.plies;
  const row = el(
    'tr',
    {},
    el('th', { scope: 'row' }, study.players),
    gamesCell(study),
    el('td', { className: 'facts-score' }, scoreText(study)),
    el('td', {}, study.favoured ? sideName(setup, study.favoured) : 'neither'),
    el('td', {}, `${percent(study.first_wins)} / ${percent(study.second_wins)} / ${percent(study.draws)}`),
    el('td', {}, `${p.mean.toFixed(1)} (median ${p.median}, ${p.lower_quartile}–${p.upper_quartile})`),
    el(
      'td',
      {},
      study.legal_moves_per_ply.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    ),
    // A kind the rule set never has (a two-step turn in Classic) is left out.
    el('td', {}, sharesList((study.turn_kinds ?? []).filter((k) => k.share > 0))),
    el('td', {}, sharesList(study.endings)),
  );
  if (hasPoints(setup)) row.append(el('td', {}, study.points ? quartilesText(study.points, 2) : '–'));
  row.dataset.study = study.id;
  return row;
}

function studyTable(setup) {
  const head = el('tr');
  for (const name of [
    'Players',
    'Games',
    `${setup.first}'s score (95% interval)`,
    'Favoured',
    `${setup.first} wins / ${setup.second} wins / draws`,
    'Plies: mean (median, quartiles)',
    'Legal moves per ply',
    'Kinds of turn',
    'How games end',
    ...(hasPoints(setup) ? ['Points of a won game: mean (median, quartiles)'] : []),
  ]) {
    head.append(el('th', { scope: 'col' }, name));
  }
  const body = el('tbody');
  for (const study of setup.studies) body.append(studyRow(setup, study));
  const table = el(
    'table',
    { className: 'facts-table' },
    el('caption', { className: 'visually-hidden' }, `Studies of ${setup.title}`),
    el('thead', {}, head),
    body,
  );
  // A wide table scrolls on its own on a phone; focusable so that keys can scroll it.
  return el(
    'div',
    { className: 'facts-scroll', tabIndex: 0, role: 'region', ariaLabel: `${setup.title}: figures` },
    table,
  );
}

function matchRow(study) {
  const m = study.match;
  const w = m.first_wins;
  const row = el(
    'tr',
    {},
    el('th', { scope: 'row' }, study.players),
    playedCell(study, m.matches, study.planned_matches, 'matches'),
    el('td', { className: 'facts-score' }, `${percent(w.share)} (${percent(w.low)}–${percent(w.high)})`),
    el('td', {}, `${quartilesText(m.games, 2)}, at most ${m.games.max}`),
    el('td', {}, Math.round(m.plies).toLocaleString('en-US')),
  );
  row.dataset.study = study.id;
  return row;
}

function matchTable(setup) {
  const to = setup.match_studies[0].match.to;
  const head = el('tr');
  for (const name of [
    'Players',
    'Matches',
    `${setup.first}'s match wins (95% interval)`,
    'Games a match: mean (median, quartiles)',
    'Plies a match (mean)',
  ]) {
    head.append(el('th', { scope: 'col' }, name));
  }
  const body = el('tbody');
  for (const study of setup.match_studies) body.append(matchRow(study));
  const title = `Matches to ${to}`;
  return [
    el('h3', {}, title),
    el(
      'p',
      {},
      `${setup.first} begins the first game of each match and the winner of a game begins the next; ` +
        'each winner scores the points of the game.',
    ),
    el(
      'div',
      { className: 'facts-scroll', tabIndex: 0, role: 'region', ariaLabel: `${setup.title}: ${title}` },
      el(
        'table',
        { className: 'facts-table' },
        el('caption', { className: 'visually-hidden' }, `${title}, ${setup.title}`),
        el('thead', {}, head),
        body,
      ),
    ),
  ];
}

/** The plain sentence for a study of matches: how often the side that begins the first game wins. */
export function matchVerdictText(setup, study) {
  const m = study.match;
  const w = m.first_wins;
  const players = `Matches to ${m.to}, ${study.players} (${count(m.matches)} matches)`;
  return `${players}: ${setup.first}, who begins the first game, won ${percent(w.share)} of them (likely range ${percent(w.low)}–${percent(w.high)}); a match lasted ${m.games.mean.toFixed(1)} games on average.`;
}

/** The plain sentence for one study: who is favoured, the score, and what the range means. */
export function verdictText(setup, study) {
  const s = study.first_player_score;
  const range = `${percent(s.low)}–${percent(s.high)}`;
  const scored = `${setup.first} scored ${percent(s.value)} of the points`;
  const players = `${study.players[0].toUpperCase()}${study.players.slice(1)} (${count(study.games)} games)`;
  if (study.favoured) {
    const side = s.value > 0.5 ? 'above' : 'below';
    return `${players}: ${sideName(setup, study.favoured)} is favoured. ${scored}, and the likely range (${range}) lies wholly ${side} 50%.`;
  }
  const meaning =
    Math.abs(s.value - 0.5) < 0.01
      ? 'the sides are about even'
      : 'the difference from 50% may be chance; more games would tell';
  return `${players}: neither side is measurably favoured. ${scored}, but the likely range (${range}) includes 50%, so ${meaning}.`;
}

// The plain answer first, readable on a phone without scrolling the table.
function verdicts(setup) {
  const list = el('ul', { className: 'facts-verdicts' });
  for (const study of setup.studies) list.append(el('li', {}, verdictText(setup, study)));
  for (const study of setup.match_studies ?? []) list.append(el('li', {}, matchVerdictText(setup, study)));
  return list;
}

function strengthText(setup) {
  const byId = new Map(setup.studies.map((s) => [s.id, s]));
  const steps = setup.strength_steps.map((step) => {
    const a = byId.get(step.from);
    const b = byId.get(step.to);
    return (
      `from ${a.players} to ${b.players} ${setup.first}'s score ${step.change} ` +
      `(${percent(a.first_player_score.value)} → ${percent(b.first_player_score.value)})`
    );
  });
  return steps.length ? `With strength: ${steps.join('; ')}.` : 'With strength: not measured yet.';
}

// Drawn at least at its own size, so that its labels keep their size: on a phone the figure
// scrolls sideways (focusable, so that keys scroll it too).
function plot(file, alt, caption) {
  return el(
    'figure',
    { className: 'facts-plot', tabIndex: 0 },
    el('img', { src: `/static/facts/${file}`, alt, width: 720, height: 400 }),
    el('figcaption', {}, caption),
  );
}

function setupSection(setup) {
  const headingId = `facts-${setup.id}`;
  const section = el('section', { className: 'panel facts-setup' }, el('h2', { id: headingId }, setup.title));
  section.setAttribute('aria-labelledby', headingId);
  section.dataset.setup = setup.id;
  // What is known of perfect play, beside what was measured (claimed elsewhere or proved).
  if (setup.theory) section.append(el('p', { className: 'facts-theory' }, setup.theory));
  const matchStudies = setup.match_studies ?? [];
  if (!setup.studies.length && !matchStudies.length) {
    section.append(el('p', { className: 'muted' }, 'Not measured yet.'));
    return section;
  }
  section.append(verdicts(setup), studyTable(setup), el('p', {}, strengthText(setup)));
  if (matchStudies.length) section.append(...matchTable(setup));
  const plots = el('div', { className: 'facts-plots' });
  if (setup.score_plot) {
    plots.append(
      plot(
        setup.score_plot,
        `${setup.first}'s score by strength, ${setup.title}`,
        `${setup.first}'s score by strength`,
      ),
    );
  }
  for (const study of setup.studies) {
    for (const p of study.plots) {
      plots.append(plot(p.file, `${p.title}, ${study.players}, ${setup.title}`, `${p.title}: ${study.players}`));
    }
  }
  section.append(el('h3', {}, 'Plots'), plots);
  const commands = el('details', {}, el('summary', {}, 'The commands behind these figures'));
  for (const study of [...setup.studies, ...matchStudies])
    commands.append(el('pre', {}, el('code', {}, study.command)));
  section.append(commands);
  return section;
}

export async function showFactsPage(app) {
  document.title = 'Game facts';
  ensureStylesheet();
  let facts;
  try {
    const response = await fetch(FACTS);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    facts = await response.json();
  } catch (error) {
    app.textContent = `The game facts could not be loaded: ${error.message}`;
    return;
  }
  const intro = el(
    'section',
    { className: 'panel' },
    el('h1', {}, 'Game facts'),
    el(
      'p',
      {},
      'Measured by playing many games with this program: whether the first player is ' +
        'favoured, how long games last, how many moves there are to choose from, and how games ' +
        'end, in random play and in the engine playing itself. A side is favoured when the 95% ' +
        "interval of the first player's score (a draw counts half) lies wholly above or below 50%. " +
        "A ply is one player's turn.",
    ),
    el('p', {}, 'Back to ', el('a', { href: '/rules' }, 'the rules'), '.'),
  );
  app.replaceChildren(intro, ...facts.setups.map(setupSection));
}
