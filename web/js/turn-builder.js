// Builds one turn step by step from the server's legal list: which pieces may move next,
// where they may go, and when a tie choice or a second step (Ordo X) is needed. Every
// finished turn is one string of that list; the page never decides legality itself.
import { parseTurn, stepMovesLine } from './notation.js';

export class TurnBuilder {
  constructor(legal) {
    this.turns = legal.map(parseTurn);
    this.chosen = [];
  }

  /** The turns that begin with the steps chosen so far. */
  candidates() {
    return this.turns.filter(
      (turn) =>
        turn.steps.length > this.chosen.length && this.chosen.every((step, i) => turn.steps[i].text === step.text),
    );
  }

  /** The possible next steps (with duplicates from different continuations). */
  nextSteps() {
    return this.candidates().map((turn) => turn.steps[this.chosen.length]);
  }

  /** Whether any next step moves a piece standing on the square. */
  canMoveFrom(square) {
    return this.nextSteps().some((step) => step.squares.includes(square));
  }

  /** Destinations of a single piece: Map target square -> step key. */
  singleTargets(square) {
    const targets = new Map();
    for (const step of this.nextSteps()) {
      if (step.kind === 'single' && step.anchor === square) targets.set(step.dest, step.key);
    }
    return targets;
  }

  /** Destinations of a line as where its `anchor` end lands: Map square -> step key. */
  lineTargets(line, anchor) {
    const targets = new Map();
    for (const step of this.nextSteps()) {
      if (stepMovesLine(step, line)) {
        targets.set(step.targets[step.squares.indexOf(anchor)], step.key);
      }
    }
    return targets;
  }

  /** The distinct next steps with this key: one, or several that differ in the tie choice. */
  options(key) {
    const byText = new Map();
    for (const step of this.nextSteps()) if (step.key === key) byText.set(step.text, step);
    return [...byText.values()];
  }

  /** Takes a step; answers the whole turn's text when the turn is complete, else null. */
  choose(step) {
    this.chosen.push(step);
    const done = this.turns.find(
      (turn) => turn.steps.length === this.chosen.length && turn.steps.every((s, i) => s.text === this.chosen[i].text),
    );
    return done ? done.text : null;
  }

  /** Goes back to the start of the turn. */
  reset() {
    this.chosen = [];
  }
}
