// Issue 43's broken items, each as the user met it: a selection that cannot move, the
// Ordo X prompt between steps, fairness of the analysis in network games, the keyboard on
// both boards, and the small faults of item 5 (marks, undo, replay words, names, links,
// phone layout, hints, house rules, draw offers, resigning on one screen), and what a
// screen reader hears of the moves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiPost, clickSquare, createGame, dragSquares, holdSeat, launch, newPage, waitForPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 800 };

async function open(created, link = created.links.white, viewport = undefined, options = {}) {
  const page = await newPage(browser, viewport, options);
  await page.goto(link);
  await waitForPly(page, created.state.ply);
  return page;
}

/** Plays `moves` through the API (a local game's one token); `created.state` follows. */
async function play(created, moves) {
  for (const move of moves) {
    created.state = await apiPost(`/api/games/${created.id}/moves`, {
      token: created.tokens.white,
      move,
      ply: created.state.ply,
    });
  }
}

/** The squares marked as the last move's, sorted. */
async function lastMarks(page) {
  const squares = await page
    .locator('#board rect.mark-from, #board rect.mark-to')
    .evaluateAll((nodes) => nodes.map((n) => n.dataset.square));
  return squares.sort();
}

describe('item 2: every selection gets an answer', () => {
  test('a line without a move says so in a visible bar (Classic)', async () => {
    const created = await createGame({ mode: 'local' });
    const page = await open(created);
    await dragSquares(page, 'c2', 'e2');
    assert.equal(await page.locator('#step-bar').isVisible(), true);
    assert.match(await page.locator('#step-text').innerText(), /c2–e2 has no legal move/);
  });

  test('a click on an unmarked square keeps the Ordo X prompt for the forward step', async () => {
    const created = await createGame({ mode: 'local', rules: 'x' });
    const page = await open(created);
    await clickSquare(page, 'e3');
    await clickSquare(page, 'd3');
    assert.match(await page.locator('#step-text').innerText(), /now the forward step/);
    await clickSquare(page, 'a6');
    assert.match(await page.locator('#step-text').innerText(), /now the forward step/);
    assert.equal(await page.locator('#step-bar').isVisible(), true);
  });
});

describe('item 3: analysis is fair in network games', () => {
  test('players of a live network game get none; spectators once both players allow it', async () => {
    const created = await createGame({ mode: 'network' });
    const white = await open(created);
    assert.equal(await white.getByLabel('Show engine analysis').isVisible(), false);
    assert.equal(await white.locator('.analysis-off').isVisible(), true);
    const refused = await fetch(new URL(`/api/games/${created.id}/analyze`, process.env.ORDO_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: created.tokens.white }),
    });
    assert.equal(refused.status, 403, 'the server refuses, not only the page');
    const free = await fetch(new URL('/api/analyze', process.env.ORDO_URL), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ position: created.state.position }),
    });
    assert.equal(free.status, 403, 'nor through the free analysis');

    const spectator = await open(created, created.links.spectator);
    assert.equal(await spectator.getByLabel('Show engine analysis').isVisible(), false);
    assert.equal(await spectator.locator('.spectator-consent').isVisible(), false);
    await white.getByLabel('Let spectators see the engine analysis').check();
    await apiPost(`/api/games/${created.id}/spectator-analysis`, { token: created.tokens.black, allow: true });
    await spectator.getByLabel('Show engine analysis').check();
    await spectator.locator('#analysis-output .analysis-score').waitFor();
    assert.equal(await white.getByLabel('Show engine analysis').isVisible(), false, 'still none for the player');
  });

  test('a finished network game shows analysis to its players', async () => {
    const created = await createGame({ mode: 'network' });
    await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.black });
    const white = await open(created);
    await white.getByLabel('Show engine analysis').check();
    await white.locator('#analysis-output .analysis-score').waitFor();
  });
});

