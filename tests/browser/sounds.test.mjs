// Sounds for a move, a capture, the game's end and low time, and the mute switch that
// the page remembers. The page announces each sound it plays as an `ordo-sound` event.
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

/** Starts recording the page's sounds; `heard()` answers them in order. */
async function listen(page) {
  await page.evaluate(() => {
    window.heardSounds = [];
    document.addEventListener('ordo-sound', (event) => window.heardSounds.push(event.detail));
  });
  return () => page.evaluate(() => window.heardSounds);
}

async function waitForSound(page, kind) {
  await page.waitForFunction((wanted) => window.heardSounds.includes(wanted), kind);
}

/**
 * Plays moves in the local game until one is a capture (a legal move with "x"): the first
 * legal move, or a capture as soon as one is there. Answers the capture's ply.
 */
async function playUntilCapture(created, onPly) {
  let state = await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c4', ply: 0 });
  await onPly(state.ply);
  for (let i = 0; i < 80; i++) {
    const capture = state.legal.find((move) => move.includes('x'));
    state = await apiPost(`/api/games/${created.id}/moves`, {
      token: created.tokens.white,
      move: capture ?? state.legal[0],
      ply: state.ply,
    });
    if (capture) return state.ply;
    await onPly(state.ply);
  }
  throw new Error('no capture came up');
}

test('moves, a capture and the end of the game each make their sound', async () => {
  const created = await createGame({ mode: 'local', size: '8x8' });
  const page = await newPage(browser);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  const heard = await listen(page);
  // Each move waits for the page, so that each one is a change of its own.
  const ply = await playUntilCapture(created, (n) => waitForPly(page, n));
  await waitForPly(page, ply);
  await waitForSound(page, 'capture');
  const sounds = await heard();
  assert.equal(sounds.at(-1), 'capture');
  assert.equal(sounds.filter((s) => s === 'move').length, ply - 1, 'one move sound per move before the capture');
  await page.getByRole('button', { name: 'Resign' }).click();
  await waitForSound(page, 'end');
});

test('the mute switch silences the page and is remembered', async () => {
  const created = await createGame({ mode: 'network' });
  const page = await newPage(browser);
  await page.goto(created.links.black);
  await waitForPly(page, 0);
  const toggle = page.locator('#sound-toggle');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
  await toggle.click();
  assert.equal(await toggle.innerText(), 'Sound off');
  await page.reload();
  await waitForPly(page, 0);
  assert.equal(await page.locator('#sound-toggle').getAttribute('aria-pressed'), 'false');
  const heard = await listen(page);
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await waitForPly(page, 1);
  // The next sound the page would make is this one's; unmuted, it is heard again.
  await page.locator('#sound-toggle').click();
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.black, move: 'c7-c6', ply: 1 });
  await waitForPly(page, 2);
  await waitForSound(page, 'move');
  assert.deepEqual(await heard(), ['move'], 'nothing was heard while muted');
});

// Slow on purpose: the page must stay quiet for the first 20 seconds of White's 40.
test('a clock under 20 seconds warns its player once', async () => {
  const created = await createGame({ mode: 'network', clock: { initial_ms: 40000, increment_ms: 0 } });
  const page = await newPage(browser);
  // The page's clock is Playwright's: it runs with real time until the test jumps it ahead,
  // so that White's 40 s run down without a 20 s wait.
  await page.clock.install();
  await page.addInitScript(() => {
    window.heardSounds = [];
    document.addEventListener('ordo-sound', (event) => window.heardSounds.push(event.detail));
  });
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  // White's clock runs from White's first move; then it is Black's turn, so White moves
  // again and runs down while Black waits.
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
  await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.black, move: 'c7-c6', ply: 1 });
  await waitForPly(page, 2);
  assert.deepEqual(await page.evaluate(() => window.heardSounds.filter((s) => s === 'lowtime')), []);
  await page.clock.fastForward(25000);
  await page.waitForFunction(() => window.heardSounds.includes('lowtime'), null, { timeout: 60000 });
  // Later ticks below 20 s do not warn again.
  await page.clock.runFor(3000);
  assert.equal(await page.evaluate(() => window.heardSounds.filter((s) => s === 'lowtime').length), 1);
});
