// The game-over dialog (result and reason, Rematch, New game) and rematches: at once on
// one screen and against the computer, accepted by the other player over the network.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, createGame, eachSideMoves, launch, newPage, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('the game ending on the page opens the dialog; Rematch swaps the colours', async () => {
  const created = await createGame({ mode: 'local', size: '8x8', players: { white: 'Ada', black: 'Ben' } });
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  const page = await newPage(browser);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(created.links.white);
  await waitForPly(page, 1);
  assert.equal(await page.locator('#game-over').isVisible(), false, 'no dialog while the game goes on');
  await page.getByRole('button', { name: 'Resign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game over' });
  await dialog.waitFor();
  assert.match(await dialog.locator('.game-over-result').innerText(), /^1-0 · White wins.*resign/i);
  assert.equal(await dialog.getByRole('link', { name: 'New game' }).getAttribute('href'), '/');
  await dialog.getByRole('button', { name: 'Rematch' }).click();
  await page.waitForURL((url) => !url.pathname.includes(created.id) && url.pathname.startsWith('/play/'));
  await waitForPly(page, 0);
  // Same board, the names swapped with the colours.
  assert.equal(await page.locator('#board rect.square').count(), 64);
  assert.match(await page.locator('.player-bar[data-side="white"] .player-name').innerText(), /Ben/);
  assert.match(await page.locator('.player-bar[data-side="black"] .player-name').innerText(), /Ada/);
  assert.deepEqual(page.errors, []);
});

test('a finished game opened later shows the choices under the status, not the dialog', async () => {
  const created = await createGame({ mode: 'local' });
  await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.white });
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await page.locator('#status[data-result="0-1"]').waitFor();
  assert.equal(await page.locator('#game-over').isVisible(), false);
  await page.locator('#after-game').getByRole('button', { name: 'Rematch' }).waitFor();
  assert.equal(await page.locator('#after-game').getByRole('link', { name: 'New game' }).isVisible(), true);
});

test('the dialog closes (button or Escape); its choices stay under the status', async () => {
  const created = await createGame({ mode: 'local' });
  const page = await newPage(browser);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog', { name: 'Game over' }).waitFor();
  assert.equal(await page.locator('#after-game').isVisible(), false);
  await page.getByRole('button', { name: 'Close the game-over dialog' }).click();
  await page.locator('#after-game').waitFor();
  assert.equal(await page.locator('#game-over').isVisible(), false);
  // Escape closes it too (the dialog has the focus when it opens).
  const again = await createGame({ mode: 'local' });
  await page.goto(again.links.white);
  await waitForPly(page, 0);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog', { name: 'Game over' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
});

test('against the computer, a rematch gives the player the other colour and the engine opens', async () => {
  const created = await createGame({ mode: 'ai', size: '8x8', ai: { level: 1, color: 'black' } });
  const page = await newPage(browser);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog', { name: 'Game over' }).getByRole('button', { name: 'Rematch' }).click();
  await page.waitForURL((url) => !url.pathname.includes(created.id) && url.pathname.startsWith('/play/'));
  await waitForPly(page, 1); // the engine, White now, has moved
  assert.match(await page.locator('.player-bar[data-side="black"] .player-name').innerText(), /\byou\b/i); // "Black: You", or "Black: NAME (you)"
  assert.match(await page.locator('.player-bar[data-side="white"] .player-name').innerText(), /Engine/);
});

test('over the network the other player accepts the rematch, and both pages follow', async () => {
  const created = await createGame({ mode: 'network' });
  const white = await newPage(browser);
  const black = await newPage(browser);
  await white.goto(created.links.white);
  await black.goto(created.links.black);
  await eachSideMoves(created);
  await waitForPly(white, 2);
  await waitForPly(black, 2);
  await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.black });
  // The game ended while both watched: both see the dialog.
  const whiteDialog = white.getByRole('dialog', { name: 'Game over' });
  const blackDialog = black.getByRole('dialog', { name: 'Game over' });
  await whiteDialog.waitFor();
  await blackDialog.waitFor();
  await whiteDialog.getByRole('button', { name: 'Rematch' }).click();
  await whiteDialog.getByText('waiting for the other player').waitFor();
  await blackDialog.getByText('White offers a rematch').waitFor();
  await blackDialog.getByRole('button', { name: 'Accept rematch' }).click();
  for (const page of [white, black]) {
    await page.waitForURL((url) => !url.pathname.includes(created.id) && url.pathname.startsWith('/play/'));
    await waitForPly(page, 0);
  }
  assert.equal(new URL(white.url()).pathname, new URL(black.url()).pathname, 'the same new game');
  assert.match(await white.locator('.player-bar[data-side="black"] .player-name').innerText(), /\(you\)/);
  assert.match(await black.locator('.player-bar[data-side="white"] .player-name').innerText(), /\(you\)/);
  assert.deepEqual([...white.errors, ...black.errors], []);
});

test('a declined rematch is told to the player who offered it', async () => {
  const created = await createGame({ mode: 'network' });
  const white = await newPage(browser);
  const black = await newPage(browser);
  await white.goto(created.links.white);
  await black.goto(created.links.black);
  await eachSideMoves(created);
  await waitForPly(white, 2);
  await waitForPly(black, 2);
  await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.white });
  await white.getByRole('dialog', { name: 'Game over' }).getByRole('button', { name: 'Rematch' }).click();
  await black.getByRole('dialog', { name: 'Game over' }).getByRole('button', { name: 'Decline rematch' }).click();
  await white.getByRole('dialog', { name: 'Game over' }).getByText('The other player declined the rematch.').waitFor();
});

test('a rematch offer can be accepted after a live update came while the own action was sent', async () => {
  // Issue 59: the page rendered the ended game from its event stream while its own resign
  // was still being answered (busy); Accept and Decline stayed disabled for good.
  const created = await createGame({ mode: 'network' });
  const white = await newPage(browser);
  const black = await newPage(browser);
  white.on('dialog', (dialog) => dialog.accept());
  await white.goto(created.links.white);
  await black.goto(created.links.black);
  await eachSideMoves(created);
  await waitForPly(white, 2);
  await waitForPly(black, 2);
  // The resign reaches the server at once; its answer is held until the page has drawn
  // the end of the game from the event stream, while the request is still in flight.
  await white.route('**/api/games/*/resign', async (route) => {
    const response = await route.fetch();
    await white.locator('#status[data-result="0-1"]').waitFor();
    await route.fulfill({ response });
  });
  const answered = white.waitForResponse((r) => r.url().endsWith('/resign'));
  await white.getByRole('button', { name: 'Resign' }).click();
  await answered;
  await apiPost(`/api/games/${created.id}/rematch`, { token: created.tokens.black, action: 'offer' });
  const dialog = white.getByRole('dialog', { name: 'Game over' });
  await dialog.getByText('Black offers a rematch').waitFor();
  const accept = dialog.getByRole('button', { name: 'Accept rematch' });
  assert.equal(await accept.isEnabled(), true, 'Accept rematch is enabled');
  assert.equal(await dialog.getByRole('button', { name: 'Decline rematch' }).isEnabled(), true);
  await accept.click();
  for (const page of [white, black]) {
    await page.waitForURL((url) => !url.pathname.includes(created.id) && url.pathname.startsWith('/play/'));
    await waitForPly(page, 0);
  }
  assert.deepEqual([...white.errors, ...black.errors], []);
});
