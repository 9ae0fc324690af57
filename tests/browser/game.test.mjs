// The board page in a real browser against the real server: starting a game, moves by
// click and drag, Ordo X turns, the AI, network play, analysis and the move list.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  BASE,
  clickSquare,
  createGame,
  dragSquares,
  holdSeat,
  launch,
  newPage,
  pieceAt,
  targets,
  waitForPly,
  apiPost,
} from './helpers.mjs';
import { OwnServer } from './own-server.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function openLocal(options = {}) {
  const created = await createGame({ mode: 'local', ...options });
  const page = await newPage(browser);
  await page.goto(created.links.white);
  await waitForPly(page, 0);
  return { page, created };
}

describe('start page', () => {
  test('creates a local game from the form and opens its board', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('radio', { name: 'Two players on this screen' }).check();
    await page.getByRole('radio', { name: 'Ordo X' }).check();
    await page.getByLabel('Board').selectOption('8x8');
    await page.getByLabel('White', { exact: true }).fill('Ada');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.waitForURL(/\/play\/[^/?]+\?token=/);
    await waitForPly(page, 0);
    assert.equal(await page.locator('#board g.piece[data-piece=white]').count(), 16);
    assert.equal(await page.locator('#board g.piece[data-piece=black]').count(), 16);
    assert.equal(await page.locator('#board rect.square').count(), 64);
    assert.match(await page.locator('#status').innerText(), /White to move/);
    assert.match(await page.locator('.player-bar[data-side="white"] .player-name').innerText(), /Ada/);
    assert.deepEqual(page.errors, []);
  });

  test('imports an exported record and opens it at its last move', async () => {
    const source = await createGame({ mode: 'local', rules: 'x' });
    for (const [ply, move] of ['e3-d3,d3-e4', 'c7-c6'].entries()) {
      await apiPost(`/api/games/${source.id}/moves`, { token: source.tokens.white, move, ply });
    }
    const record = await (await fetch(new URL(`/api/games/${source.id}/record`, BASE))).text();
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByLabel('Record text').fill(record);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/play\//);
    await waitForPly(page, 2);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'e3-d3,d3-e4');
    assert.equal(await pieceAt(page, 'e4'), 'white');
    assert.equal(await pieceAt(page, 'c6'), 'black');
  });

  test("lists this browser's games and opens one to replay", async () => {
    const names = { white: 'Listed White', black: 'Listed Black' };
    const created = await createGame({ mode: 'local', players: names });
    await apiPost(`/api/games/${created.id}/moves`, { token: created.tokens.white, move: 'c2-c3', ply: 0 });
    const page = await newPage(browser);
    await page.goto('/');
    await holdSeat(page, created);
    const row = page.locator('#stored-games tr', { hasText: names.black }).first(); // newest first
    await row.waitFor();
    assert.match(await row.innerText(), /Classic 10x8/);
    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`/play/${created.id}\\?token=`));
    await waitForPly(page, 1);
    await page.keyboard.press('ArrowLeft');
    await page.locator('#board[data-ply="0"][data-live="false"]').waitFor();
    assert.equal(await pieceAt(page, 'c2'), 'white');
  });

  test("shows the server's reason when a record is rejected, and keeps the text", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    const record = '[Rules "classic"]\n\n1. c2-c9 *\n';
    await page.getByLabel('Record text').fill(record);
    await page.getByRole('button', { name: 'Import' }).click();
    const error = page.locator('#import-game .error');
    await error.waitFor();
    assert.match(await error.innerText(), /could not be imported: .*c2-c9/, "the server's reason, naming the move");
    assert.equal(await page.getByLabel('Record text').inputValue(), record);
  });
});

