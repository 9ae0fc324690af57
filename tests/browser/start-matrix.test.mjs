// Every choice of the start page, made through the page: game × opponent × colour × rule
// set × board size, with and without a clock, for every game of /api/game-types. Each case creates the game, reaches the
// board and sees a first move played (by the person on the board, or by the computer).
// One browser and one page serve the whole matrix, so that it stays quick.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BASE, launch, newPage, playTablesTurn } from './helpers.mjs';

// The games the server offers, read before the tests are declared.
const TYPES = (await (await fetch(new URL('/api/game-types', BASE))).json()).games;

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
});
after(async () => {
  await browser?.close();
});

const OPPONENTS = {
  ai: 'Against the computer',
  local: 'Two players on this screen',
  network: 'Two players over the network',
};

function matrix() {
  const cases = [];
  for (const type of TYPES) {
    const game = type.name;
    const ruleSets = type.rule_sets.map((set) => set.name);
    const sizes = type.sizes;
    for (const mode of Object.keys(OPPONENTS)) {
      for (const colour of mode === 'ai' ? ['white', 'black'] : ['white']) {
        for (const rules of ruleSets) {
          for (const size of sizes) {
            for (const clock of [false, true]) cases.push({ game, mode, colour, rules, size, clock });
          }
        }
      }
    }
  }
  return cases;
}

/** Fills the start form with one case's choices and submits it. */
async function startThroughThePage(choice) {
  await page.goto('/');
  const type = TYPES.find((t) => t.name === choice.game);
  await page.getByRole('radio', { name: type.title, exact: true }).check();
  await page.getByRole('radio', { name: OPPONENTS[choice.mode] }).check();
  if (choice.mode === 'ai') {
    await page.locator('input[name=level]').fill('1');
    await page.getByLabel('You play').selectOption(choice.colour);
  }
  await page.locator(`input[name=rules][value="${choice.rules}"]`).check();
  if (type.sizes.length > 1) await page.getByLabel('Board').selectOption(choice.size);
  if (choice.clock) await page.getByLabel('Play with a clock').check();
  await page.getByRole('button', { name: 'Start game' }).click();
  if (choice.mode === 'network') {
    // The creator gets the seat links; the first one is White's (Order's).
    const link = page.locator('#network-links .open').first();
    await link.waitFor();
    await page.goto(await link.getAttribute('href'));
  }
  await page.waitForURL(/\/play\/[^/?]+\?token=/);
}

/** Waits until the live board shows at least `ply` moves. */
async function reachPly(ply) {
  await page.waitForFunction((least) => {
    const board = document.querySelector('#board');
    return board?.dataset.live === 'true' && Number(board.dataset.ply) >= least;
  }, ply);
}

/** The person's first move on the board: a piece with a forward target, an X, or a whole tables turn. */
async function playFirstMove(choice) {
  const style = TYPES.find((t) => t.name === choice.game).move_style;
  if (style === 'tables') {
    await playTablesTurn(page);
    return;
  }
  if (style === 'placement') {
    await page.getByRole('radio', { name: 'X', exact: true }).click();
    await page.locator('#board rect.placeable').first().click();
    return;
  }
  const pieces = await page
    .locator('#board g.piece[data-piece=white]')
    .evaluateAll((nodes) => nodes.map((n) => n.dataset.square));
  // c2 moves forward at the start of every Ordo game; the others are a fallback.
  for (const square of ['c2', ...pieces.filter((p) => p !== 'c2')]) {
    await page.locator(`#board rect[data-square="${square}"]`).click();
    const forward = await page
      .locator('#board circle.target')
      .evaluateAll(
        (nodes, from) => nodes.map((n) => n.dataset.square).find((to) => Number(to.slice(1)) > Number(from.slice(1))),
        square,
      );
    if (forward) {
      await page.locator(`#board rect[data-square="${forward}"]`).click();
      return;
    }
  }
  assert.fail('no white piece had a forward move');
}

describe('start page matrix', () => {
  for (const choice of matrix()) {
    const name = `${choice.game} ${choice.mode} as ${choice.colour}, ${choice.rules} ${choice.size}${choice.clock ? ', clock' : ''}`;
    test(name, async () => {
      page.errors.length = 0;
      await startThroughThePage(choice);
      await reachPly(choice.colour === 'black' ? 1 : 0);
      const [files, ranks] = choice.size.split('x').map(Number);
      const expected = files * ranks;
      // A tables board's points (size 12x2) are its places, as squares are a grid's.
      const tables = TYPES.find((t) => t.name === choice.game).move_style === 'tables';
      assert.equal(await page.locator(tables ? '#board rect.hit[data-white]' : '#board rect.square').count(), expected);
      assert.equal(await page.locator('.player-bar .clock:not([hidden])').count(), choice.clock ? 2 : 0);
      if (choice.colour === 'white') {
        await playFirstMove(choice);
        await reachPly(1); // the computer may have answered already
      }
      assert.equal(await page.locator('#move-list .move[data-ply="1"]').count(), 1);
      assert.deepEqual(page.errors, []);
      assert.equal(await page.locator('#error:not([hidden])').count(), 0);
    });
  }
});
