// Issue 59, broken path 4: until each side has moved, a player aborts instead of resigning,
// and nobody's rating moves; a rated result shows on the player's page with its date, the
// opponent's rating and the change. Two registered players in two browsers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { playFirstLegal, ratedLobbyGame } from './account-helpers.mjs';
import { launch, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A rated lobby game between two new accounts, both players on its page. */
async function ratedGame() {
  const game = await ratedLobbyGame(browser);
  for (const page of [game.ann, game.bob]) {
    await page.goto(`/play/${game.id}`);
    await waitForPly(page, 0);
  }
  return game;
}

test('before each side has moved the game is aborted, unrated, for both players', async () => {
  const { names, ann, bob, id } = await ratedGame();
  await playFirstLegal(ann, id, 1);
  await waitForPly(bob, 1);
  // Bob has not moved: he sees Abort, not Resign.
  const abort = bob.getByRole('button', { name: 'Abort' });
  await abort.waitFor();
  assert.equal(await bob.getByRole('button', { name: 'Resign' }).isVisible(), false);
  await abort.click();
  for (const page of [bob, ann]) {
    await page.locator('#status[data-result="aborted"]').waitFor();
    assert.match(await page.locator('#status').innerText(), /Game aborted/);
    assert.equal(await page.getByRole('button', { name: 'Abort' }).isVisible(), false);
  }
  const player = await (await ann.request.get(`/api/players/${encodeURIComponent(names.ann)}`)).json();
  assert.deepEqual(player.ratings, [], 'an aborted game rates nobody');
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});

test('once each side has moved only Resign is offered, and the result is rated', async () => {
  const { names, ann, bob, id } = await ratedGame();
  await playFirstLegal(ann, id, 1);
  await waitForPly(bob, 1);
  await playFirstLegal(bob, id, 2);
  await waitForPly(ann, 2);
  assert.equal(await ann.getByRole('button', { name: 'Abort' }).isVisible(), false);
  await ann.getByRole('button', { name: 'Resign' }).click();
  await bob.locator('#status[data-result="0-1"]').waitFor();
  const player = await (await bob.request.get(`/api/players/${encodeURIComponent(names.bob)}`)).json();
  assert.equal(player.ratings.length, 1);
  assert.ok(player.ratings[0].rating > 1500);
  const gained = Math.round(player.ratings[0].rating) - 1500;

  // Bob's page lists the game with its date, Ann's rating before it and what Bob gained.
  await bob.goto(`/players/${encodeURIComponent(names.bob)}`);
  const row = bob.locator('.player-games li', { hasText: `vs ${names.ann}` });
  await row.waitFor();
  assert.match(await row.getByRole('link').innerText(), new RegExp(`^0-1 vs ${names.ann} \\(1500\\)$`));
  assert.match(await row.innerText(), new RegExp(`rated \\+${gained}`));
  const date = Date.parse(await row.locator('time').getAttribute('datetime'));
  assert.ok(Math.abs(Date.now() - date) < 10 * 60_000, `ended at ${new Date(date).toISOString()}`);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
