// Accounts and the lobby in two browser contexts: both register in the header, one posts
// a rated challenge, the other sees it appear live and accepts, and both land in the same
// game with their own seats; one plays at a laptop's width, the other at a phone's. One
// resigns and both see the rating change. Screenshots for docs/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eachSideMoves, launch, newPage, register, waitForPly } from './helpers.mjs';

const OUT =
  process.env.SCREENSHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

let browser;
before(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a challenge posted in one browser is accepted live in another, seating both', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = `Ann-${suffix}`;
  const bob = `Bob-${suffix}`;
  const creator = await newPage(browser, { width: 1280, height: 800 });
  const accepter = await newPage(browser, { width: 390, height: 844 });
  await register(creator, ann);
  await register(accepter, bob);

  await creator.getByRole('button', { name: 'Post a challenge…' }).click();
  const form = creator.locator('#challenge-form');
  await form.locator('select[name="challenge-color"]').selectOption('white');
  await form.getByRole('radio', { name: 'No clock' }).check();
  await form.getByRole('button', { name: 'Post challenge' }).click();
  await creator
    .locator('#challenge-list li.challenge', { hasText: ann })
    .getByRole('button', { name: 'Cancel' })
    .waitFor();

  // The other browser was already on the lobby: the challenge appears without a reload.
  const offered = accepter.locator('#challenge-list li.challenge', { hasText: ann });
  await offered.waitFor();
  assert.match(await offered.textContent(), /rated/);
  await accepter.screenshot({ path: path.join(OUT, 'lobby-phone.png') });
  await creator.screenshot({ path: path.join(OUT, 'lobby-desktop.png') });

  await offered.getByRole('button', { name: 'Accept' }).click();
  await accepter.waitForURL(/\/play\/[^/?]+\?token=/);
  await creator.waitForURL(/\/play\/[^/?]+\?token=/);
  const gameOf = (page) => new URL(page.url()).pathname;
  assert.equal(gameOf(creator), gameOf(accepter));
  await waitForPly(creator, 0);
  await waitForPly(accepter, 0);
  const id = decodeURIComponent(gameOf(creator).split('/').pop());
  const state = async (page) =>
    page.evaluate(
      async ([game, token]) => (await fetch(`/api/games/${game}?token=${token}`)).json(),
      [id, new URL(page.url()).searchParams.get('token')],
    );
  const annSees = await state(creator);
  const bobSees = await state(accepter);
  assert.deepEqual(annSees.you, ['white']);
  assert.deepEqual(bobSees.you, ['black']);
  assert.equal(annSees.players.white, ann);
  assert.equal(annSees.players.black, bob);
  assert.equal(annSees.rated, true);

  // One move each (a game resigned before that is aborted, unrated); then Bob resigns and
  // both pages show the rating change (two new players: ±162).
  const bobToken = new URL(accepter.url()).searchParams.get('token');
  const annToken = new URL(creator.url()).searchParams.get('token');
  await eachSideMoves({ id, tokens: { white: annToken, black: bobToken } });
  await waitForPly(creator, 2);
  await waitForPly(accepter, 2);
  await accepter.evaluate(
    async ([game, token]) =>
      fetch(`/api/games/${game}/resign`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      }),
    [id, bobToken],
  );
  for (const page of [creator, accepter]) {
    const line = page.locator('.rating-change:visible').first();
    await line.waitFor();
    assert.equal(await line.textContent(), `Ratings: ${ann} 1500 → 1662 (+162), ${bob} 1500 → 1338 (−162)`);
  }
  await creator.screenshot({ path: path.join(OUT, 'rated-game-over-desktop.png') });
  assert.deepEqual([...creator.errors, ...accepter.errors], []);
});

test('quick pairing: two players click the same time control and meet in one game', async () => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ann = `Änn-${suffix}`;
  const bob = `Bøb-${suffix}`;
  const first = await newPage(browser, { width: 1280, height: 800 });
  const second = await newPage(browser, { width: 390, height: 844 });
  await register(first, ann);
  await register(second, bob);
  for (const page of [first, second]) {
    const quick = page.locator('#quick-pairing');
    await quick.waitFor();
    await quick.getByLabel('Game').selectOption({ label: 'Ordo: Ordo X 10x8' });
    await quick.getByLabel('Rating range').selectOption('400');
  }
  const tap = await second.locator('.quick-grid button', { hasText: '5+3' }).boundingBox();
  assert.ok(tap.height >= 44 && tap.width >= 44, `tap target ${tap.width}x${tap.height}`);

  await first.locator('.quick-grid').getByRole('button', { name: '5+3' }).click();
  await first.locator('.quick-status', { hasText: 'Waiting for an opponent: 5+3, rated within 400' }).waitFor();
  // The waiting quick challenge is in the other lobby, live, with its range.
  await second.locator('#challenge-list li.challenge', { hasText: 'quick pairing within 400' }).waitFor();
  await second.locator('.quick-grid').getByRole('button', { name: '5+3' }).click();
  await second.waitForURL(/\/play\/[^/?]+\?token=/);
  // The first player's page opens the same game on its own, from the lobby's stream.
  await first.waitForURL(/\/play\/[^/?]+\?token=/);
  const id = (page) => new URL(page.url()).pathname;
  assert.equal(id(first), id(second));
  for (const page of [first, second]) await waitForPly(page, 0);
  const state = await (await fetch(new URL(`/api/games${id(first).replace('/play', '')}`, first.url()))).json();
  assert.deepEqual(new Set(Object.values(state.players)), new Set([ann, bob]));
  assert.equal(state.rules, 'x');
  assert.equal(state.clock.initial_ms, 300000);
  assert.equal(state.clock.increment_ms, 3000);
  assert.equal(state.rated, true);
  for (const page of [first, second]) {
    assert.equal(await page.locator('.player-bar .player-name', { hasText: '(you)' }).count(), 1);
    assert.deepEqual(page.errors, []);
  }
});
