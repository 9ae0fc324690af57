// Issue 59, "confusing": sides are named by the game, not with Ordo's words. An Order and
// Chaos challenge reads "… plays order" in the lobby, My games says "you play chaos", the
// player page "… played order"; the ratings page's title names its pool once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asAccount } from './account-helpers.mjs';
import { launch, newPage, register } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('an Order and Chaos game names its sides Order and Chaos on every list', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  await register(ann, `Ann-${suffix}`);
  await register(bob, `Bob-${suffix}`);
  const posted = await asAccount(ann, 'POST', '/api/challenges', {
    game: 'orderchaos',
    rules: 'original',
    size: '6x6',
    color: 'white',
    days_per_move: 3,
  });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  await bob.goto('/');
  await bob.locator('li.challenge', { hasText: `Ann-${suffix} plays order` }).waitFor();
  assert.equal(await bob.locator('li.challenge', { hasText: `Ann-${suffix} plays white` }).count(), 0);

  const accepted = await asAccount(bob, 'POST', `/api/challenges/${posted.body.challenge.id}/accept`, {});
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  await bob.goto('/my');
  const mine = bob.locator('.my-games-list li', { hasText: `vs Ann-${suffix}` });
  await mine.waitFor();
  assert.match(await mine.innerText(), /you play chaos/);
  assert.match(await mine.innerText(), /Order and Chaos/);

  // The game page says what kind of game it is, and links the names to player pages.
  await bob.goto(`/play/${accepted.body.game}`);
  await bob.locator('#game-kind', { hasText: 'Order and Chaos' }).waitFor();
  assert.match(await bob.locator('#game-kind').innerText(), /casual · 3 days per move/);
  const annLink = bob.locator('.player-bar[data-side="white"] .player-name a');
  assert.equal(await annLink.getAttribute('href'), `/players/Ann-${suffix}`);

  await ann.goto(`/players/${encodeURIComponent(`Ann-${suffix}`)}`);
  const row = ann.locator('li.player-game').first();
  await row.waitFor();
  assert.match(await row.innerText(), new RegExp(`Ann-${suffix} played order`));

  await ann.goto('/ratings?game=ordo&rules=classic&size=10x8');
  const title = await ann.locator('h1').innerText();
  assert.equal((title.match(/classic/gi) ?? []).length, 1, title);
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
