// "Your turn" in the tab's title and icon while the page is in the background.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiPost, createGame, launch, newPage, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Makes the page believe it is in a background tab (or in front again). */
async function setHidden(page, hidden) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test('a page in the background says "Your turn" when the opponent has moved', async () => {
  const created = await createGame({ mode: 'network', players: { white: 'Ann', black: 'Bob' } });
  const page = await newPage(browser);
  await page.goto(created.links.black);
  await waitForPly(page, 0);
  await setHidden(page, true);
  assert.doesNotMatch(await page.title(), /Your turn/, 'White is to move');
  assert.equal(await page.locator('link[rel="icon"]').getAttribute('data-turn'), 'false');
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(page, 1);
  assert.match(await page.title(), /^Your turn — Ordo — Ann vs Bob$/);
  assert.equal(await page.locator('link[rel="icon"]').getAttribute('data-turn'), 'true');
  assert.match(await page.locator('link[rel="icon"]').getAttribute('href'), /^data:image\/svg\+xml/);
  await setHidden(page, false);
  assert.equal(await page.title(), 'Ordo — Ann vs Bob');
  assert.equal(await page.locator('link[rel="icon"]').getAttribute('data-turn'), 'false');
});
