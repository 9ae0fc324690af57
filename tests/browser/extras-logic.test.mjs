// The pure parts of the page's extras (sounds, premove, tab title), run in the browser as
// the page loads them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launch, newPage } from './helpers.mjs';

let browser;
let page;
before(async () => {
  browser = await launch();
  page = await newPage(browser);
  await page.goto('/rules');
});
after(async () => {
  await browser?.close();
});

const playing = { result: { score: '*' }, ply: 4, position: 'P4' };

test('a change sounds as the end, a capture or a move', async () => {
  const sounds = await page.evaluate(async (before) => {
    const { soundForChange } = await import('/static/js/sounds.js');
    const pieces = { P4: 30, P5: 30, P5x: 29 };
    const count = (position) => pieces[position];
    return [
      soundForChange(null, before, count),
      soundForChange(before, { ...before }, count),
      soundForChange(before, { ...before, ply: 5, position: 'P5' }, count),
      soundForChange(before, { ...before, ply: 5, position: 'P5x' }, count),
      soundForChange(before, { ...before, ply: 5, position: 'P5x', result: { score: '1-0' } }, count),
      soundForChange(before, { ...before, ply: 2, position: 'P2' }, count),
    ];
  }, playing);
  assert.deepEqual(sounds, [null, null, 'move', 'capture', 'end', null]);
});

test('low time warns once per seat, and again after time was added back', async () => {
  const calls = await page.evaluate(async () => {
    const { LowTimeWatch } = await import('/static/js/sounds.js');
    let count = 0;
    const watch = new LowTimeWatch(() => count++, 20000);
    const left = { white: 25000, black: 5000 };
    const counts = [];
    for (const white of [25000, 19000, 18000, 21000, 15000]) {
      left.white = white;
      watch.check(['white'], (seat) => left[seat]);
      counts.push(count);
    }
    return counts;
  });
  assert.deepEqual(calls, [0, 1, 1, 1, 2]);
});

test('a premove is due only right after the one reply, and names its squares', async () => {
  const result = await page.evaluate(async () => {
    const { Premove, squaresOf } = await import('/static/js/premove.js');
    const state = (ply, toMove, score = '*') => ({ ply, to_move: toMove, you: ['black'], result: { score } });
    const p = new Premove();
    p.queue('c7-c6', 2);
    const waiting = p.due(state(2, 'white')); // the same ply: still queued
    const played = p.due(state(3, 'black'));
    const afterPlay = p.move;
    p.queue('c7-c6', 2);
    const afterTakeback = p.due(state(1, 'black'));
    p.queue('c7-c6', 2);
    const afterEnd = p.due(state(3, 'black', '1-0'));
    return {
      waiting,
      played,
      afterPlay,
      afterTakeback,
      afterEnd,
      dropped: p.move,
      squares: squaresOf('b2:d2-b4'),
      oc: squaresOf('Xc3'),
      ten: squaresOf('j10-j9'),
    };
  });
  assert.deepEqual(result, {
    waiting: null,
    played: 'c7-c6',
    afterPlay: null,
    afterTakeback: null,
    afterEnd: null,
    dropped: null,
    squares: ['b2', 'd2', 'b4'],
    oc: ['c3'],
    ten: ['j10', 'j9'],
  });
});

test('"Your turn" is for a player to move, not on a shared screen nor while the engine thinks', async () => {
  const answers = await page.evaluate(async () => {
    const { yourTurn } = await import('/static/js/tab-title.js');
    const base = { result: { score: '*' }, mode: 'network', you: ['black'], to_move: 'black', ai: null };
    return [
      yourTurn(base),
      yourTurn({ ...base, to_move: 'white' }),
      yourTurn({ ...base, mode: 'local', you: ['white', 'black'] }),
      yourTurn({ ...base, mode: 'ai', ai: { thinking: true } }),
      yourTurn({ ...base, result: { score: '0-1' } }),
    ];
  });
  assert.deepEqual(answers, [true, false, false, false, false]);
});

test('a player is named once, without nested brackets; an aborted game says so', async () => {
  const words = await page.evaluate(async () => {
    const { describeResult, playerLabel } = await import('/static/js/game-text.js');
    const state = { players: { white: 'Ada', black: 'Engine (level 3)' } };
    return [
      playerLabel('white', state),
      playerLabel('black', state),
      playerLabel('white', { players: { white: 'White' } }),
      describeResult({
        score: 'aborted',
        winner: null,
        reason: 'it ended before each side had moved, so it is not rated',
      }),
    ];
  });
  assert.deepEqual(words, [
    'White (Ada)',
    'Black (Engine level 3)',
    'White',
    'Game aborted: it ended before each side had moved, so it is not rated',
  ]);
});

test('the game page names the kind of game: title, rated or casual, time control', async () => {
  const kinds = await page.evaluate(async () => {
    const { describeGameKind } = await import('/static/js/game-panels.js');
    return [
      describeGameKind(
        { mode: 'network', rated: true, clock: { initial_ms: 300000, increment_ms: 3000 } },
        'Classic 10x8',
      ),
      describeGameKind(
        { mode: 'network', rated: false, clock: { initial_ms: 30000, increment_ms: 500 } },
        'Ordo X 8x8',
      ),
      describeGameKind({ mode: 'network', rated: false, clock: { days_per_move: 1 } }, 'Classic 8x8'),
      describeGameKind({ mode: 'ai', clock: null }, 'House 12x2'),
    ];
  });
  assert.deepEqual(kinds, [
    'Classic 10x8 · rated · 5+3',
    'Ordo X 8x8 · casual · 0.5+0.5',
    'Classic 8x8 · casual · 1 day per move',
    'House 12x2 · no clock',
  ]);
});

test('days per move show both seats in one format; a live clock keeps h:mm:ss', async () => {
  const shown = await page.evaluate(async () => {
    const { formatClock } = await import('/static/js/clock.js');
    const h = 3600000;
    return [
      formatClock(48 * h, true),
      formatClock(47 * h + 59 * 60000 + 57000, true),
      formatClock(5 * h + 10 * 60000, true),
      formatClock(59 * 60000 + 30000, true),
      formatClock(47 * h + 59 * 60000 + 57000),
      formatClock(9500),
    ];
  });
  assert.deepEqual(shown, ['2 d 0 h', '1 d 23 h', '5 h 10 min', '59:30', '47:59:57', '0:09.5']);
});
