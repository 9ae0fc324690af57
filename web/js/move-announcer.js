// Tells screen readers what happens in the game, through an aria-live region: each move
// played (in words, and by whom) and the result. The first state only sets the baseline.
import { describeResult, moveInWords, playerLabel } from './game-text.js';

export class MoveAnnouncer {
  constructor(region) {
    this.region = region;
    this.seen = null;
  }

  update(state) {
    const before = this.seen;
    this.seen = { ply: state.ply, score: state.result.score };
    if (!before) return;
    const lines = [];
    if (state.ply > before.ply) {
      for (const entry of state.moves.slice(before.ply)) {
        const mine = state.mode !== 'local' && state.you.includes(entry.by);
        const who = mine ? 'You' : playerLabel(entry.by, state);
        if (entry.roll) lines.push(`${who} rolled ${entry.move.split('').join(' and ')}.`);
        else lines.push(`${who} played ${moveInWords(entry.move)}.`);
      }
    } else if (state.ply < before.ply) {
      lines.push(`Taken back: ${before.ply - state.ply} ${before.ply - state.ply === 1 ? 'move' : 'moves'}.`);
    }
    if (state.result.score !== '*' && before.score === '*')
      lines.push(`Game over: ${describeResult(state.result, state.sides)}.`);
    if (lines.length) this.region.textContent = lines.join(' ');
  }
}
