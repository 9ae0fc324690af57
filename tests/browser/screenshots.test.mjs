// Screenshots of the page for docs/screenshots/ (desktop 1280×800 and phone 390×844):
// a game in progress with the last move marked, the start page and the rules page; an
// Order and Chaos game that Order has just won, its line of five marked.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiPost, clickSquare, createGame, launch, newPage, targets, waitForPly } from './helpers.mjs';

const OUT =
  process.env.SCREENSHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let browser;
let game;
let orderChaos;
before(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
  game = await createGame({ mode: 'local', players: { white: 'Ada', black: 'Ben' } });
  const moves = ['c2-c4', 'd7-d5', 'd2-d4', 'e6-e5', 'e3-e4'];
  for (const [ply, move] of moves.entries()) {
    await apiPost(`/api/games/${game.id}/moves`, { token: game.tokens.white, move, ply });
  }
  orderChaos = await createGame({ mode: 'local', game: 'orderchaos', players: { white: 'Ada', black: 'Ben' } });
  // Order completes the diagonal a1-e5 with its last X.
  const placements = ['Xc3', 'Oc4', 'Xb2', 'Ob4', 'Xe5', 'Oa6', 'Xd4', 'Oe4', 'Xa1'];
  for (const [ply, move] of placements.entries()) {
    await apiPost(`/api/games/${orderChaos.id}/moves`, { token: orderChaos.tokens.white, move, ply });
  }
});
after(async () => {
  await browser?.close();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name} screenshots of the board, the start page and the rules`, async () => {
    const page = await newPage(browser, viewport);
    await page.goto(game.links.white);
    await waitForPly(page, 5);
    await clickSquare(page, 'd5');
    assert.ok((await targets(page)).length > 0, 'a selected piece shows its destinations');
    await page.screenshot({ path: path.join(OUT, `board-${name}.png`) });

    await page.goto(orderChaos.links.white);
    await page.locator('#board g.oc-symbol').first().waitFor();
    await page.locator('#board rect.win-line').first().waitFor();
    await page.screenshot({ path: path.join(OUT, `orderchaos-board-${name}.png`) });

    await page.goto('/');
    await page.locator('#stored-games table, #stored-games p').first().waitFor();
    await page.screenshot({ path: path.join(OUT, `start-${name}.png`) });

    await page.goto('/rules');
    await page.locator('figure svg rect.square').first().waitFor();
    await page.screenshot({ path: path.join(OUT, `rules-${name}.png`) });
    assert.deepEqual(page.errors, []);
  });
}
