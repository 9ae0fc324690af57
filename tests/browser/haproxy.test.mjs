// Two server instances on one PostgreSQL database behind HAProxy, configured as the
// deployment docs say (scripts/with-two-instances, started by scripts/test-browser): two
// players, each in a browser context of their own, play a network game while a spectator
// watches. HAProxy sends each request to the next instance, so the moves are made through
// both, and the spectator's page sees every one live, whichever instance streams to it;
// each page shows both players connected, wherever their streams are.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clickSquare, launch, newPage, waitForPly } from './helpers.mjs';

const PROXY = process.env.ORDO_PAIR_URL;
const STATS = process.env.ORDO_PAIR_STATS;

let browser;
before(async () => {
  assert.ok(PROXY && STATS, 'ORDO_PAIR_URL and ORDO_PAIR_STATS are set by scripts/test-browser');
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Requests each instance (servers a and b) has answered, from HAProxy's statistics. */
async function answeredByInstance() {
  const csv = (await (await fetch(STATS)).text()).trim().split('\n');
  const fields = csv[0].replace(/^# /, '').split(',');
  const column = (row, name) => row[fields.indexOf(name)];
  const answered = {};
  for (const row of csv.slice(1).map((line) => line.split(','))) {
    if (column(row, 'pxname') === 'instances' && ['a', 'b'].includes(column(row, 'svname')))
      answered[column(row, 'svname')] = Number(column(row, 'req_tot'));
  }
  return answered;
}

/** A simple move (one piece, FROM-TO) of the side to move, from the game's state. */
async function aSimpleMove(id) {
  const state = await (await fetch(new URL(`/api/games/${id}`, PROXY))).json();
  const move = state.legal.find((m) => /^[a-j]\d{1,2}-[a-j]\d{1,2}$/.test(m));
  assert.ok(move, `a simple move among ${state.legal.slice(0, 5)}`);
  return move.split('-');
}

test('two players and a spectator through HAProxy: every move seen live', async () => {
  const before = await answeredByInstance();
  const page = async () => newPage(browser, { width: 1280, height: 800 }, { baseURL: PROXY });
  const start = await page();
  await start.goto('/');
  await start.getByRole('radio', { name: 'Two players over the network' }).check();
  await start.getByRole('button', { name: 'Start game' }).click();
  const links = {};
  for (const seat of ['White', 'Black', 'Spectators'])
    links[seat] = await start.getByLabel(`${seat} link`).inputValue();
  const id = new URL(links.Spectators).pathname.split('/').filter(Boolean).pop();
  const [white, black, spectator] = [await page(), await page(), await page()];
  await white.goto(links.White);
  await black.goto(links.Black);
  await spectator.goto(links.Spectators);
  for (const p of [white, black, spectator]) await waitForPly(p, 0);
  // Each player's stream may be on either instance; both show the other connected.
  const connectedMark = (p, side) => p.locator(`.player-bar[data-side="${side}"] .presence[data-connected="true"]`);
  await connectedMark(white, 'black').waitFor();
  await connectedMark(black, 'white').waitFor();
  for (const side of ['white', 'black']) await connectedMark(spectator, side).waitFor();

  const plies = 6;
  for (let ply = 0; ply < plies; ply += 1) {
    const [mover, other] = ply % 2 === 0 ? [white, black] : [black, white];
    const [from, to] = await aSimpleMove(id);
    await clickSquare(mover, from);
    await clickSquare(mover, to);
    // Live: the spectator's page is not reloaded; its event stream brings each move.
    await waitForPly(spectator, ply + 1);
    await waitForPly(other, ply + 1);
  }
  const state = await (await fetch(new URL(`/api/games/${id}`, PROXY))).json();
  assert.equal(state.ply, plies);

  const now = await answeredByInstance();
  for (const instance of ['a', 'b'])
    assert.ok(now[instance] - (before[instance] ?? 0) >= plies, `instance ${instance} answered ${JSON.stringify(now)}`);
  for (const p of [start, white, black, spectator]) assert.deepEqual(p.errors, []);
});