describe('moves on the board', () => {
  test('a singleton move by clicking the piece and a marked square', async () => {
    const { page } = await openLocal();
    await clickSquare(page, 'c2');
    assert.ok((await targets(page)).includes('c3'), 'c3 is offered');
    await clickSquare(page, 'c3');
    await waitForPly(page, 1);
    assert.equal(await pieceAt(page, 'c3'), 'white');
    assert.equal(await pieceAt(page, 'c2'), null);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'c2-c3');
    assert.match(await page.locator('#status').innerText(), /Black to move/);
  });

  test("a typed move: a rejected one shows the server's reason and changes nothing", async () => {
    const { page } = await openLocal();
    const input = page.getByLabel('Type a move');
    await input.fill('c2-c5');
    await input.press('Enter');
    const error = page.locator('#error');
    await error.waitFor();
    assert.match(await error.innerText(), /c2-c5/, "the server's message names the move");
    assert.equal(await input.inputValue(), 'c2-c5', 'the typed text is kept');
    assert.equal(await page.locator('#board').getAttribute('data-ply'), '0');
    assert.equal(await pieceAt(page, 'c2'), 'white');
    await input.fill('c2-c3');
    await input.press('Enter');
    await waitForPly(page, 1);
    // The board may show the move (from the event stream) before the answer to the POST
    // arrives, and only that answer clears the field: wait for it, or time out and fail.
    await page.waitForFunction(() => document.querySelector('#move-input').value === '');
    assert.equal(await error.isVisible(), false, 'the error goes once a move is accepted');
    assert.equal(await pieceAt(page, 'c3'), 'white');
  });

  test('the destinations shown are exactly the legal ones of the state', async () => {
    const { page, created } = await openLocal();
    await clickSquare(page, 'e3');
    const expected = created.state.legal
      .filter((move) => /^e3[-x][a-p]\d+$/.test(move))
      .map((move) => move.slice(3))
      .sort();
    assert.ok(expected.length > 0);
    assert.deepEqual(await targets(page), expected);
  });

  test('a singleton move by dragging the piece to its destination', async () => {
    const { page } = await openLocal();
    await dragSquares(page, 'b2', 'd4');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'b2-d4');
    assert.equal(await pieceAt(page, 'd4'), 'white');
  });

  test('an ordo move by dragging across a line, and one by shift-click', async () => {
    const { page } = await openLocal();
    await dragSquares(page, 'c2', 'd2');
    assert.deepEqual(await targets(page), ['c3', 'c4']);
    await clickSquare(page, 'c4');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'c2:d2-c4');
    assert.equal(await pieceAt(page, 'd4'), 'white');

    await clickSquare(page, 'g7');
    await clickSquare(page, 'h7', ['Shift']);
    await clickSquare(page, 'g5');
    await waitForPly(page, 2);
    assert.equal(await page.locator('#move-list .move[data-ply="2"]').innerText(), 'g7:h7-g5');
    assert.equal(await pieceAt(page, 'h5'), 'black');
  });

  test('an Ordo X turn of two steps, with the board shown between them', async () => {
    const { page } = await openLocal({ rules: 'x' });
    await clickSquare(page, 'e3');
    await clickSquare(page, 'd3');
    await page.locator('#board[data-step="1"]').waitFor();
    assert.equal(await pieceAt(page, 'd3'), 'white', 'the first step is shown');
    assert.equal(await pieceAt(page, 'e3'), null);
    assert.equal(await page.locator('#step-bar').isVisible(), true);
    await clickSquare(page, 'd3');
    assert.ok((await targets(page)).includes('e4'));
    await clickSquare(page, 'e4');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'e3-d3,d3-e4');
    assert.equal(await pieceAt(page, 'e4'), 'white');
  });

  test('an Ordo X capture that leaves a tie asks which group stays', async () => {
    // Taking b4 leaves Black two single pieces, a5 and c5: White chooses.
    const { page } = await openLocal({ rules: 'x', position: '6/b1b3/1b4/6/1w4/6 w' });
    await clickSquare(page, 'b2');
    await clickSquare(page, 'b4');
    await page.locator('#board rect.mark-choice').first().waitFor();
    const choices = await page
      .locator('#board rect.mark-choice')
      .evaluateAll((nodes) => nodes.map((n) => n.dataset.square).sort());
    assert.deepEqual(choices, ['a5', 'c5']);
    assert.match(await page.locator('#step-text').innerText(), /group that stays/);
    await clickSquare(page, 'c5');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#move-list .move[data-ply="1"]').innerText(), 'b2xb4@c5');
    assert.equal(await pieceAt(page, 'c5'), 'black');
    assert.equal(await pieceAt(page, 'a5'), null);
    assert.equal(await page.locator('#board .mark-captured[data-square="b4"]').count(), 1, 'the capture is marked');
    assert.equal(
      await page.locator('#board .mark-removed[data-square="a5"]').count(),
      1,
      'the removed piece is marked',
    );
  });

  test('cancelling an Ordo X turn after its first step sends nothing', async () => {
    const { page } = await openLocal({ rules: 'x' });
    await clickSquare(page, 'e3');
    await clickSquare(page, 'd3');
    await page.locator('#board[data-step="1"]').waitFor();
    await page.getByRole('button', { name: 'Cancel this turn' }).click();
    await page.locator('#board[data-step="0"]').waitFor();
    assert.equal(await pieceAt(page, 'e3'), 'white');
    assert.equal(await pieceAt(page, 'd3'), null);
  });
});

