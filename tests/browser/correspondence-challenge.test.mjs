// Issue 59, broken path 3: a correspondence challenge stays open when its author leaves
// the lobby page, and she is told on whatever page she has open when it is taken; a
// live-clock challenge still goes with its author's lobby presence.
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

const lobbyItem = (page, name) => page.locator('#challenge-list li.challenge', { hasText: name });

test('a correspondence challenge outlives the lobby page; its author is told when it is taken', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  await register(ann, `Ann-${suffix}`);
  await register(bob, `Bob-${suffix}`);
  const posted = await asAccount(ann, 'POST', '/api/challenges', { days_per_move: 3, color: 'white' });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  const live = await asAccount(ann, 'POST', '/api/challenges', { clock: { initial_ms: 300000 } });
  assert.equal(live.status, 201, JSON.stringify(live.body));
  await lobbyItem(bob, `Ann-${suffix}`).nth(1).waitFor();

  // Ann leaves the lobby for her games: the live challenge goes, the correspondence one stays.
  await ann.goto('/my');
  await bob.waitForFunction(
    (name) =>
      [...document.querySelectorAll('#challenge-list li.challenge')].filter((li) => li.textContent.includes(name))
        .length === 1,
    `Ann-${suffix}`,
  );
  const offered = lobbyItem(bob, `Ann-${suffix}`);
  assert.match(await offered.textContent(), /3 days per move/);
  await offered.getByRole('button', { name: 'Accept' }).click();
  await bob.waitForURL(/\/play\//);

  // Ann, on My games, is told at once, and the game is one click away.
  const notice = ann.locator('#notices .notice', { hasText: 'challenge was taken' });
  await notice.waitFor();
  await notice.getByRole('link', { name: 'Open the game' }).click();
  await ann.waitForURL(/\/play\//);
  await ann.locator('.player-bar[data-side="white"] .player-name', { hasText: '(you)' }).waitFor();
  await ann.goto('/my');
  await ann.getByRole('link', { name: `vs Bob-${suffix}` }).waitFor();
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});

test('the author of a declined direct challenge is told, on whatever page she has open', async () => {
  // Issue 59, "confusing": a declined direct challenge vanished from its author's lobby with no word.
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = await newPage(browser);
  const bob = await newPage(browser);
  await register(ann, `Ann-${suffix}`);
  await register(bob, `Bob-${suffix}`);
  const posted = await asAccount(ann, 'POST', '/api/challenges', { days_per_move: 2, to: `Bob-${suffix}` });
  assert.equal(posted.status, 201, JSON.stringify(posted.body));
  await ann.goto('/rules'); // away from the lobby
  await lobbyItem(bob, `Ann-${suffix}`).waitFor();
  const declined = await asAccount(bob, 'POST', `/api/challenges/${posted.body.challenge.id}/decline`, {});
  assert.equal(declined.status, 200, JSON.stringify(declined.body));
  const notice = ann.locator('#notices .notice', { hasText: `Your challenge to Bob-${suffix} was declined.` });
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await notice.waitFor({ state: 'detached' });
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
