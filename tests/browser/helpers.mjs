// Shared helpers of the browser tests: the browser, games made through the API, and
// reading the board from the page. The server's address comes from ORDO_URL
// (scripts/test-browser starts the server and sets it).
import { chromium } from 'playwright-core';

export const BASE = process.env.ORDO_URL ?? 'http://127.0.0.1:8080';
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// Generous: the machine running the tests may be busy building.
export const TIMEOUT = 20000;

export async function launch() {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/** A page that fails the test on any script error. */
export async function newPage(browser, viewport = { width: 1280, height: 800 }, options = {}) {
  const context = await browser.newContext({ viewport, baseURL: BASE, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  // What the Content-Security-Policy refuses is a script error too.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      page.errors.push(message.text());
  });
  return page;
}

export async function apiPost(path, body, base = BASE) {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${data.error}`);
  return data;
}

export function createGame(options, base = BASE) {
  return apiPost('/api/games', options, base);
}

/**
 * White, then Black, plays its first legal move through the API: a network game ended
 * after this is resigned or drawn, not aborted (docs/api.md, Ratings).
 */
export async function eachSideMoves(created, base = BASE) {
  for (const seat of ['white', 'black']) {
    const state = await (await fetch(new URL(`/api/games/${created.id}`, base))).json();
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens[seat], move: state.legal[0] }, base);
  }
}

/** Clicks the centre of a square (pieces and marks let clicks through to the square). */
export async function clickSquare(page, square, modifiers = []) {
  await page.locator(`#board rect[data-square="${square}"]`).click({ modifiers });
}

/** Presses on one square, moves across to another and releases: a drag. */
export async function dragSquares(page, from, to) {
  const box = async (square) => page.locator(`#board rect[data-square="${square}"]`).boundingBox();
  const a = await box(from);
  const b = await box(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Signs up an account called `name` through the page's account bar and waits until it is signed in. */
export async function register(page, name) {
  await page.goto('/');
  const bar = page.locator('#account-bar');
  await bar.locator('input[name="name"]').fill(name);
  await bar.locator('input[name="password"]').fill('a good password');
  await bar.locator('button[name="register"]').click();
  // Signed in, or the page's reason why not (rather than a bare timeout).
  const signedIn = bar.locator('.account-name', { hasText: name });
  const refused = bar.locator('.account-error:not(:empty)');
  await signedIn.or(refused).first().waitFor();
  if (await refused.isVisible()) throw new Error(`registering ${name}: ${await refused.textContent()}`);
}

/** Waits until the board shows the live position after `ply` moves. */
export async function waitForPly(page, ply) {
  await page.locator(`#board[data-ply="${ply}"][data-live="true"]`).waitFor();
}

/** The colour on a square of the shown board: 'white', 'black' or null. */
export async function pieceAt(page, square) {
  const piece = page.locator(`#board g.piece[data-square="${square}"]`);
  return (await piece.count()) ? piece.getAttribute('data-piece') : null;
}

/** The squares marked as destinations right now, sorted. */
export async function targets(page) {
  const squares = await page.locator('#board circle.target').evaluateAll((nodes) => nodes.map((n) => n.dataset.square));
  return squares.sort();
}

/**
 * Plays one whole turn on a tables board (Mughrabieh) by clicks, die by die: the first
 * piece that may move, then its first marked place. Answers when the turn was sent (the
 * board shows another ply).
 */
export async function playTablesTurn(page) {
  const board = page.locator('#board');
  const ply = await board.getAttribute('data-ply');
  for (let die = 0; die < 4; die++) {
    await page.locator('#board rect.hit.actionable[data-white]').first().click();
    const target = await page
      .locator('#board circle.target')
      .first()
      .evaluate((node) =>
        node.dataset.off ? `[data-off="${node.dataset.off}"]` : `[data-white="${node.dataset.white}"]`,
      );
    await page.locator(`#board rect.hit${target}`).click();
    // Sent, or being sent: no piece is offered any more.
    const sent = await page.evaluate(
      (before) =>
        document.querySelector('#board').dataset.ply !== before ||
        document.querySelector('#board rect.hit.actionable[data-white]') === null,
      ply,
    );
    if (sent) break;
  }
  await page.waitForFunction((before) => document.querySelector('#board').dataset.ply !== before, ply);
}

/**
 * Makes the browser of `page` hold a seat of `created` (POST /api/games's answer), as if the
 * page had made the game itself (saved-tokens.js), and reloads the page.
 */
export async function holdSeat(page, created) {
  const [seat, token] = Object.entries(created.tokens)[0];
  await page.evaluate(
    ([id, seat, token]) => {
      const all = JSON.parse(localStorage.getItem('ordo-seat-tokens') ?? '{}');
      all[id] = { ...(all[id] ?? {}), [seat]: token };
      localStorage.setItem('ordo-seat-tokens', JSON.stringify(all));
    },
    [created.id, seat, token],
  );
  await page.reload();
}