describe('game states', () => {
  test('a split side is told to reconnect and is offered backward moves', async () => {
    const { page } = await openLocal({ position: '6/6/ww1w2/2b3/6/6 w' });
    assert.match(await page.locator('#status .split-warning').innerText(), /White is split .* must reconnect/);
    await clickSquare(page, 'd4');
    assert.ok((await targets(page)).includes('c3'), 'the backward capture d4xc3 is offered');
    await clickSquare(page, 'c3');
    await waitForPly(page, 1);
    assert.equal(await page.locator('#status .split-warning').count(), 0);
  });

  test('a winning move ends the game and shows the result with its reason', async () => {
    const { page } = await openLocal({ position: '6/w5/6/6/5b/6 w' });
    await clickSquare(page, 'a5');
    await clickSquare(page, 'a6');
    await waitForPly(page, 1);
    await page.locator('#status[data-result="1-0"]').waitFor();
    assert.match(await page.locator('#status .status-main').innerText(), /^1-0 · White wins: .+/);
    assert.equal(await page.getByRole('button', { name: 'Resign' }).isVisible(), false);
    await clickSquare(page, 'a6');
    assert.deepEqual(await targets(page), [], 'a finished game takes no moves');
  });
});

describe('clocks', () => {
  test('the clocks show the time and the running one counts down', async () => {
    const { page } = await openLocal({ clock: { initial_ms: 300000, increment_ms: 2000 } });
    const clock = (side) => page.locator(`.player-bar[data-side="${side}"] .clock`);
    assert.match(await clock('white').innerText(), /^[45]:\d\d$/);
    assert.match(await clock('black').innerText(), /^[45]:\d\d$/);
    await clickSquare(page, 'c2');
    await clickSquare(page, 'c3');
    await waitForPly(page, 1);
    // Black's clock runs now: wait for it to show less than the full five minutes.
    await page.locator('.player-bar[data-side="black"] .clock.running').waitFor();
    await page.waitForFunction(() => {
      const text = document.querySelector('.player-bar[data-side="black"] .clock').textContent;
      const [m, s] = text.split(':').map(Number);
      return m * 60 + s < 300;
    });
    assert.equal(await clock('white').evaluate((node) => node.classList.contains('running')), false);
  });
});

