// Two server instances on one PostgreSQL database behind HAProxy, configured as the
// deployment docs say (scripts/with-two-instances, started by scripts/test-browser): two
// players, each in a browser context of their own, play a network game while a spectator
// watches. HAProxy sends each request to the next instance, so the moves are made through
// both, and the spectator's page sees every one live, whichever instance streams to it;
// each page shows both players connected, wherever their streams are.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, clickSquare, createGame, launch, newPage, playTablesTurn, waitForPly } from './helpers.mjs';

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

// A match of the dice game between two browsers through both instances: each roll and turn
// reaches the other page live, and when a game ends both players go on to the one next game,
// made once though each instance may see the ending; non-ASCII names go with the match.
test('a Mughrabieh match through HAProxy: turns seen live, one next game for both players', async () => {
  const page = async () => newPage(browser, { width: 1280, height: 800 }, { baseURL: PROXY });
  const created = await createGame(
    { mode: 'network', game: 'mughrabieh', match_to: 31, players: { white: 'Zoë', black: 'Łukasz' } },
    PROXY,
  );
  const seats = { white: await page(), black: await page() };
  for (const side of ['white', 'black']) {
    await seats[side].goto(created.links[side]);
    await seats[side].locator('#status .match-score', { hasText: 'Match to 31 · game 1' }).waitFor();
  }
  const current = async () => (await fetch(new URL(`/api/games/${created.id}`, PROXY))).json();
  // Two turns on the boards, one each, each seen on the other page without a reload.
  for (let turn = 0; turn < 2; turn++) {
    const before = await current();
    const [mover, other] = before.to_move === 'white' ? [seats.white, seats.black] : [seats.black, seats.white];
    await mover.locator('#board.tables-board.interactive').waitFor();
    await playTablesTurn(mover);
    const after = await current();
    await other.locator(`#board[data-ply="${after.ply}"]`).waitFor();
  }
  const resigned = await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.white }, PROXY);
  const next = resigned.match.next;
  assert.ok(next, JSON.stringify(resigned.match));
  for (const side of ['white', 'black']) {
    const dialog = seats[side].locator('#game-over');
    await dialog.getByRole('link', { name: 'Next game' }).click();
    await seats[side].waitForURL((url) => url.pathname === `/play/${next}`);
    await seats[side]
      .locator('#status .match-score', { hasText: `game 2 · White 0, Black ${resigned.result.points}` })
      .waitFor();
  }
  // Each instance knows the same next game; the names came along.
  for (let ask = 0; ask < 4; ask++) assert.equal((await current()).match.next, next);
  const second = await (await fetch(new URL(`/api/games/${next}`, PROXY))).json();
  assert.deepEqual(second.players, { white: 'Zoë', black: 'Łukasz' });
  assert.equal(
    await seats.black.locator('.player-bar[data-side="black"] .player-name').textContent(),
    'Black: Łukasz (you)',
  );
  for (const p of Object.values(seats)) assert.deepEqual(p.errors, []);
});
