// Mughrabieh against the real server: a whole match to 3 against the engine at level 1
// started from the start page and played on the tables board by clicks, game after game,
// with a reload mid-turn that shows the same dice and the match's record exported at its
// end; a pass that the server plays by itself, shown on the board; the
// analysis's best turns for the roll;
// screenshots of the board at laptop and phone widths (docs/screenshots/, SCREENSHOT_DIR
// elsewhere).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BASE, apiPost, createGame, launch, newPage, playTablesTurn } from './helpers.mjs';

const OUT =
  process.env.SCREENSHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The game's state as the seat sees it. */
async function state(page) {
  const url = new URL(page.url());
  const id = url.pathname.split('/').at(-1);
  const response = await fetch(new URL(`/api/games/${id}?token=${url.searchParams.get('token')}`, BASE));
  return response.json();
}

/** Waits until it is the player's turn on the board (answers true) or the game is over (false). */
async function waitForTurnOrEnd(page) {
  const handle = await page.waitForFunction(
    () => {
      const board = document.querySelector('#board');
      const result = document.querySelector('#status')?.dataset.result;
      if (result && result !== '*') return 'over';
      return board?.classList.contains('interactive') && board.dataset.live === 'true' && board.dataset.step === '0'
        ? 'turn'
        : null;
    },
    null,
    { timeout: 60000 },
  );
  return (await handle.jsonValue()) === 'turn';
}

/** Plays the player's turns by clicks until the game on the page ends; answers how many. */
async function playGameOut(page, onTurn = async () => {}) {
  let turns = 0;
  while (await waitForTurnOrEnd(page)) {
    await onTurn(turns);
    await playTablesTurn(page);
    turns++;
  }
  return turns;
}

/** One die played, then a reload: the same roll, all dice unused, nothing sent (true if tried). */
async function reloadMidTurn(page) {
  const before = await state(page);
  await page.locator('#board rect.hit.actionable[data-white]').first().click();
  const target = await page
    .locator('#board circle.target')
    .first()
    .evaluate((n) => n.dataset.white ?? null);
  if (!target || before.dice.values.length < 2 || !before.sequences.every((s) => s.includes(','))) {
    await page.keyboard.press('Escape'); // the page's key: the turn back at its start
    return false;
  }
  await page.locator(`#board rect.hit[data-white="${target}"]`).click();
  const partial = await page.locator('#board').getAttribute('data-dice');
  assert.match(partial, /u/);
  await page.reload();
  await page.locator('#board.tables-board.interactive').waitFor();
  assert.equal(await page.locator('#board').getAttribute('data-dice'), partial.replaceAll('u', ''));
  assert.equal(await page.locator('#board').getAttribute('data-step'), '0');
  const after = await state(page);
  assert.equal(after.ply, before.ply);
  assert.equal(after.dice.roll, before.dice.roll);
  return true;
}

