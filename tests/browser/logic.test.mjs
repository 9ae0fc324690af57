// The page's pure modules (notation, positions, turn building), run inside the browser
// exactly as the page loads them from the server.
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

test('steps are read from notation; an ordo moves every piece by the same shift', async () => {
  const steps = await page.evaluate(async () => {
    const { parseStep } = await import('/static/js/notation.js');
    const pick = ({ kind, squares, targets, capture, keep }) => ({ kind, squares, targets, capture, keep });
    return ['a2:d2-a3', 'd3:d1-d4', 'd4xe5@g7', 'e3-e5'].map((text) => pick(parseStep(text)));
  });
  assert.deepEqual(steps, [
    { kind: 'ordo', squares: ['a2', 'b2', 'c2', 'd2'], targets: ['a3', 'b3', 'c3', 'd3'], capture: false, keep: null },
    { kind: 'ordo', squares: ['d3', 'd2', 'd1'], targets: ['d4', 'd3', 'd2'], capture: false, keep: null },
    { kind: 'single', squares: ['d4'], targets: ['e5'], capture: true, keep: 'g7' },
    { kind: 'single', squares: ['e3'], targets: ['e5'], capture: false, keep: null },
  ]);
});

test('position strings read and write back unchanged', async () => {
  const positions = [
    '2bb2bb2/bbbbbbbbbb/bb2bb2bb/10/10/ww2ww2ww/wwwwwwwwww/2ww2ww2 w',
    '1bb2bb1/bbbbbbbb/b2bb2b/8/8/w2ww2w/wwwwwwww/1ww2ww1 b',
    'w15/16/15b b',
  ];
  const back = await page.evaluate(async (list) => {
    const { parsePosition, formatPosition } = await import('/static/js/position.js');
    return list.map((text) => {
      const board = parsePosition(text);
      return { text: formatPosition(board), files: board.files, ranks: board.ranks };
    });
  }, positions);
  assert.deepEqual(
    back.map((b) => b.text),
    positions,
  );
  assert.deepEqual(
    back.map((b) => [b.files, b.ranks]),
    [
      [10, 8],
      [8, 8],
      [16, 3],
    ],
  );
});

test('a shown Ordo X capture removes the smaller groups, or the ones not chosen', async () => {
  const boards = await page.evaluate(async () => {
    const { parsePosition, formatPosition, applyStep } = await import('/static/js/position.js');
    const { parseStep } = await import('/static/js/notation.js');
    const tie = parsePosition('6/b1b3/1b4/6/1w4/6 w');
    const uneven = parsePosition('6/bb1b2/1b4/6/1w4/6 w');
    return [
      formatPosition(applyStep(tie, parseStep('b2xb4@c5'), 'c5')),
      formatPosition(applyStep(tie, parseStep('b2xb4@a5'), 'a5')),
      formatPosition(applyStep(uneven, parseStep('b2xb4'))),
      formatPosition(applyStep(tie, parseStep('b2xb4'), null, false)),
    ];
  });
  assert.deepEqual(boards, ['6/2b3/1w4/6/6/6 w', '6/b5/1w4/6/6/6 w', '6/bb4/1w4/6/6/6 w', '6/b1b3/1w4/6/6/6 w']);
});

test('a turn is built step by step from the legal list', async () => {
  const trace = await page.evaluate(async () => {
    const { TurnBuilder } = await import('/static/js/turn-builder.js');
    const builder = new TurnBuilder(['e3-e4', 'e3-d3,d3-e4', 'e3-d3,d3-c4', 'c2:d2-c3', 'b2xb4@a5', 'b2xb4@c5']);
    const out = {};
    out.e3 = [...builder.singleTargets('e3').entries()].sort();
    out.line = [...builder.lineTargets(['d2', 'c2'], 'd2').entries()];
    out.tie = builder
      .options('b2xb4')
      .map((step) => step.text)
      .sort();
    const sideways = builder.options('e3-d3')[0];
    out.afterFirst = builder.choose(sideways);
    out.second = [...builder.singleTargets('d3').entries()].sort();
    out.done = builder.choose(builder.options('d3-c4')[0]);
    builder.reset();
    out.forward = builder.choose(builder.options('e3-e4')[0]);
    return out;
  });
  assert.deepEqual(trace, {
    e3: [
      ['d3', 'e3-d3'],
      ['e4', 'e3-e4'],
    ],
    line: [['d3', 'c2:d2-c3']],
    tie: ['b2xb4@a5', 'b2xb4@c5'],
    afterFirst: null,
    second: [
      ['c4', 'd3-c4'],
      ['e4', 'd3-e4'],
    ],
    done: 'e3-d3,d3-c4',
    forward: 'e3-e4',
  });
});

test('the lobby applies its stream: the whole list first, then what changed', async () => {
  const lobby = await page.evaluate(async () => {
    const { applyLobbyEvent } = await import('/static/js/lobby.js');
    const c = (id, extra = {}) => ({ id, state: 'open', ...extra });
    let view = applyLobbyEvent({ challenges: [], closed: [] }, { challenges: [c('a'), c('b'), c('c')], closed: [] });
    view = applyLobbyEvent(view, { put: [c('d'), c('b', { rated: true })], gone: ['a'], closed: [] });
    view = applyLobbyEvent(view, { put: [], gone: ['c'], closed: [c('c', { state: 'accepted' })] });
    view = applyLobbyEvent(view, {
      put: [],
      gone: [],
      closed: [c('c', { state: 'accepted', game_id: 'g' }), c('e', { state: 'cancelled' })],
    });
    return view;
  });
  assert.deepEqual(lobby, {
    challenges: [
      { id: 'b', state: 'open', rated: true },
      { id: 'd', state: 'open' },
    ],
    closed: [
      { id: 'c', state: 'accepted', game_id: 'g' },
      { id: 'e', state: 'cancelled' },
    ],
  });
});
