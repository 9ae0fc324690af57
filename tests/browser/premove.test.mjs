// Premoves in a timed game: one move queued on the board while the other player thinks,
// sent when the turn comes (and judged by the server then), dropped by a click.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, clickSquare, createGame, launch, newPage, pieceAt, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function waitingBlack(clock = { initial_ms: 600000, increment_ms: 0 }) {
  const created = await createGame({ mode: 'network', ...(clock ? { clock } : {}) });
  const page = await newPage(browser);
  await page.goto(created.links.black);
  await waitForPly(page, 0);
  return { created, page };
}

test("a move queued while White thinks is played when Black's turn comes", async () => {
  const { created, page } = await waitingBlack();
  await clickSquare(page, 'c7');
  await clickSquare(page, 'c6');
  await page.locator('#premove-bar').getByText('Premove c7-c6').waitFor();
  assert.equal(await page.locator('#board rect.premove').count(), 2, 'its squares are marked');
  assert.equal(await pieceAt(page, 'c7'), 'black', 'nothing is played yet');
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(page, 2);
  assert.equal(await pieceAt(page, 'c6'), 'black');
  assert.equal(await page.locator('#move-list .move[data-ply="2"]').innerText(), 'c7-c6');
  assert.equal(await page.locator('#premove-bar').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a click on the board cancels the premove', async () => {
  const { created, page } = await waitingBlack();
  await clickSquare(page, 'c7');
  await clickSquare(page, 'c6');
  await page.locator('#premove-bar').waitFor();
  await clickSquare(page, 'e4');
  await page.locator('#premove-bar').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#board rect.premove').count(), 0);
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(page, 1);
  assert.match(await page.locator('#status').innerText(), /Black to move/);
});

test('a premove that the reply made illegal is refused by the server, and the page says so', async () => {
  // Order and Chaos: Chaos queues a placement on c3, and Order takes c3 first.
  const created = await createGame({
    mode: 'network',
    game: 'orderchaos',
    clock: { initial_ms: 600000, increment_ms: 0 },
  });
  const page = await newPage(browser);
  await page.goto(created.links.black);
  await waitForPly(page, 0);
  await clickSquare(page, 'c3');
  await page.locator('#premove-bar').getByText('Premove Xc3').waitFor();
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'Oc3', ply: 0 });
  await waitForPly(page, 1);
  await page.locator('#error').getByText('Your premove Xc3 was not played').waitFor();
  assert.match(await page.locator('#status').innerText(), /Chaos to move/);
  assert.equal(await page.locator('#premove-bar').isVisible(), false);
});

test('an untimed game takes no premoves', async () => {
  const { page } = await waitingBlack(null);
  await clickSquare(page, 'c7');
  await clickSquare(page, 'c6');
  assert.equal(await page.locator('#premove-bar').isVisible(), false);
  assert.equal(await page.locator('#board rect.premove').count(), 0);
});
