// Issue 59, notifications: a correspondence player on a page other than the game's (My
// games) is told at once when her turn comes and when the game ends: the badge, the
// list, a notice with the game's link, and a browser notification while the tab is in the
// background (the Notifications API, a recording stand-in here: headless Chromium shows
// none). Nothing polls: the account's stream brings it. Ann on a laptop, Bob on a phone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { asAccount, ratedLobbyGame } from './account-helpers.mjs';
import { launch } from './helpers.mjs';

// Well under the 30 s poll the badge had: only the stream can bring the news this soon.
const SOON = { timeout: 5000 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The page believes itself in a background tab, with notifications allowed, and records
// what it shows.
function backgroundTabWithNotifications() {
  window.shownNotifications = [];
  window.Notification = class {
    static permission = 'granted';
    static requestPermission() {
      return Promise.resolve('granted');
    }
    constructor(title, options) {
      window.shownNotifications.push({ title, ...options });
    }
    addEventListener() {}
  };
  Object.defineProperty(document, 'hidden', { get: () => true });
  localStorage.setItem('ordo-browser-notifications', 'on');
}

async function playAs(page, id) {
  const state = await (await page.request.get(`/api/games/${id}`)).json();
  const played = await asAccount(page, 'POST', `/api/games/${id}/moves`, { move: state.legal[0] });
  assert.equal(played.status, 200, JSON.stringify(played.body));
}

test('a correspondence turn and its end reach My games at once: badge, list, notice, browser notification', async () => {
  const { names, ann, bob, id } = await ratedLobbyGame(browser, undefined, { days_per_move: 3 });
  await ann.addInitScript(backgroundTabWithNotifications);
  await ann.goto('/my');
  const badge = ann.locator('#account-bar .my-games-link .badge');
  await badge.filter({ hasText: '1' }).waitFor(SOON); // White to move
  await playAs(ann, id);
  await badge.waitFor({ state: 'hidden', ...SOON });
  await ann.locator('.my-game', { hasText: 'Their turn' }).waitFor(SOON);

  await playAs(bob, id); // from Bob's phone
  const turn = ann.locator('#notices .notice', { hasText: `Your turn against ${names.bob}.` });
  await turn.waitFor(SOON);
  assert.equal(await turn.getByRole('link', { name: 'Open the game' }).getAttribute('href'), `/play/${id}`);
  await badge.filter({ hasText: '1' }).waitFor(SOON);
  await ann.locator('.my-game.your-turn').waitFor(SOON);
  const shown = await ann.evaluate(() => window.shownNotifications);
  assert.deepEqual(
    shown.map((n) => [n.title, n.tag]),
    [['Your turn', `turn-${id}`]],
  );

  const resigned = await asAccount(bob, 'POST', `/api/games/${id}/resign`, {});
  assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
  const ended = ann.locator('#notices .notice', { hasText: `Your game against ${names.bob} is over: you won` });
  await ended.waitFor(SOON);
  await ann.locator('.my-finished-list .my-game', { hasText: 'you won' }).waitFor(SOON);
  await badge.waitFor({ state: 'hidden', ...SOON });
  assert.deepEqual(
    (await ann.evaluate(() => window.shownNotifications)).map((n) => n.title),
    ['Your turn', 'Game over'],
  );
  assert.deepEqual([...ann.errors, ...bob.errors], []);
});

test("a game's own page tells nothing of itself; another page of the same player does", async () => {
  const { names, ann, bob, id } = await ratedLobbyGame(browser, undefined, { days_per_move: 3 });
  await ann.goto(`/play/${id}`);
  await playAs(ann, id);
  const other = await ann.context().newPage();
  await other.goto('/');
  await playAs(bob, id);
  await other.locator('#notices .notice', { hasText: `Your turn against ${names.bob}.` }).waitFor(SOON);
  await ann.locator('#account-bar .my-games-link .badge', { hasText: '1' }).waitFor(SOON);
  assert.equal(await ann.locator('#notices .notice').count(), 0);
  await other.close();
});