test(
  'a whole match to 3 against the engine at level 1, from the start page; a reload mid-turn keeps the dice',
  { timeout: 900000 },
  async () => {
    const page = await newPage(browser, { width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('fieldset[data-choices=game]').getByLabel('Mughrabieh').check();
    await page.locator('input[name=level]').fill('1');
    // A match to the game's own 31 is offered first; a shorter one is a choice.
    assert.equal(await page.locator('select[name=match]').inputValue(), '31');
    await page.locator('select[name=match]').selectOption('3');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.waitForURL(/\/play\/[^/?]+\?token=/);
    await page.locator('#board.tables-board').waitFor();
    await page.locator('#status .match-score', { hasText: 'Match to 3 · game 1 · White 0, Black 0' }).waitFor();

    let reloaded = false;
    const turns = await playGameOut(page, async (turn) => {
      if (turn >= 2 && !reloaded) reloaded = await reloadMidTurn(page);
    });
    const first = await state(page);
    assert.notEqual(first.result.score, '*');
    const engineTurns = first.moves.filter((m) => m.by === 'black' && !m.roll).length;
    assert.ok(turns > 10 && engineTurns > 10, `${turns} turns played on the board, ${engineTurns} by the engine`);
    assert.ok(reloaded, 'the reload mid-turn was tried');
    assert.ok(
      first.moves.some((m) => m.move.includes('/off')),
      'the game ended with pieces borne off',
    );
    // Every roll is in the move list, beside its turn.
    assert.equal(await page.locator('#move-list .move.roll').count(), first.moves.filter((m) => m.roll).length);

    // Game after game until a side has 3 points: each next game from the game-over dialog.
    let end = first;
    const dialog = page.locator('#game-over');
    while (!end.match.over) {
      await dialog.locator('.game-over-match', { hasText: `begins game ${end.match.game + 1}` }).waitFor();
      await dialog.getByRole('link', { name: 'Next game' }).click();
      await page.waitForURL((url) => url.pathname === `/play/${end.match.next}`);
      const score = `White ${end.match.score.white}, Black ${end.match.score.black}`;
      await page.locator('#status .match-score', { hasText: `game ${end.match.game + 1} · ${score}` }).waitFor();
      const before = end;
      await playGameOut(page);
      end = await state(page);
      assert.equal(end.match.game, before.match.game + 1);
      assert.deepEqual(end.match.before, before.match.score);
    }
    const winner = end.match.winner === 'white' ? 'White' : 'Black';
    await dialog.locator('h2', { hasText: 'Match over' }).waitFor();
    assert.match(await dialog.locator('.game-over-match').textContent(), new RegExp(`${winner} wins the match to 3`));
    assert.ok(end.match.score[end.match.winner] >= 3);
    assert.equal(await dialog.getByRole('button', { name: 'New match' }).isVisible(), true);

    // The match's record: every game, numbered, with the score before it.
    const href = await page.locator('#export-match').getAttribute('href');
    const records = await (await fetch(new URL(href, BASE))).text();
    for (let game = 1; game <= end.match.game; game++) assert.match(records, new RegExp(`\\[MatchGame "${game}"\\]`));
    assert.equal((records.match(/\[Match "3"\]/g) ?? []).length, end.match.game);
    assert.deepEqual(page.errors, []);
  },
);

test('a game of a match ends in front of a player, who goes on to the next game in the same seat', async () => {
  const created = await createGame({ mode: 'network', game: 'mughrabieh', match_to: 31 });
  // Each side moves (the API's first legal turn), so that a resignation is no abort.
  const moved = new Set();
  while (moved.size < 2) {
    const now = await (await fetch(new URL(`/api/games/${created.id}`, BASE))).json();
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens[now.to_move], move: now.legal[0] });
    moved.add(now.to_move);
  }
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(created.links.black);
  await page.locator('#status .match-score', { hasText: 'Match to 31 · game 1 · White 0, Black 0' }).waitFor();
  const resigned = await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.white });
  const points = resigned.result.points;
  const dialog = page.locator('#game-over');
  await dialog
    .locator('.game-over-match', { hasText: `Match score White 0, Black ${points} (to 31). Black begins game 2.` })
    .waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Rematch' }).count(), 0);
  await dialog.getByRole('link', { name: 'Next game' }).click();
  await page.waitForURL((url) => url.pathname === `/play/${resigned.match.next}`);
  await page.locator('#status .match-score', { hasText: `Match to 31 · game 2 · White 0, Black ${points}` }).waitFor();
  // Black began game 2 and holds its seat with the same link's token.
  const next = await (
    await fetch(new URL(`/api/games/${resigned.match.next}?token=${created.tokens.black}`, BASE))
  ).json();
  assert.deepEqual(next.you, ['black']);
  assert.equal(next.moves[0].by, 'black');
  await page.locator('#board.tables-board.interactive').waitFor();
  assert.deepEqual(page.errors, []);
});

test("a match's records imported on the start page open its last game, with the match's score", async () => {
  const created = await createGame({ mode: 'local', game: 'mughrabieh', match_to: 31 });
  const resigned = await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.white });
  const points = resigned.result.points;
  const records = await (await fetch(new URL(`/api/games/${created.id}/match-record`, BASE))).text();
  assert.match(records, /\[MatchGame "2"\]/);
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto('/');
  await page.getByLabel('Record text').fill(records);
  await page.getByRole('button', { name: 'Import' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/play/') && !url.pathname.endsWith(resigned.match.next));
  await page.locator('#status .match-score', { hasText: `Match to 31 · game 2 · White 0, Black ${points}` }).waitFor();
  await page.locator('#board.tables-board.interactive').waitFor();
  const imported = await state(page);
  assert.equal(imported.match.starter, 'black');
  assert.notEqual(imported.match.previous, created.id); // a copy, with a game 1 of its own
  assert.deepEqual(page.errors, []);
});

