// Builds a tables turn die by die from the server's lists (docs/api.md, "Games with dice"):
// `sequences` holds every legal order of die steps of every legal turn, each as a turn
// word ("24/21,21/20"). The next die's choices are the steps that follow the steps chosen
// so far in some sequence; the turn is complete when the steps chosen are a whole
// sequence, and that word is what the page sends. The page never decides legality.
import { OFF, applyTablesStep, diceOf, parseTablesTurn } from './tables-position.js';

/** Removes one die of `value` from a list of dice. */
function without(dice, value) {
  const at = dice.indexOf(value);
  return [...dice.slice(0, at), ...dice.slice(at + 1)];
}

/**
 * The die each step of a sequence uses: a move's is its distance, a bear-off's any die at
 * least its point (the rules decide which; here the first that lets the rest be played,
 * smaller first). Answers [{ from, to, die, text }] or null if the dice cannot play it.
 */
export function assignDice(pairs, dice) {
  if (!pairs.length) return [];
  const [[from, to], ...rest] = pairs;
  const candidates = to === OFF ? [...new Set(dice)].filter((d) => d >= from).sort((a, b) => a - b) : [from - to];
  for (const die of candidates) {
    if (!dice.includes(die)) continue;
    const tail = assignDice(rest, without(dice, die));
    if (tail) return [{ from, to, die, text: `${from}/${to === OFF ? 'off' : to}` }, ...tail];
  }
  return null;
}

export class TablesTurnBuilder {
  /** `position`: parseTablesPosition's, with its roll; `sequences`: the state's list. */
  constructor(position, sequences) {
    this.start = position;
    this.dice = diceOf(position.roll);
    this.pass = sequences.length === 1 && sequences[0] === 'pass';
    this.sequences = [];
    for (const word of this.pass ? [] : sequences) {
      const steps = assignDice(parseTablesTurn(word), this.dice);
      if (!steps) throw new Error(`the sequence '${word}' does not fit the roll ${position.roll.join('')}`);
      this.sequences.push({ word, steps });
    }
    this.chosen = []; // the steps taken: { from, to, die, text }
  }

  /** The sequences that begin with the steps chosen so far. */
  candidates() {
    const k = this.chosen.length;
    return this.sequences.filter(
      (s) => s.steps.length >= k && this.chosen.every((step, i) => s.steps[i].text === step.text),
    );
  }

  /** The position after the steps taken so far. */
  position() {
    return this.chosen.reduce((p, step) => applyTablesStep(p, step.from, step.to), this.start);
  }

  /** The next steps the player may take, one per distinct step: [{ from, to, die, text }]. */
  nextSteps() {
    const k = this.chosen.length;
    const byText = new Map();
    for (const s of this.candidates())
      if (s.steps.length > k && !byText.has(s.steps[k].text)) byText.set(s.steps[k].text, s.steps[k]);
    return [...byText.values()];
  }

  /**
   * Each die with whether it has been used: [{ value, used }], in the roll's order. A
   * bear-off may fit two dice; the dice used are those of a whole sequence that goes on
   * from the steps chosen.
   */
  diceState() {
    const k = this.chosen.length;
    const used = this.candidates()[0]?.steps.slice(0, k) ?? this.chosen;
    let left = [...this.dice];
    for (const step of used) left = without(left, step.die);
    return this.dice.map((value) => {
      const at = left.indexOf(value);
      if (at < 0) return { value, used: true };
      left.splice(at, 1);
      return { value, used: false };
    });
  }

  /** The points (the mover's numbers) holding a piece that may move next. */
  movablePoints() {
    return [...new Set(this.nextSteps().map((step) => step.from))];
  }

  /** Where the piece on `from` may go next: Map to -> step (to 0 is off). */
  targets(from) {
    return new Map(
      this.nextSteps()
        .filter((step) => step.from === from)
        .map((step) => [step.to, step]),
    );
  }

  /** The only next step, when there is just one (a forced step). */
  forcedStep() {
    const steps = this.nextSteps();
    return steps.length === 1 ? steps[0] : null;
  }

  /** The whole turn's word once the steps chosen are a whole sequence, else null. */
  finished() {
    const k = this.chosen.length;
    return (k > 0 && this.candidates().find((s) => s.steps.length === k)?.word) || null;
  }

  /** Takes a step (one of nextSteps); answers the turn's word once it is complete, else null. */
  choose(step) {
    this.chosen.push(step);
    return this.finished();
  }

  /** Takes back the last step (answers whether there was one). */
  undo() {
    return this.chosen.pop() !== undefined;
  }

  reset() {
    this.chosen = [];
  }
}

/** A step in words, for the screen reader and the hint: "13 to 8 with the 5", "3 off with the 6". */
export function describeStep(step) {
  return `${step.from} ${step.to === OFF ? 'off' : `to ${step.to}`} with the ${step.die}`;
}
