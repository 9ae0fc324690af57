// Issue 59, broken path 4: until each side has moved, a player aborts instead of resigning,
// and nobody's rating moves. Two registered players in two browsers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asAccount } from './account-helpers.mjs';
import { launch, newPage, register, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Ann (white) and Bob registered in two browsers, a rated lobby game between them, both on its page. */
async function ratedGame() {
  const suffix = Math.random().toString(36).slice(2, 8);
  const names = { ann: `Ann-${suffix}`, bob: `Bob-${suffix}` };
  const ann = await newPage(browser);
  const bob = await newPage(browser, { width: 390, height: 844 });
  for (const page of [ann, bob]) page.on('dialog', (dialog) => dialog.accept());
  await register(ann, names.ann);
  await register(bob, names.bob);
  const posted = await asAccount(ann, 'POST', '/api/challenges', { color: 'white', rated: true });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  const accepted = await asAccount(bob, 'POST', `/api/challenges/${posted.body.challenge.id}/accept`, {});
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  const id = accepted.body.game;
  for (const page of [ann, bob]) {
    await page.goto(`/play/${id}`);
    await waitForPly(page, 0);
  }
  return { names, ann, bob, id };
}

async function playFirstLegal(page, ply) {
  const state = await (await page.request.get(`/api/games/${page.url().split('/').pop()}`)).json();
  await page.locator('#move-input').fill(state.legal[0]);
  await page.locator('#move-input').press('Enter');
  await waitForPly(page, ply);
}

test('before each side has moved the game is aborted, unrated, for both players', async () => {
  const { names, ann, bob } = await ratedGame();
  await playFirstLegal(ann, 1);
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
  const { names, ann, bob } = await ratedGame();
  await playFirstLegal(ann, 1);
  await waitForPly(bob, 1);
  await playFirstLegal(bob, 2);
  await waitForPly(ann, 2);
  assert.equal(await ann.getByRole('button', { name: 'Abort' }).isVisible(), false);
  await ann.getByRole('button', { name: 'Resign' }).click();
  await bob.locator('#status[data-result="0-1"]').waitFor();
  const player = await (await bob.request.get(`/api/players/${encodeURIComponent(names.bob)}`)).json();
  assert.equal(player.ratings.length, 1);
  assert.ok(player.ratings[0].rating > 1500);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