test('a clock with a delay per move, chosen on the start page, is kept by the game and shown with it', async () => {
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto('/');
  await page.locator('fieldset[data-choices=game]').getByLabel('Mughrabieh').check();
  await page.locator('select[name=match]').selectOption('');
  await page.locator('input[name=clock]').check();
  await page.locator('input[name=minutes]').fill('5');
  await page.locator('input[name=increment]').fill('0');
  await page.locator('input[name=delay]').fill('12');
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/play\/[^/?]+\?token=/);
  await page.locator('#game-kind', { hasText: '5+0, 12 s delay per move' }).waitFor();
  const created = await state(page);
  assert.equal(created.clock.delay_ms, 12000);
  assert.equal(created.match, null);
  // Once the clock runs (after White's first turn), the free seconds of the turn count
  // down beside the running clock, which keeps its time meanwhile.
  await page.locator('#board.tables-board.interactive').waitFor();
  await playTablesTurn(page);
  const running = page.locator('.player-bar:has(.clock.running)');
  const delay = running.locator('.clock-delay:not([hidden])');
  await delay.waitFor();
  const seconds = Number((await delay.textContent()).match(/^delay (\d+\.\d) s$/)?.[1]);
  assert.ok(seconds > 0 && seconds <= 12, `${await delay.textContent()}`);
  assert.equal(await running.locator('.clock').textContent(), '5:00');
  await page.waitForFunction(
    (before) =>
      Number(document.querySelector('.player-bar .clock-delay:not([hidden])')?.textContent.match(/[\d.]+/)) < before,
    seconds,
  );
  assert.deepEqual(page.errors, []);
});

test('a roll that moves nothing passes by itself, and the board says so', async () => {
  // White's runner on its 20 faces six Black points in a row (White's 19 to 14): every
  // roll passes; White's other pieces wait for the runner (the first piece).
  const game = await createGame({ mode: 'local', game: 'mughrabieh', position: '24x14,20/24x9,11,10,9,8,7,6 w -' });
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(game.links.white ?? game.links.local ?? `/play/${game.id}?token=${game.token}`);
  await page.locator('#board.tables-board').waitFor();
  await page.locator('#board .board-notice', { hasText: /White: no move with \d-\d, pass/ }).waitFor();
  assert.ok((await page.locator('#move-list .move', { hasText: /^pass$/ }).count()) === 1);
  // Black (at the same screen) has its own roll now and may move.
  await page.locator('#board.interactive').waitFor();
  assert.deepEqual(page.errors, []);
});

test('the analysis lists the best turns for the roll, the best first', async () => {
  // Both sides have a piece in the final six: the first-piece rule no longer binds, so
  // every roll has several distinct turns.
  const game = await createGame({
    mode: 'local',
    game: 'mughrabieh',
    position: '24x10,13x2,8,5,3/24x10,13x2,8,5,3 w -',
  });
  const page = await newPage(browser, { width: 1280, height: 800 });
  await page.goto(game.links.white ?? game.links.local ?? `/play/${game.id}?token=${game.token}`);
  await page.locator('#board.tables-board.interactive').waitFor();
  await page.getByLabel('Show engine analysis').check();
  const items = page.locator('#analysis-output .analysis-ranked li');
  await items.first().waitFor();
  const n = await items.count();
  assert.ok(n >= 2 && n <= 5, `${n} turns listed`);
  const best = await page.locator('#analysis-output .analysis-line .pv-move').first().textContent();
  assert.equal(await items.first().locator('.pv-move').textContent(), best);
  // Listed best first: each value is at least the next one's (White's view, White to move).
  const values = await items.evaluateAll((lis) => lis.map((li) => Number(li.textContent.trim().split(' ').at(-1))));
  for (let i = 1; i < values.length; i++) assert.ok(values[i - 1] >= values[i], values.join(' '));
  // Equity, in thousandths of a point from -1 to +1 (not Ordo's hundredths of a piece).
  for (const value of values) assert.ok(Math.abs(value) <= 1, values.join(' '));
  const shown = await page.locator('#analysis-output .analysis-score').textContent();
  assert.match(shown, /^Equity [+-]?\d\.\d{3} \(White's view\)/);
  const answer = await apiPost(`/api/games/${game.id}/analyze`, { token: game.tokens.white, movetime_ms: 200 });
  assert.ok(Math.abs(answer.score) <= 1000, `score ${answer.score}`);
  assert.deepEqual(page.errors, []);
});

for (const [name, viewport] of Object.entries({
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
})) {
  test(`${name} screenshot of the Mughrabieh board mid-turn`, async () => {
    mkdirSync(OUT, { recursive: true });
    const game = await createGame({
      mode: 'local',
      game: 'mughrabieh',
      players: { white: 'Ada', black: 'Ben' },
      position: '24x6,13x3,8x2,6x3,3/24x7,16x2,11,7x3,4x2 w -',
    });
    const page = await newPage(browser, viewport);
    await page.goto(game.links.white ?? game.links.local ?? `/play/${game.id}?token=${game.token}`);
    await page.locator('#board.tables-board.interactive').waitFor();
    await page.locator('#board rect.hit.actionable[data-white]').first().click();
    assert.ok((await page.locator('#board circle.target').count()) > 0, 'a piece picked up shows its places');
    await page.screenshot({ path: path.join(OUT, `mughrabieh-board-${name}.png`) });
    assert.deepEqual(page.errors, []);
  });
}
