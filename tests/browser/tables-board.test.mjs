// The tables board on a page of its own, from fixed states (no game on the server): what
// it draws, a turn built by clicks, a drag, the keyboard and undo, forced steps playing
// themselves, the board turned for Black, and axe-core at laptop and phone widths.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launch, newPage } from './helpers.mjs';

const AXE = fileURLToPath(new URL('./node_modules/axe-core/axe.min.js', import.meta.url));
// White to move with 52; the sequences are what the server lists for it (every order).
const STATE = {
  position: '24x8,13x3,8x2,6,3/24x9,16x2,11,7x3 w 52',
  sequences: ['13/8,8/6', '13/11,11/6', '24/19,19/17', '24/22,22/17', '13/8,6/4', '6/4,13/8', '8/3,3/1', '3/1,8/3'],
};

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A page holding only the board (and its controls), showing `context` over STATE's. */
async function boardPage(viewport, context = {}, options = {}) {
  const page = await newPage(browser, viewport, options);
  await page.goto('/rules');
  await page.locator('figure svg').first().waitFor();
  await page.evaluate(
    async (context) => {
      const { TablesBoardInput } = await import('/static/js/tables-board.js');
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = '/static/css/tables.css';
      document.head.append(link);
      // The rules page (loaded) is only the host: its content makes way for the board.
      const main = document.createElement('main');
      document.body.replaceChildren(main);
      main.innerHTML = `<h1>Board</h1>
      <svg id="board" class="board" xmlns="http://www.w3.org/2000/svg"></svg>
      <div id="tables-controls" hidden><button type="button" data-tables="undo">Undo die</button>
      <label><input type="checkbox" data-tables="auto"> Play forced moves by themselves</label></div>
      <p id="hint" aria-live="polite"></p>`;
      window.turns = [];
      window.board = new TablesBoardInput(
        document.getElementById('board'),
        document.getElementById('tables-controls'),
        {
          onTurn: (text) => window.turns.push(text),
          onHint: (text) => (document.getElementById('hint').textContent = text),
        },
      );
      document.addEventListener('keydown', (event) => {
        if (window.board.handleKey(event)) event.preventDefault();
      });
      window.board.show({
        canMove: true,
        bottom: 'white',
        sides: { white: 'White', black: 'Black' },
        lastTurn: null,
        notice: '',
        label: 'Board, White to move, roll 5 and 2',
        ...context,
      });
    },
    { ...STATE, ...context },
  );
  return page;
}

const targetsOf = (page) =>
  page
    .locator('#board circle.target')
    .evaluateAll((nodes) => nodes.map((n) => n.dataset.white ?? `off-${n.dataset.off}`).sort());
const turns = (page) => page.evaluate(() => window.turns);
const hit = (page, white) => page.locator(`#board rect.hit[data-white="${white}"]`);

