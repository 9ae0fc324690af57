// Mughrabieh against the real server: a whole game against the engine at level 1 started
// from the start page and played on the tables board by clicks, with a reload mid-turn
// that shows the same dice; a pass that the server plays by itself, shown on the board; the
// analysis's best turns for the roll;
// screenshots of the board at laptop and phone widths (docs/screenshots/, SCREENSHOT_DIR
// elsewhere).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BASE, createGame, launch, newPage, playTablesTurn } from './helpers.mjs';

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

test(
  'a whole game against the engine at level 1, from the start page; a reload mid-turn keeps the dice',
  { timeout: 600000 },
  async () => {
    const page = await newPage(browser, { width: 1280, height: 800 });
    await page.goto('/');
    await page.locator('fieldset[data-choices=game]').getByLabel('Mughrabieh').check();
    await page.locator('input[name=level]').fill('1');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.waitForURL(/\/play\/[^/?]+\?token=/);
    await page.locator('#board.tables-board').waitFor();

    let turns = 0;
    let reloaded = false;
    while (await waitForTurnOrEnd(page)) {
      if (turns >= 2 && !reloaded) {
        // One die played, then a reload: the same roll, all dice unused, nothing sent.
        const before = await state(page);
        await page.locator('#board rect.hit.actionable[data-white]').first().click();
        const target = await page
          .locator('#board circle.target')
          .first()
          .evaluate((n) => n.dataset.white ?? null);
        if (target && before.dice.values.length > 1 && before.sequences.every((s) => s.includes(','))) {
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
          reloaded = true;
        } else {
          await page.keyboard.press('Escape'); // the page's key: the turn back at its start
        }
      }
      await playTablesTurn(page);
      turns++;
      if (turns === 1) {
        // The engine's roll and turn come back by themselves.
        await page.locator('#move-list .move.roll').nth(1).waitFor();
      }
    }
    const end = await state(page);
    assert.notEqual(end.result.score, '*');
    assert.match(await page.locator('#status').textContent(), /wins/);
    const engineTurns = end.moves.filter((m) => m.by === 'black' && !m.roll).length;
    assert.ok(turns > 10 && engineTurns > 10, `${turns} turns played on the board, ${engineTurns} by the engine`);
    assert.ok(reloaded, 'the reload mid-turn was tried');
    assert.ok(
      end.moves.some((m) => m.move.includes('/off')),
      'the game ended with pieces borne off',
    );
    // Every roll is in the move list, beside its turn.
    assert.equal(await page.locator('#move-list .move.roll').count(), end.moves.filter((m) => m.roll).length);
    assert.deepEqual(page.errors, []);
  },
);

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
