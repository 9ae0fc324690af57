// The game actions in the browser: undo, resign, draw offers, the record export, and
// moving by touch on a phone-sized screen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  apiPost,
  clickSquare,
  createGame,
  eachSideMoves,
  launch,
  newPage,
  pieceAt,
  targets,
  waitForPly,
} from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function localGameAfter(moves, options = {}) {
  const created = await createGame({ mode: 'local', ...options });
  for (const [ply, move] of moves.entries()) {
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move, ply });
  }
  return created;
}

test('undo takes back the last move; resign ends the game with a reason', async () => {
  const created = await localGameAfter(['c2-c3', 'c7-c6']);
  const page = await newPage(browser);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(created.links.white);
  await waitForPly(page, 2);
  await page.getByRole('button', { name: 'Undo' }).click();
  await waitForPly(page, 1);
  assert.equal(await pieceAt(page, 'c7'), 'black');
  assert.equal(await page.locator('#move-list .move').count(), 1);
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.locator('#status[data-result="1-0"]').waitFor();
  assert.match(await page.locator('#status .status-main').innerText(), /^1-0 · White wins/);
});

test('a draw offer is declined, then a second one accepted, by the other seat', async () => {
  const created = await createGame({ mode: 'network' });
  await eachSideMoves(created); // an agreed draw before that would abort the game
  const white = await newPage(browser);
  const black = await newPage(browser);
  await white.goto(created.links.white);
  await black.goto(created.links.black);
  await waitForPly(white, 2);
  await waitForPly(black, 2);
  await white.getByRole('button', { name: 'Offer draw' }).click();
  await white.locator('#status', { hasText: 'You offered a draw' }).waitFor();
  await black.getByRole('button', { name: 'Decline draw' }).click();
  // The offer button comes back only once the decline has reached White's page.
  await white.getByRole('button', { name: 'Offer draw' }).waitFor();
  assert.doesNotMatch(await white.locator('#status').innerText(), /offered a draw/);
  await white.getByRole('button', { name: 'Offer draw' }).click();
  await black.getByRole('button', { name: 'Accept draw' }).waitFor();
  assert.match(await black.locator('#status').innerText(), /White offers a draw/);
  assert.equal(
    await white.getByRole('button', { name: 'Accept draw' }).isVisible(),
    false,
    'nobody accepts their own offer',
  );
  await black.getByRole('button', { name: 'Accept draw' }).click();
  await white.locator('#status[data-result="1/2-1/2"]').waitFor();
  await black.locator('#status[data-result="1/2-1/2"]').waitFor();
});

test('the export link gives the record with the moves played', async () => {
  const created = await localGameAfter(['c2-c3', 'c7-c6']);
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await waitForPly(page, 2);
  const href = await page.getByRole('link', { name: 'Export record' }).getAttribute('href');
  const response = await page.request.get(href);
  assert.equal(response.status(), 200);
  const text = await response.text();
  assert.match(text, /c2-c3/);
  assert.match(text, /c7-c6/);
});

test('on a phone, tapping a piece and a square plays the move', async () => {
  const created = await createGame({ mode: 'local' });
  const page = await newPage(browser, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.width <= 390, 'the board fits the screen');
  await page.locator('#board rect[data-square="e3"]').tap();
  assert.ok((await targets(page)).includes('e4'));
  await page.locator('#board rect[data-square="e4"]').tap();
  await waitForPly(page, 1);
  assert.equal(await pieceAt(page, 'e4'), 'white');
});

test('a spectator watches without moving, and can flip the board', async () => {
  const created = await localGameAfter(['c2-c3']);
  const page = await newPage(browser);
  await page.goto(created.links.spectator);
  await waitForPly(page, 1);
  assert.match(await page.locator('#status').innerText(), /You are watching/);
  assert.equal(await page.getByRole('button', { name: 'Resign' }).isVisible(), false);
  await clickSquare(page, 'c7');
  assert.deepEqual(await targets(page), [], 'a spectator is offered no moves');
  const a1Top = () => page.locator('#board rect[data-square="a1"]').evaluate((rect) => Number(rect.getAttribute('y')));
  const before = await a1Top();
  await page.getByRole('button', { name: 'Flip board' }).click();
  assert.ok((await a1Top()) < before, 'after flipping, a1 is at the top');
  assert.equal(await page.locator('.player-bar[data-seat="bottom"]').getAttribute('data-side'), 'black');
});

test('a draw by repetition is shown with its reason and marked as a house rule', async () => {
  const shuffle = ['e3-d3', 'e6-d6', 'd3-e3', 'd6-e6'];
  const created = await localGameAfter([...shuffle, ...shuffle]);
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await page.locator('#status[data-result="1/2-1/2"]').waitFor();
  const text = await page.locator('#status .status-main').innerText();
  assert.match(text, /^1\/2-1\/2 · Draw\b.*three times.* \[house rule\]$/);
  assert.doesNotMatch(text, /Draw: Draw/);
});

test('when the event stream is refused (503 busy) the page opens it again later', async () => {
  const created = await createGame({ mode: 'network' });
  const page = await newPage(browser);
  let refused = 0;
  await page.route('**/api/games/*/events*', (route) => {
    if (refused++ === 0) {
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error": "too many open event streams", "code": "busy"}',
      });
    }
    return route.continue();
  });
  // Everything said to screen readers, in order: the lost connection is said, not only drawn.
  // (The announcer comes with the game page's template, so the whole document is watched.)
  await page.addInitScript(() => {
    window.announced = [];
    new MutationObserver(() => {
      const text = document.getElementById('announcer')?.textContent;
      if (text && text !== window.announced.at(-1)) window.announced.push(text);
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
  await page.goto(created.links.black);
  await waitForPly(page, 0);
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(page, 1);
  assert.ok(refused >= 2, 'a second stream was opened');
  assert.equal(await pieceAt(page, 'c3'), 'white');
  await page.waitForFunction(() => window.announced.includes('Connection back.'));
  const announced = await page.evaluate(() => window.announced);
  assert.ok(
    announced.indexOf('Connection lost; reconnecting…') < announced.indexOf('Connection back.') &&
      announced.includes('Connection lost; reconnecting…'),
    JSON.stringify(announced),
  );
});
