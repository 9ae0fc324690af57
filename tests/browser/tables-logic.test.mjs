// The tables board's pure modules (positions, dice, turns built die by die), run by node
// itself: they touch no page. The sequences are what the server lists for the positions
// (docs/api.md, "Games with dice"; `ordo-engine moves --game mughrabieh` gives the turns).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyTablesStep,
  diceOf,
  formatTablesPosition,
  holder,
  parseTablesPosition,
  parseTablesTurn,
  pipCount,
  borneOff,
} from '../../web/js/tables-position.js';
import { TablesTurnBuilder, assignDice, describeStep } from '../../web/js/tables-turns.js';

test('position strings read and write back; pips, pieces off and who holds a point', () => {
  for (const text of ['24x15/24x15 w -', '13x5,8x3,6/24x14,7 b 52', '6x3,5x2,3/- w 66', '24x15/24x15 b 11 pass']) {
    assert.equal(formatTablesPosition(parseTablesPosition(text)), text);
  }
  const p = parseTablesPosition('13x5,8x3,6/24x14,7 b 52');
  assert.deepEqual(p.roll, [5, 2]);
  assert.equal(p.toMove, 'black');
  assert.equal(pipCount(p, 'white'), 13 * 5 + 8 * 3 + 6);
  assert.equal(pipCount(p, 'black'), 24 * 14 + 7);
  assert.equal(borneOff(p, 'white'), 6);
  // White's 18 is Black's 7; White's 1 is Black's 24.
  assert.deepEqual(holder(p, 'white', 18), { side: 'black', count: 1 });
  assert.deepEqual(holder(p, 'white', 1), { side: 'black', count: 14 });
  assert.deepEqual(holder(p, 'black', 12), { side: 'white', count: 5 });
  assert.equal(holder(p, 'white', 20), null);
  assert.throws(() => parseTablesPosition('24x16/24x15 w -'), /more than 15/);
  assert.throws(() => parseTablesPosition('24x15 w -'), /not a tables position/);
});

test('turn words, dice and steps', () => {
  assert.deepEqual(parseTablesTurn('13/8,8/6'), [
    [13, 8],
    [8, 6],
  ]);
  assert.deepEqual(parseTablesTurn('6/off'), [[6, 0]]);
  assert.deepEqual(parseTablesTurn('pass'), []);
  assert.throws(() => parseTablesTurn('13-8'), /not a turn/);
  assert.deepEqual(diceOf([5, 2]), [5, 2]);
  assert.deepEqual(diceOf([3, 3]), [3, 3, 3, 3]);
  const after = applyTablesStep(parseTablesPosition('6x3,5x2,3/24x15 w 64'), 6, 0);
  assert.equal(formatTablesPosition(after), '6x2,5x2,3/24x15 w 64');
});

test('a bear-off takes the die that lets the rest of the sequence be played', () => {
  // 65: 4/off then 6/1 needs the 5 for 6/1, so the bear-off took the 6.
  assert.deepEqual(
    assignDice(parseTablesTurn('4/off,6/1'), [6, 5]).map((s) => s.die),
    [6, 5],
  );
  assert.deepEqual(
    assignDice(parseTablesTurn('4/off,5/off'), [6, 5]).map((s) => s.die),
    [5, 6],
  );
  assert.equal(assignDice(parseTablesTurn('13/7'), [5, 2]), null);
});

test('a turn is built die by die from the sequences; each die marks its destination', () => {
  const start = parseTablesPosition('24x15/24x15 w 52');
  const builder = new TablesTurnBuilder(start, ['24/19,19/17', '24/22,22/17']);
  assert.deepEqual(builder.movablePoints(), [24]);
  assert.deepEqual(
    [...builder.targets(24)].map(([to, step]) => [to, step.die]),
    [
      [19, 5],
      [22, 2],
    ],
  );
  assert.equal(builder.forcedStep(), null);
  assert.equal(builder.choose(builder.targets(24).get(22)), null);
  assert.deepEqual(builder.diceState(), [
    { value: 5, used: false },
    { value: 2, used: true },
  ]);
  assert.equal(formatTablesPosition(builder.position()), '24x14,22/24x15 w 52');
  // Only the runner may go on (the first piece, rules 5): what the sequences say.
  assert.deepEqual(builder.movablePoints(), [22]);
  assert.deepEqual(describeStep(builder.forcedStep()), '22 to 17 with the 5');
  assert.equal(builder.finished(), null);
  // Undo of the partial turn, then the other order.
  assert.equal(builder.undo(), true);
  assert.equal(builder.chosen.length, 0);
  builder.choose(builder.targets(24).get(19));
  assert.equal(builder.choose(builder.targets(19).get(17)), '24/19,19/17');
  assert.deepEqual(
    builder.diceState().map((d) => d.used),
    [true, true],
  );
});

test('a double is four dice; a forced turn is its steps one by one', () => {
  const builder = new TablesTurnBuilder(parseTablesPosition('24x15/24x15 w 66'), ['24/18,18/12,12/6,24/18']);
  const played = [];
  let word = null;
  while (!word) {
    const step = builder.forcedStep();
    assert.ok(step, 'every step is forced');
    played.push(step.text);
    word = builder.choose(step);
  }
  assert.deepEqual(played, ['24/18', '18/12', '12/6', '24/18']);
  assert.equal(word, '24/18,18/12,12/6,24/18');
  assert.deepEqual(
    builder.diceState().map((d) => d.used),
    [true, true, true, true],
  );
});

test('bearing off goes to the tray; a step no sequence has is not offered', () => {
  // 62 with 6x3,5x2,3: the server's turns are 6/off,5/3 and 6/off,6/4 (both orders each).
  const builder = new TablesTurnBuilder(parseTablesPosition('6x3,5x2,3/24x15 w 62'), [
    '5/3,6/off',
    '6/4,6/off',
    '6/off,5/3',
    '6/off,6/4',
  ]);
  assert.deepEqual(builder.movablePoints().sort(), [5, 6]);
  assert.deepEqual([...builder.targets(6).keys()], [4, 0]);
  assert.deepEqual([...builder.targets(3).keys()], []);
  builder.choose(builder.targets(6).get(0));
  assert.deepEqual(builder.diceState(), [
    { value: 6, used: true },
    { value: 2, used: false },
  ]);
  assert.equal(builder.choose(builder.targets(5).get(3)), '6/off,5/3');
});

test('a pass has no steps; a sequence that does not fit the roll is refused', () => {
  const pass = new TablesTurnBuilder(parseTablesPosition('24x14,20/24x14,6 w 11'), ['pass']);
  assert.equal(pass.pass, true);
  assert.deepEqual(pass.nextSteps(), []);
  assert.throws(() => new TablesTurnBuilder(parseTablesPosition('24x15/24x15 w 52'), ['24/21,21/17']), /does not fit/);
});