describe('opponents', () => {
  test('the engine (level 1) answers a move', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('radio', { name: 'Against the computer' }).check();
    await page.getByLabel('Level').fill('1');
    await page.getByRole('button', { name: 'Start game' }).click();
    await page.waitForURL(/\/play\//);
    await waitForPly(page, 0);
    // Level 1 answers within milliseconds, and the event stream sends only the newest
    // state, so its thinking state may never reach the page; the level 10 test below
    // checks that state.
    await clickSquare(page, 'c2');
    await clickSquare(page, 'c3');
    await waitForPly(page, 2);
    assert.equal(await page.locator('#move-list .move[data-ply="2"]').count(), 1);
    assert.doesNotMatch(await page.locator('#status').innerText(), /thinking/);
    assert.match(await page.locator('#status').innerText(), /White to move/);
  });

  test('the engine is shown thinking, and "Move now" makes it answer at once', async () => {
    // On a server of its own whose engine answers only when told to, so that the thinking
    // state and the button are there however fast the machine is.
    const data = mkdtempSync(path.join(tmpdir(), 'ordo-move-now-'));
    const server = await OwnServer.start(data, { args: ['--engine-waits-for-move-now'] });
    try {
      const created = await createGame({ mode: 'ai', ai: { level: 10, color: 'black' } }, server.url);
      const page = await newPage(browser, undefined, { baseURL: server.url });
      await page.goto(created.links.white);
      await waitForPly(page, 0);
      await clickSquare(page, 'c2');
      await clickSquare(page, 'c3');
      await waitForPly(page, 1);
      const moveNow = page.locator('#move-now:not([hidden]):not([disabled])');
      await moveNow.waitFor();
      const status = page.locator('#status');
      await page.locator('#status.thinking').waitFor();
      assert.match(await status.innerText(), /The engine is thinking/);
      assert.equal(await page.locator('#board').getAttribute('data-ply'), '1', 'the engine has not answered');
      const answer = page.waitForResponse((response) => response.url().endsWith('/move-now'));
      await moveNow.click();
      assert.equal((await answer).status(), 200);
      await waitForPly(page, 2);
      assert.equal(await page.getByRole('button', { name: 'Move now' }).isVisible(), false);
      assert.doesNotMatch(await status.innerText(), /thinking/);
    } finally {
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    }
  });

  test("a network game: each seat sees the other's moves live", async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('radio', { name: 'Two players over the network' }).check();
    await page.getByRole('button', { name: 'Start game' }).click();
    const whiteLink = await page.getByLabel('White link').inputValue();
    const blackLink = await page.getByLabel('Black link').inputValue();
    const spectatorLink = await page.getByLabel('Spectators link').inputValue();
    assert.match(whiteLink, /token=/);
    assert.notEqual(whiteLink, blackLink);
    assert.doesNotMatch(spectatorLink, /token=/);

    const white = await newPage(browser);
    const black = await newPage(browser);
    await white.goto(whiteLink);
    await black.goto(blackLink);
    await waitForPly(white, 0);
    await waitForPly(black, 0);
    assert.equal(
      (await black.locator('#board rect[data-square="a1"]').evaluate((r) => Number(r.getAttribute('y')))) < 100,
      true,
      'Black sees the board from its side',
    );
    await clickSquare(white, 'c2');
    await clickSquare(white, 'c3');
    await waitForPly(black, 1);
    assert.equal(await pieceAt(black, 'c3'), 'white');
    await clickSquare(black, 'c7');
    await clickSquare(black, 'c6');
    await waitForPly(white, 2);
    assert.equal(await pieceAt(white, 'c6'), 'black');
    await clickSquare(white, 'e3');
    assert.ok((await targets(white)).length > 0);
    await clickSquare(black, 'e6');
    assert.deepEqual(await targets(black), [], "not Black's turn: nothing is offered");
  });
});

describe('analysis and the move list', () => {
  test('the analysis toggle shows an evaluation and a best line', async () => {
    const { page } = await openLocal();
    await page.getByLabel('Show engine analysis').check();
    const score = page.locator('#analysis-output .analysis-score');
    await score.waitFor();
    assert.match(await score.innerText(), /Evaluation [+-]?\d+\.\d\d .*depth \d+/);
    assert.match(await page.locator('#analysis-output .analysis-line').innerText(), /Best line: [a-j]\d/);
  });

  test('arrow keys step through the moves; a past position is read-only', async () => {
    const created = await createGame({ mode: 'local' });
    const token = created.tokens.white;
    const moves = ['c2-c3', 'c7-c6', 'e3-e4'];
    for (const [ply, move] of moves.entries()) {
      await apiPost(`/api/games/${created.id}/moves`, { token, move, ply });
    }
    const page = await newPage(browser);
    await page.goto(created.links.white);
    await waitForPly(page, 3);
    await page.keyboard.press('ArrowLeft');
    await page.locator('#board[data-ply="2"][data-live="false"]').waitFor();
    assert.equal(await pieceAt(page, 'e4'), null);
    assert.equal(await pieceAt(page, 'e3'), 'white');
    assert.equal(await page.locator('#move-list .move[aria-current]').innerText(), 'c7-c6');
    await clickSquare(page, 'e3');
    assert.deepEqual(await targets(page), [], 'a past position takes no moves');
    await page.keyboard.press('Home');
    await page.locator('#board[data-ply="0"]').waitFor();
    assert.equal(await pieceAt(page, 'c2'), 'white');
    await page.keyboard.press('ArrowRight');
    await page.locator('#board[data-ply="1"]').waitFor();
    await page.keyboard.press('End');
    await waitForPly(page, 3);
    await page.getByRole('button', { name: 'Previous move' }).click();
    await page.locator('#board[data-ply="2"]').waitFor();
    await page.getByRole('button', { name: 'Last move' }).click();
    await waitForPly(page, 3);
  });
});