describe('item 4: the boards from the keyboard', () => {
  test('arrow keys move over the Ordo board, Enter selects and moves', async () => {
    const created = await createGame({ mode: 'local' });
    const page = await open(created);
    await page.locator('#board rect[data-square="c2"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#board g.piece.lifted').getAttribute('data-square'), 'c2');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c3');
    await page.keyboard.press('Enter');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'c2-c3');
    assert.equal(
      await page.evaluate(() => document.activeElement.closest('#board') !== null),
      true,
      'the focus stays on the board',
    );
  });

  test('Shift+Enter selects a line from the keyboard', async () => {
    const created = await createGame({ mode: 'local' });
    const page = await open(created);
    await page.locator('#board rect[data-square="c2"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Enter');
    assert.match(await page.locator('#step-text').innerText(), /Line of 2 selected/);
  });

  test('choosing O with the keyboard keeps the focus on the Order and Chaos board', async () => {
    const created = await createGame({ mode: 'local', game: 'orderchaos' });
    const page = await open(created);
    await page.locator('#board rect[data-square="c3"]').focus();
    await page.keyboard.press('o');
    assert.equal(await page.evaluate(() => document.activeElement.dataset?.square), 'c3');
    await page.keyboard.press('Enter');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'Oc3');
  });
});

describe('item 5: the small faults', () => {
  test('an ordo move is marked alike live and in replay', async () => {
    const created = await createGame({ mode: 'local' });
    await play(created, ['c2:d2-c4']);
    const page = await open(created);
    const live = await lastMarks(page);
    await play(created, ['c7-c6']);
    await waitForPly(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.locator('#board[data-ply="1"][data-live="false"]').waitFor();
    assert.deepEqual(live, ['c2', 'c4', 'd2', 'd4']);
    assert.deepEqual(await lastMarks(page), live);
    assert.match(await page.locator('#status').innerText(), /after 1\. c2:d2-c4/);
  });

  test('undo is off after resigning; the question names the side', async () => {
    const created = await createGame({ mode: 'local' });
    await play(created, ['c2-c3', 'c7-c6']);
    const page = await open(created);
    let question = '';
    page.on('dialog', (dialog) => {
      question = dialog.message();
      dialog.accept();
    });
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.locator('#status[data-result="0-1"]').waitFor();
    assert.match(question, /White/);
    assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), true);
  });

  test('names read without repeats', async () => {
    const ai = await createGame({ mode: 'ai', ai: { level: 1, color: 'black' } });
    const page = await open(ai);
    const names = await page.locator('.player-name').allInnerTexts();
    assert.ok(!names.some((name) => /You \(you\)/.test(name)), names.join(' / '));
    const local = await createGame({ mode: 'local' });
    const other = await open(local);
    assert.deepEqual((await other.locator('.player-name').allInnerTexts()).sort(), ['Black', 'White']);
  });

  test("this browser's games name their links, say when they started, and show the game on a phone", async () => {
    const created = await createGame({ mode: 'local', players: { white: 'Listed A', black: 'Listed B' } });
    const page = await newPage(browser, PHONE);
    await page.goto('/');
    await holdSeat(page, created);
    const row = page.locator('#stored-games tr', { hasText: 'Listed B' }).first();
    await row.waitFor();
    assert.equal(await page.locator('#stored-games th', { hasText: 'Started' }).count(), 1);
    assert.match(await row.getByRole('link').getAttribute('href'), /\/play\//);
    assert.match(await row.getByRole('link').textContent(), /Listed A – Listed B/);
    assert.equal(await row.getByRole('cell', { name: /^Classic 10x8 · on one screen$/ }).isVisible(), true);
  });

  test('on a phone a move does not move the page, and the board is read at a usable size', async () => {
    const created = await createGame({ mode: 'ai', ai: { level: 1, color: 'black' } });
    const page = await open(created, created.links.white, PHONE, { isMobile: true, hasTouch: true });
    const top = async () => (await page.locator('#board').boundingBox()).y;
    const before = await top();
    await clickSquare(page, 'c2');
    await clickSquare(page, 'c3');
    await waitForPly(page, 2);
    assert.equal(await top(), before);
    const coordinate = await page.locator('#board .coordinates text').first().boundingBox();
    assert.ok(coordinate.height >= 10, `coordinates ${coordinate.height}px high`);
    const hint = await page.locator('.hint').innerText();
    assert.doesNotMatch(hint, /shift-click|arrow keys/i);
  });

  test('an Order and Chaos game opens at the top of the page on a phone', async () => {
    // As against the computer playing Order: the game opens after its first move.
    const created = await createGame({ mode: 'local', game: 'orderchaos' });
    await play(created, ['Xc3']);
    const page = await open(created, created.links.white, PHONE);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });

  test('the last move is marked clearly on dark squares', async () => {
    const created = await createGame({ mode: 'local' });
    await play(created, ['c2-c3']);
    const page = await open(created);
    const ratio = await page.evaluate(() => {
      const luminance = (colour) => {
        const [r, g, b] = colour
          .match(/\d+(\.\d+)?/g)
          .slice(0, 3)
          .map(Number)
          .map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ring = getComputedStyle(document.querySelector('#board .mark-last-ring')).stroke;
      const dark = getComputedStyle(
        document.querySelector('#board rect.square.dark:not(.mark-from):not(.mark-to)'),
      ).fill;
      const [a, b] = [luminance(ring), luminance(dark)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
    assert.ok(ratio >= 3, `contrast ${ratio.toFixed(2)}:1`);
  });

  test('long moves and best lines do not break inside a move', async () => {
    const created = await createGame({ mode: 'local', rules: 'x' });
    await play(created, ['e3-d3,d3-e4']);
    const page = await open(created);
    assert.equal(
      await page.locator('#move-list .move[data-ply="1"]').evaluate((n) => getComputedStyle(n).whiteSpace),
      'nowrap',
    );
    await page.getByLabel('Show engine analysis').check();
    const move = page.locator('#analysis-output .pv-move').first();
    await move.waitFor();
    assert.equal(await move.evaluate((n) => getComputedStyle(n).whiteSpace), 'nowrap');
  });

  test('Ordo X lists no repetition rule; Classic does', async () => {
    const x = await open(await createGame({ mode: 'local', rules: 'x' }));
    assert.doesNotMatch(await x.locator('#house-rules').innerText(), /repetition/i);
    const classic = await open(await createGame({ mode: 'local' }));
    assert.match(await classic.locator('#house-rules').innerText(), /repetition/i);
  });

  test('the player whose draw offer was declined is told', async () => {
    const created = await createGame({ mode: 'network' });
    const white = await open(created);
    await white.getByRole('button', { name: 'Offer draw' }).click();
    await white.locator('#status', { hasText: 'You offered a draw' }).waitFor();
    await apiPost(`/api/games/${created.id}/draw`, { token: created.tokens.black, action: 'decline' });
    await white.locator('#error', { hasText: 'declined' }).waitFor();
  });

  test('the exported record is dated', async () => {
    const created = await createGame({ mode: 'local' });
    const record = await (await fetch(new URL(`/api/games/${created.id}/record`, process.env.ORDO_URL))).text();
    assert.match(record, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
  });
});

describe('screen readers', () => {
  test('hear each move by whom, in words, and the result; the page has a heading', async () => {
    const created = await createGame({ mode: 'local', players: { white: 'Ada', black: 'Bo' } });
    const page = await open(created);
    assert.match(await page.locator('h1').textContent(), /Ada/);
    await clickSquare(page, 'c2');
    await clickSquare(page, 'c3');
    await page.locator('#announcer', { hasText: 'White (Ada) played c2 to c3.' }).waitFor();
    await apiPost(`/api/games/${created.id}/resign`, { token: created.tokens.black });
    await page.locator('#announcer', { hasText: /Game over: 1-0/ }).waitFor();
  });
});

test('moves in words, as the screen reader hears them', async () => {
  const page = await newPage(browser);
  await page.goto('/rules');
  const words = await page.evaluate(async () => {
    const { moveInWords } = await import('/static/js/game-text.js');
    return ['c2-c4', 'd4xe5', 'a2:d2-a3', 'e3-d3,d3-d5', 'd4xe5@g7', 'Xc3'].map(moveInWords);
  });
  assert.deepEqual(words, [
    'c2 to c4',
    'd4 takes e5',
    'the line a2 to d2 moves a2 to a3',
    'e3 to d3, then d3 to d5',
    'd4 takes e5, the group at g7 stays',
    'X on c3',
  ]);
});
