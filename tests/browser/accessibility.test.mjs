// axe-core (from npm) inside the same Chromium checks every page: the start page (with
// stored games and a network game's links, and the lobby's challenge form), the rules,
// and the board page of each game and role (Mughrabieh's tables board with a piece picked
// up), mid-turn and finished, at laptop and phone widths. No serious or critical
// violation may remain.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { apiPost, clickSquare, createGame, holdSeat, launch, newPage, register, waitForPly } from './helpers.mjs';

const AXE = fileURLToPath(new URL('./node_modules/axe-core/axe.min.js', import.meta.url));

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The serious and critical violations on the page as it is now, as readable lines. */
async function violations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => (await window.axe.run(document)).violations);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

async function check(viewport, path, prepare = async () => {}, options = {}) {
  // axe-core is injected as a script tag, which the page's Content-Security-Policy refuses
  // (as it should any script the page did not load itself): the audit's page bypasses it.
  const page = await newPage(browser, viewport, { bypassCSP: true, ...options });
  await page.goto(path);
  await prepare(page);
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
}

for (const [width, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 800 }],
]) {
  describe(`accessibility at ${width} width`, () => {
    test("the start page with stored games and a network game's links", async () => {
      const created = await createGame({ mode: 'local', players: { white: 'Axe A', black: 'Axe B' } });
      await check(viewport, '/', async (page) => {
        await holdSeat(page, created);
        await page.locator('#stored-games table').waitFor();
        await page.locator('#games-playing table, #games-playing p:not(:has-text("Loading"))').first().waitFor();
        await page.getByRole('radio', { name: 'Two players over the network' }).check();
        await page.getByRole('button', { name: 'Start game' }).click();
        await page.locator('#network-links li').first().waitFor();
      });
    });

    test('the settings page of a signed-in player', async () => {
      await check(viewport, '/', async (page) => {
        await register(page, `Axe-${Math.random().toString(36).slice(2, 8)}`);
        await page.goto('/settings');
        await page.getByText('You block nobody.').waitFor();
      });
    });

    test("the lobby's challenge form, made from the game types, for the second game", async () => {
      await check(viewport, '/', async (page) => {
        const bar = page.locator('#account-bar');
        await bar.locator('input[name="name"]').fill(`Axe-${width}-${Math.random().toString(36).slice(2, 8)}`);
        await bar.locator('input[name="password"]').fill('a good password');
        await bar.locator('button[name="register"]').click();
        await page.getByRole('button', { name: 'Post a challenge…' }).click();
        const form = page.locator('#challenge-form');
        await form.locator('fieldset[data-choices=game] input').nth(1).check();
        await form.locator('fieldset[data-choices=rules] input').first().waitFor();
      });
    });

    test('the rules page', async () => {
      await check(viewport, '/rules', (page) => page.locator('svg').first().waitFor());
    });

    test('an Ordo board mid-turn, with analysis', async () => {
      const created = await createGame({ mode: 'local', rules: 'x' });
      await check(viewport, created.links.white, async (page) => {
        await waitForPly(page, 0);
        await page.getByLabel('Show engine analysis').check();
        await page.locator('#analysis-output .analysis-score').waitFor();
        await clickSquare(page, 'e3');
        await clickSquare(page, 'd3');
        await page.locator('#step-bar:not([hidden])').waitFor();
      });
    });

    test('a game against the computer, and a finished one', async () => {
      const created = await createGame({ mode: 'ai', ai: { level: 1, color: 'white' } });
      await check(viewport, created.links.black, (page) => waitForPly(page, 1));
      await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.black });
      await check(viewport, created.links.black, (page) => page.locator('#status.over').waitFor());
    });

    test('a network game for a player and a spectator, with a clock', async () => {
      const created = await createGame({ mode: 'network', clock: { initial_ms: 300000, increment_ms: 0 } });
      await check(viewport, created.links.white, (page) => waitForPly(page, 0));
      await check(viewport, created.links.spectator, (page) => waitForPly(page, 0));
    });

    test('an Order and Chaos board', async () => {
      const created = await createGame({ mode: 'local', game: 'orderchaos' });
      await check(viewport, created.links.white, (page) => waitForPly(page, 0));
    });

    test('a Mughrabieh board against the computer, a piece picked up', async () => {
      const created = await createGame({ mode: 'ai', game: 'mughrabieh', ai: { level: 1, color: 'black' } });
      await check(viewport, created.links.white, async (page) => {
        await page.locator('#board.tables-board.interactive').waitFor();
        await page.locator('#board rect.hit.actionable[data-white]').first().click();
        await page.locator('#board circle.target').first().waitFor();
      });
    });
  });
}

// The dark theme (issue 59), as a browser set to dark gets it: the same audit, colour
// contrast included, on the pages with the most colours.
describe('accessibility in the dark theme at phone width', () => {
  const viewport = { width: 390, height: 800 };
  const dark = { colorScheme: 'dark' };
  const isDark = async (page) =>
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');

  test("the start page with this browser's games, and the settings", async () => {
    const created = await createGame({ mode: 'local', players: { white: 'Dark A', black: 'Dark B' } });
    await check(
      viewport,
      '/',
      async (page) => {
        await holdSeat(page, created);
        await page.locator('#stored-games table').waitFor();
        await isDark(page);
      },
      dark,
    );
    await check(
      viewport,
      '/',
      async (page) => {
        await register(page, `Dark-${Math.random().toString(36).slice(2, 8)}`);
        await page.goto('/settings');
        await page.getByText('You block nobody.').waitFor();
        await isDark(page);
      },
      dark,
    );
  });

  test('a network game with a clock, and a finished game', async () => {
    const created = await createGame({ mode: 'network', clock: { initial_ms: 300000, increment_ms: 0 } });
    await check(viewport, created.links.white, (page) => waitForPly(page, 0).then(() => isDark(page)), dark);
    const over = await createGame({ mode: 'local', game: 'orderchaos' });
    await apiPost(`/api/games/${over.id}/resign`, { token: over.tokens.white });
    await check(viewport, over.links.white, (page) => page.locator('#status[data-result]').first().waitFor(), dark);
  });
});
