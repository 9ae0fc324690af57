// Takeback requests in a network game, and whether the opponent is connected.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, createGame, launch, newPage, pieceAt, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function openBoth(created) {
  const white = await newPage(browser);
  const black = await newPage(browser);
  await white.goto(created.links.white);
  await black.goto(created.links.black);
  await waitForPly(white, 0);
  await waitForPly(black, 0);
  return { white, black };
}

test('a takeback request accepted by the other player takes the move back', async () => {
  const created = await createGame({ mode: 'network' });
  const { white, black } = await openBoth(created);
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(white, 1);
  await white.getByRole('button', { name: 'Ask to take back' }).click();
  await white.getByText('waiting for the answer').waitFor();
  await black.getByText('White asks to take back their last move.').waitFor();
  assert.equal(await white.getByRole('button', { name: 'Accept takeback' }).isVisible(), false);
  await black.getByRole('button', { name: 'Accept takeback' }).click();
  await waitForPly(white, 0);
  await waitForPly(black, 0);
  assert.equal(await pieceAt(white, 'c2'), 'white');
  assert.deepEqual([...white.errors, ...black.errors], []);
});

test('a declined takeback request is told to the player who asked', async () => {
  const created = await createGame({ mode: 'network' });
  const { white, black } = await openBoth(created);
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(white, 1);
  await white.getByRole('button', { name: 'Ask to take back' }).click();
  await black.getByRole('button', { name: 'Decline takeback' }).click();
  await white.getByText('The other player declined your takeback request.').waitFor();
  await waitForPly(black, 1);
  assert.equal(await white.getByRole('button', { name: 'Ask to take back' }).isVisible(), true);
});

test('each player sees whether the other one has the game open', async () => {
  const created = await createGame({ mode: 'network' });
  const black = await newPage(browser);
  await black.goto(created.links.black);
  await waitForPly(black, 0);
  const whiteMark = black.locator('.player-bar[data-side="white"] .presence');
  await black.locator('.player-bar[data-side="white"] .presence[data-connected="false"]').waitFor();
  assert.equal(await whiteMark.innerText(), 'not connected');
  const white = await newPage(browser);
  await white.goto(created.links.white);
  await black.locator('.player-bar[data-side="white"] .presence[data-connected="true"]').waitFor();
  await white.locator('.player-bar[data-side="black"] .presence[data-connected="true"]').waitFor();
  assert.equal(await black.locator('.player-bar[data-side="black"] .presence').count(), 0, "no mark on one's own bar");
  // The server notices a closed page when a write to its stream fails: at the next
  // keep-alive (every 15 s), or the one after.
  await white.close();
  await black.locator('.player-bar[data-side="white"] .presence[data-connected="false"]').waitFor({ timeout: 60000 });
});
