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

function gamesCell(study) {
  const cell = el('td', {}, el('span', { className: 'facts-games' }, count(study.games)));
  if (!study.complete) {
    cell.append(
      el('br'),
      el(
        'span',
        { className: 'facts-incomplete' },
        `not complete: ${count(study.games)} of the ${count(study.planned_games)} planned games so far`,
      ),
    );
  }
  return cell;
}

function studyRow(setup, study) {
  const p = study.plies;
  const endings = el('ul', { className: 'facts-endings' });
  for (const e of study.endings) endings.append(el('li', {}, `${e.name} ${percent(e.share)}`));
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
    el('td', {}, endings),
  );
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
    'How games end',
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
  if (!setup.studies.length) {
    section.append(el('p', { className: 'muted' }, 'Not measured yet.'));
    return section;
  }
  section.append(verdicts(setup), studyTable(setup), el('p', {}, strengthText(setup)));
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
  for (const study of setup.studies) commands.append(el('pre', {}, el('code', {}, study.command)));
  section.append(commands);
  return section;
}

export async function showFactsPage(app) {
  document.title = 'Game facts — Ordo and Order and Chaos';
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
