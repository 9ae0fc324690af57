// A correspondence game (days per move) across a server restart: two players register,
// one posts a challenge with days per move, the other accepts, a move is made, the server
// is killed (SIGKILL) and started again on the same data, and the game goes on with its
// deadline unchanged; "My games" lists it first for the player to move, with the count in
// the title and the badge. Screenshots of "My games" and a player page (laptop, phone).
// Starts its own server (ORDO_ENGINE, set by scripts/test-browser).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch, register, TIMEOUT, waitForPly } from './helpers.mjs';
import { OwnServer } from './own-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = process.env.SCREENSHOT_DIR ?? path.join(ROOT, 'docs/screenshots');

let browser;
let data;
let server = null; // OwnServer

before(async () => {
  mkdirSync(OUT, { recursive: true });
  data = mkdtempSync(path.join(tmpdir(), 'ordo-correspondence-'));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
});

async function contextAt(base, viewport) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return page;
}

const stateOf = (page) =>
  page.evaluate(async () => {
    const url = new URL(window.location.href);
    const id = url.pathname.split('/').pop();
    return (await fetch(`/api/games/${id}?token=${url.searchParams.get('token')}`)).json();
  });

test('a correspondence game goes on across a restart, listed in My games', async () => {
  server = await OwnServer.start(data);
  let base = server.url;
  const ann = await contextAt(base, { width: 1280, height: 800 });
  const bob = await contextAt(base, { width: 390, height: 844 });
  await register(ann, 'Ann');
  await register(bob, 'Bob');

  await ann.getByRole('button', { name: 'Post a challenge…' }).click();
  const form = ann.locator('#challenge-form');
  await form.locator('select[name="challenge-color"]').selectOption('white');
  await form.getByRole('radio', { name: 'Correspondence' }).check();
  await form.locator('select[name="challenge-days-preset"]').selectOption('3');
  await form.locator('input[name="challenge-rated"]').check();
  await form.getByRole('button', { name: 'Post challenge' }).click();
  const offered = bob.locator('#challenge-list li.challenge', { hasText: 'Ann' });
  await offered.waitFor();
  assert.match(await offered.textContent(), /3 days per move/);
  await offered.getByRole('button', { name: 'Accept' }).click();
  await bob.waitForURL(/\/play\/[^/?]+\?token=/);
  await ann.waitForURL(/\/play\/[^/?]+\?token=/);
  await waitForPly(ann, 0);

  await ann.locator('#move-input').fill('c2-c3');
  await ann.locator('#move-input').press('Enter');
  await waitForPly(ann, 1);
  await waitForPly(bob, 1);
  const before = await stateOf(bob);
  assert.equal(before.clock.days_per_move, 3);
  assert.equal(before.clock.running, 'black');

  // Killed between two moves; started again on the same data.
  // The same port: the page's saved seat tokens belong to the origin, port included.
  await server.stop();
  server = await OwnServer.start(data, { port: Number(new URL(base).port) });
  base = server.url;
  const playUrl = (page) => new URL(new URL(page.url()).pathname + new URL(page.url()).search, base).href;
  await bob.goto(playUrl(bob));
  await waitForPly(bob, 1);
  const after = await stateOf(bob);
  assert.equal(after.clock.deadline_ms, before.clock.deadline_ms, 'the deadline stands');
  assert.equal(after.result.score, '*');

  // Bob's games: this one waits for him; the title and the badge say so.
  await bob.goto(new URL('/my', base).href);
  const first = bob.locator('.my-games-list li').first();
  await first.waitFor();
  assert.match(await first.textContent(), /Your turn.*vs Ann.*3 days per move/s);
  await bob.waitForFunction(() => document.title.startsWith('(1) My games'));
  await bob.locator('#account-bar .badge', { hasText: '1' }).waitFor();
  await bob.screenshot({ path: path.join(OUT, 'my-games-phone.png') });
  await ann.goto(new URL('/my', base).href);
  await ann.locator('.my-games-list li', { hasText: 'Their turn' }).waitFor();
  await ann.screenshot({ path: path.join(OUT, 'my-games-desktop.png') });

  // The game goes on after the restart.
  await first.getByRole('link').click();
  await waitForPly(bob, 1);
  await bob.locator('#move-input').fill('c7-c6');
  await bob.locator('#move-input').press('Enter');
  await waitForPly(bob, 2);
  // Bob then resigns: the rated result shows on the player pages.
  await bob.evaluate(async () => {
    const url = new URL(window.location.href);
    await fetch(`/api/games/${url.pathname.split('/').pop()}/resign`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: url.searchParams.get('token') }),
    });
  });
  for (const [page, name] of [
    [ann, 'player-page-desktop.png'],
    [bob, 'player-page-phone.png'],
  ]) {
    await page.goto(new URL('/players/Ann', base).href);
    await page.locator('.player-ratings td', { hasText: '1662' }).waitFor();
    // The chart starts from the rating before the first game, and is drawn at the size it
    // is shown (its 12 px labels stay 12 px on the phone), with the game's date below.
    const chart = page.locator('svg.rating-chart');
    assert.equal(await chart.locator('circle').count(), 2);
    assert.equal(await chart.locator('circle.chart-start title').textContent(), 'start: 1500');
    const drawn = await chart.evaluate((svg) => [svg.getBoundingClientRect().width, svg.viewBox.baseVal.width]);
    assert.ok(Math.abs(drawn[0] - drawn[1]) < 1, `drawn ${drawn[0]} px wide for a ${drawn[1]} px chart`);
    const labels = await chart.locator('text').allTextContents();
    const history = await (await page.request.get(new URL('/api/players/Ann/history', base).href)).json();
    const ended = new Date(history.points[0].at).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
    assert.ok(labels.includes(ended) && labels.includes('1500') && labels.includes('1662'), labels.join(' | '));
    await page.locator('.player-games li', { hasText: 'vs Bob' }).waitFor();
    await page.screenshot({ path: path.join(OUT, name), fullPage: true });
  }
  await ann.locator('select[name="result"]').selectOption('loss');
  await ann.locator('.player-games li', { hasText: 'No games.' }).waitFor();
  // The finished game stays in My games for a week, with its result for each.
  await bob.goto(new URL('/my', base).href);
  const lost = bob.locator('.my-finished-list li', { hasText: 'vs Ann' });
  await lost.waitFor();
  assert.match(await lost.innerText(), /you lost: .*resign/);
  assert.equal(await bob.getByRole('heading', { name: 'Recently finished' }).isVisible(), true);
  // The rule-set filter offers every game's rule sets, as the server lists them.
  const types = await ann.evaluate(async () => (await (await fetch('/api/game-types')).json()).games);
  const ruleSetOptions = await ann
    .locator('select[name="rules"] option')
    .evaluateAll((options) => options.map((option) => [option.value, option.textContent]));
  assert.deepEqual(ruleSetOptions, [
    ['', 'All'],
    ...types.flatMap((type) => type.rule_sets.map((set) => [set.name, set.title])),
  ]);
  assert.ok(
    ruleSetOptions.some(([value]) => value === 'exact-five'),
    'Order and Chaos is offered too',
  );
  await ann.locator('select[name="result"]').selectOption('');
  await ann.locator('select[name="rules"]').selectOption('exact-five');
  await ann.locator('.player-games li', { hasText: 'No games.' }).waitFor();
  await ann.locator('select[name="rules"]').selectOption('classic');
  await ann.locator('.player-games li', { hasText: 'vs Bob' }).waitFor();
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});