test('draws the points, stacks with counts, the dice, both pip counts and the way round', async () => {
  const page = await boardPage({ width: 1280, height: 800 });
  assert.equal(await page.locator('#board rect.hit[data-white]').count(), 24);
  assert.equal(await page.locator('#board rect.hit[data-off]').count(), 2);
  // White's 24 holds eight: five drawn, the count written.
  assert.equal(await page.locator('#board .checker-white').count(), 5 + 3 + 2 + 1 + 1);
  assert.deepEqual((await page.locator('#board .stack-count').allTextContents()).sort(), ['8', '9']);
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5 2');
  assert.deepEqual(await page.locator('#board .pips').allTextContents(), ['Black 280 pips', 'White 256 pips']);
  assert.equal(await page.locator('#board path.travel').count(), 1);
  assert.match(await hit(page, 13).getAttribute('aria-label'), /White's point 13: 3 White, can move/);
  assert.deepEqual(page.errors, []);
});

test('a turn built by clicks, with undo of a die, sent once when its last die is played', async () => {
  const page = await boardPage({ width: 1280, height: 800 });
  await hit(page, 13).click();
  assert.deepEqual(await targetsOf(page), ['11', '8']);
  assert.match(await page.locator('#hint').textContent(), /13 to 8 with the 5, or 13 to 11 with the 2/);
  assert.match(await hit(page, 8).getAttribute('aria-label'), /move here with the 5/);
  await hit(page, 8).click();
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5u 2');
  assert.match(await page.locator('#hint').textContent(), /Played 13 to 8 with the 5; 2 to play/);
  await page.getByRole('button', { name: 'Undo die' }).click();
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5 2');
  assert.deepEqual(await turns(page), []);
  await hit(page, 8).click();
  assert.deepEqual(await targetsOf(page), ['3']);
  await hit(page, 3).click();
  await hit(page, 3).click();
  assert.deepEqual(await targetsOf(page), ['1']);
  await hit(page, 1).click();
  assert.deepEqual(await turns(page), ['8/3,3/1']);
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5u 2u');
});

test('a drag moves a piece; the steps may be taken in any order the server lists', async () => {
  const page = await boardPage({ width: 1280, height: 800 });
  const drag = async (from, to) => {
    const a = await hit(page, from).boundingBox();
    const b = await hit(page, to).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
  };
  await drag(6, 4);
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5 2u');
  await drag(13, 8);
  assert.deepEqual(await turns(page), ['6/4,13/8']);
});

test('keyboard: arrows over the points, Enter picks up and puts down, Backspace undoes a die', async () => {
  const page = await boardPage({ width: 1280, height: 800 });
  // The tab stop starts on a piece that can move.
  await page.locator('#board rect.hit[tabindex="0"]').focus();
  const focused = () => page.evaluate(() => document.activeElement.dataset.key);
  const start = await focused();
  assert.ok(['24', '13', '8', '6', '3'].includes(start), `tab stop on a movable piece, not ${start}`);
  await page.locator(`#board rect.hit[data-key="${start}"]`).focus();
  // From White's 24 (top right), Left goes to 23, Down to the bottom row's 1.
  await page.locator('#board rect.hit[data-key="24"]').focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), '23');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), '2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), '24');
  await page.keyboard.press('Enter');
  assert.deepEqual(await targetsOf(page), ['19', '22']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), '22');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5 2u');
  await page.keyboard.press('Backspace');
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '5 2');
  await page.locator('#board rect.hit[data-key="24"]').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  // The tab stop stays on 22, where the piece now is: pick it up again, on to 17.
  assert.equal(await focused(), '22');
  await page.keyboard.press('Enter');
  assert.deepEqual(await targetsOf(page), ['17']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), '17');
  await page.keyboard.press('Enter');
  assert.deepEqual(await turns(page), ['24/22,22/17']);
});

test('forced steps play themselves when asked; a pass is sent by itself', async () => {
  const forced = { position: '24x15/24x15 w 66', sequences: ['24/18,18/12,12/6,24/18'], label: 'Board' };
  const page = await boardPage({ width: 1280, height: 800 }, forced);
  assert.deepEqual(await turns(page), []);
  await page.getByLabel('Play forced moves by themselves').check();
  assert.deepEqual(await turns(page), ['24/18,18/12,12/6,24/18']);
  assert.equal(await page.locator('#board').getAttribute('data-dice'), '6u 6u 6u 6u');
  const pass = await boardPage(
    { width: 1280, height: 800 },
    { position: '24x14,20/24x14,6 w 11', sequences: ['pass'] },
  );
  assert.deepEqual(await turns(pass), ['pass']);
  assert.match(await pass.locator('#hint').textContent(), /No legal move with 1 and 1/);
});

test('the board turns for Black: its 24-point at the top right, its 1-point at the bottom right', async () => {
  const page = await boardPage({ width: 1280, height: 800 }, { bottom: 'black', canMove: false });
  const box = (white) => hit(page, white).boundingBox();
  const [black24, black1, black12] = [await box(1), await box(24), await box(13)];
  assert.ok(black24.y < black1.y && Math.abs(black24.x - black1.x) < 1, 'Black 24 above Black 1, both on the right');
  assert.ok(black12.x < black1.x && black12.y > black24.y, 'Black 12 at the bottom left');
  // The points are named in the numbers of the side to move (White here).
  assert.match(await hit(page, 1).getAttribute('aria-label'), /White's point 1: 9 Black/);
  assert.equal(await page.locator('#board rect.hit[role="button"]').count(), 0);
});

for (const [width, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 800 }],
]) {
  test(`axe-core finds nothing serious on the board at ${width} width; tap targets are at least 24 px`, async () => {
    const page = await boardPage(viewport, {}, { bypassCSP: true });
    await hit(page, 13).click();
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate(async () => (await window.axe.run(document)).violations);
    const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    assert.deepEqual(bad, []);
    const sizes = await page
      .locator('#board rect.hit')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()));
    const smallest = Math.min(...sizes.map((r) => Math.min(r.width, r.height)));
    assert.ok(smallest >= 24, `the smallest tap target is ${smallest.toFixed(1)} px`);
  });
}
