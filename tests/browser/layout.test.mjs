// Issue 59: at a common laptop size (1366 × 800) the start form's button and, in every game,
// both players' bars with their clocks are in view without scrolling.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createGame, launch, newPage } from './helpers.mjs';

const LAPTOP = { width: 1366, height: 800 };
let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function bottomOf(locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'shown');
  return box.y + box.height;
}

test('the start form is started without scrolling at 1366 × 800', async () => {
  const page = await newPage(browser, LAPTOP);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Start game' });
  await button.waitFor();
  for (const game of ['Ordo', 'Order and Chaos', 'Mughrabieh']) {
    await page.locator('#new-game').getByLabel(game, { exact: true }).check();
    const bottom = await bottomOf(button);
    assert.ok(bottom <= LAPTOP.height, `${game}: "Start game" ends at ${bottom} px, below the fold`);
  }
  assert.deepEqual(page.errors, []);
});

test("in every game both players' bars and clocks are in view at 1366 × 800", async () => {
  const clock = { initial_ms: 300000, increment_ms: 2000 };
  for (const game of ['ordo', 'orderchaos', 'mughrabieh']) {
    const created = await createGame({ mode: 'network', game, clock });
    const page = await newPage(browser, LAPTOP);
    await page.goto(created.links.white);
    // Drawn: the board with its squares or points, and both clocks set.
    await page.locator('#board rect, #board path').first().waitFor();
    await page.locator('.player-bar[data-seat="bottom"] .clock', { hasText: '5:00' }).waitFor();
    for (const seat of ['top', 'bottom']) {
      const bar = page.locator(`.player-bar[data-seat="${seat}"]`);
      const bottom = await bottomOf(bar);
      assert.ok(bottom <= LAPTOP.height, `${game}: the ${seat} bar ends at ${bottom} px, below the fold`);
      assert.ok(await bar.locator('.clock').isVisible(), `${game}: the ${seat} clock is shown`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
