// Order and Chaos in a real browser: starting a game from the start page, placing a
// symbol by choosing it and then a square (by mouse and by keyboard), the engine's
// answer, the winning line and the move list.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { apiPost, clickSquare, createGame, launch, newPage, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The symbol on a square of the shown board: 'X', 'O' or null. */
async function symbolAt(page, square) {
  const mark = page.locator(`#board g.oc-symbol[data-square="${square}"]`);
  return (await mark.count()) ? mark.getAttribute('data-symbol') : null;
}

test('starts a one-screen game from the start page and places symbols by clicking', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.getByRole('radio', { name: 'Order and Chaos', exact: true }).check();
  await page.getByRole('radio', { name: 'Two players on this screen' }).check();
  await page.getByRole('radio', { name: /exact five/ }).check();
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.waitForURL(/\/play\/[^/?]+\?token=/);
  await waitForPly(page, 0);
  assert.equal(await page.locator('#board rect.square').count(), 36);
  assert.match(await page.locator('#status').innerText(), /Order to move/);
  assert.match(await page.locator('.player-bar[data-side="black"] .player-name').innerText(), /Chaos/);
  assert.ok(await page.locator('#draw-offer').isHidden(), 'Order and Chaos has no draw offers');

  // X is chosen at first: a click on c3 places X there.
  await clickSquare(page, 'c3');
  await waitForPly(page, 1);
  assert.equal(await symbolAt(page, 'c3'), 'X');
  assert.match(await page.locator('#board rect[data-square="c3"]').getAttribute('class'), /mark-to/);
  assert.match(await page.locator('#status').innerText(), /Chaos to move/);

  // Symbol first, then square: O, then d4.
  await page.locator('#symbol-picker [data-symbol="O"]').click();
  assert.equal(await page.locator('#symbol-picker [data-symbol="O"]').getAttribute('aria-checked'), 'true');
  await clickSquare(page, 'd4');
  await waitForPly(page, 2);
  assert.equal(await symbolAt(page, 'd4'), 'O');

  // The keyboard: X chooses the symbol, Tab reaches a square, Enter places.
  await page.keyboard.press('x');
  assert.equal(await page.locator('#symbol-picker [data-symbol="X"]').getAttribute('aria-checked'), 'true');
  await page.locator('#board rect[data-square="a1"]').focus();
  await page.keyboard.press('Enter');
  await waitForPly(page, 3);
  assert.equal(await symbolAt(page, 'a1'), 'X');

  // A taken square offers nothing; the move list steps back.
  await clickSquare(page, 'c3');
  assert.equal(await page.locator('#board').getAttribute('data-ply'), '3');
  assert.deepEqual(await page.locator('#move-list .move').allInnerTexts(), ['Xc3', 'Od4', 'Xa1']);
  await page.locator('#move-list .move[data-ply="1"]').click();
  await page.locator('#board[data-ply="1"][data-live="false"]').waitFor();
  assert.equal(await symbolAt(page, 'd4'), null);
  await page.keyboard.press('End');
  await waitForPly(page, 3);
  assert.deepEqual(page.errors, []);
});

test('the engine answers a placement', async () => {
  const created = await createGame({ mode: 'ai', game: 'orderchaos', ai: { level: 1, color: 'black' } });
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  await page.locator('#symbol-picker [data-symbol="O"]').click();
  await clickSquare(page, 'c4');
  await waitForPly(page, 2);
  assert.equal(await symbolAt(page, 'c4'), 'O');
  assert.equal(await page.locator('#board g.oc-symbol').count(), 2);
  assert.match(await page.locator('#status').innerText(), /Order to move/);
  await page.screenshot({ path: path.join(tmpdir(), 'orderchaos-ai.png') });
  assert.deepEqual(page.errors, []);
});

test('five in a row ends the game and marks the line', async () => {
  const created = await createGame({ mode: 'local', game: 'orderchaos' });
  const moves = ['Xa1', 'Oa6', 'Xb1', 'Oc5', 'Xc1', 'Oe6', 'Xd1', 'Ob3'];
  for (const [ply, move] of moves.entries()) {
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move, ply });
  }
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await waitForPly(page, 8);
  await clickSquare(page, 'e1');
  await waitForPly(page, 9);
  assert.match(await page.locator('#status').innerText(), /1-0 · Order wins: five in a row/);
  assert.equal(await page.locator('#board rect.square.win-line').count(), 5);
  assert.deepEqual(page.errors, []);
});

test("the analysis shows Order's win in one and its line", async () => {
  const created = await createGame({ mode: 'local', game: 'orderchaos' });
  const moves = ['Xa1', 'Oa6', 'Xb1', 'Oc5', 'Xc1', 'Oe6', 'Xd1', 'Ob3'];
  for (const [ply, move] of moves.entries()) {
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move, ply });
  }
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await waitForPly(page, 8);
  await page.getByLabel('Show engine analysis').check();
  const score = page.locator('#analysis-output .analysis-score');
  await score.waitFor();
  assert.match(await score.innerText(), /Evaluation Order wins in 1 /);
  assert.match(await page.locator('#analysis-output .analysis-line').innerText(), /Best line: Xe1/);
  assert.deepEqual(page.errors, []);
});

test("Chaos sees the board as Order does: it has no sides to turn (Ordo's Black does)", async () => {
  const chaos = await createGame({ mode: 'ai', game: 'orderchaos', ai: { level: 1, color: 'white' } });
  const black = await createGame({ mode: 'ai', game: 'ordo', ai: { level: 1, color: 'white' } });
  const page = await newPage(browser);
  await page.goto(chaos.links.black);
  await waitForPly(page, 1);
  assert.equal(await page.locator('.player-bar[data-seat="bottom"]').getAttribute('data-side'), 'white');
  await page.goto(black.links.black);
  await waitForPly(page, 1);
  assert.equal(await page.locator('.player-bar[data-seat="bottom"]').getAttribute('data-side'), 'black');
  assert.deepEqual(page.errors, []);
});
