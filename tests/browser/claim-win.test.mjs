// Issue 59, broken path 4: a player whose opponent has left a live game may claim the win
// after a countdown the page shows; a return stops it. Two registered players in two
// browsers on a server of the test's own, whose claim opens after 4 s (the default is 30).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { playFirstLegal, ratedLobbyGame } from './account-helpers.mjs';
import { launch, waitForPly } from './helpers.mjs';
import { OwnServer } from './own-server.mjs';

let browser, server, data;
before(async () => {
  data = mkdtempSync(path.join(tmpdir(), 'ordo-claim-'));
  server = await OwnServer.start(path.join(data, 'games'), { args: ['--claim-after-leaving', '4'] });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (data) rmSync(data, { recursive: true, force: true });
});

test('the player who stayed counts down, sees a return stop it, and then claims the win', async () => {
  const { names, ann, bob, id } = await ratedLobbyGame(browser, { baseURL: server.url });
  for (const page of [ann, bob]) {
    await page.goto(`/play/${id}`);
    await waitForPly(page, 0);
  }
  // Each registered player's rating stands beside the name, "?" while provisional.
  const bobBar = ann.locator('.player-bar[data-side="black"] .player-name');
  assert.match(await bobBar.innerText(), new RegExp(`${names.bob} \\(1500\\?\\)`));
  assert.equal(await bobBar.locator('.player-rating').getAttribute('title'), 'provisional: few rated games yet');
  await playFirstLegal(ann, id, 1);
  await waitForPly(bob, 1);
  await playFirstLegal(bob, id, 2);
  await waitForPly(ann, 2);
  const claim = ann.locator('#claim-win');
  assert.equal(await claim.isVisible(), false, 'Bob is there');

  // Bob closes the page: Ann is told, and counts down with the button disabled.
  const bobs = bob.context();
  await bob.close();
  await claim.getByText('Your opponent has left the game.').waitFor();
  await claim.getByText(/You may claim the win in \d s/).waitFor();
  assert.equal(await claim.getByRole('button', { name: 'Claim the win' }).isDisabled(), true);
  assert.equal(await ann.locator('#claim-win [role="status"]').count(), 1);

  // He comes back (his seat follows his account): the offer goes away.
  const back = await bobs.newPage();
  await back.goto(`/play/${id}`);
  await waitForPly(back, 2);
  await claim.waitFor({ state: 'hidden' });
  await back.close();

  // Gone again: after the countdown the claim is open, and taken.
  const button = claim.getByRole('button', { name: 'Claim the win' });
  await claim.getByText('You may claim the win now').waitFor();
  assert.equal(await button.isEnabled(), true);
  await button.click();
  await ann.locator('#status[data-result="1-0"]').waitFor();
  assert.match(await ann.locator('#status').innerText(), /left the game/);
  await claim.waitFor({ state: 'hidden' });
  const player = await (await ann.request.get(`/api/players/${encodeURIComponent(names.bob)}`)).json();
  assert.equal(player.ratings.length, 1, 'a claimed win is rated');
  assert.ok(player.ratings[0].rating < 1500);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
