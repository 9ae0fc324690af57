// Screenshots for docs/screenshots/ of what players expect from other game sites: the
// game-over dialog (laptop and phone) and a queued premove (laptop and phone).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { apiPost, clickSquare, createGame, launch, newPage, waitForPly } from './helpers.mjs';

const OUT =
  process.env.SCREENSHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let browser;
before(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name} screenshots of the game-over dialog and a premove`, async () => {
    const over = await createGame({ mode: 'network', players: { white: 'Ada', black: 'Ben' } });
    for (const [ply, move] of ['c2-c4', 'd7-d5', 'd2-d4'].entries()) {
      await apiPost(`/api/games/${over.id}/moves`, {
        token: ply % 2 ? over.tokens.black : over.tokens.white,
        move,
        ply,
      });
    }
    const page = await newPage(browser, viewport);
    await page.goto(over.links.white);
    await waitForPly(page, 3);
    await apiPost(`/api/games/${over.id}/resign`, { token: over.tokens.black });
    await page.getByRole('dialog', { name: 'Game over' }).waitFor();
    await page.screenshot({ path: path.join(OUT, `game-over-${name}.png`) });

    const timed = await createGame({
      mode: 'network',
      players: { white: 'Ada', black: 'Ben' },
      clock: { initial_ms: 300000, increment_ms: 3000 },
    });
    await apiPost(`/api/games/${timed.id}/moves`, { token: timed.tokens.white, move: 'c2-c4', ply: 0 });
    await apiPost(`/api/games/${timed.id}/moves`, { token: timed.tokens.black, move: 'd7-d5', ply: 1 });
    await page.goto(timed.links.black);
    await waitForPly(page, 2);
    await clickSquare(page, 'e6');
    await clickSquare(page, 'e5');
    await page.locator('#premove-bar').waitFor();
    await page.screenshot({ path: path.join(OUT, `premove-${name}.png`) });
    assert.deepEqual(page.errors, []);
  });
}
