// A match to a score in words (the state's `match`, docs/api.md "Matches"): where it
// stands during a game, and how it stands or ended once the game is over.
import { sideName } from './game-text.js';

function score(points, sides) {
  return `${sideName('white', sides)} ${points.white}, ${sideName('black', sides)} ${points.black}`;
}

/** "Match to 31 · game 2 · White 7, Black 4"; empty for a game of no match. */
export function matchLine(state) {
  const match = state.match;
  if (!match) return '';
  return `Match to ${match.to} · game ${match.game} · ${score(match.score, state.sides)}`;
}

/** Once the game is over: who won the match, or the score and who begins the next game. */
export function matchOutcome(state) {
  const match = state.match;
  if (!match || state.result.score === '*') return '';
  if (match.over && match.lost_on_time)
    return `${sideName(match.winner, state.sides)} wins the match to ${match.to}: the other side ran out of time (${score(match.score, state.sides)}).`;
  if (match.over && match.winner)
    return `${sideName(match.winner, state.sides)} wins the match to ${match.to}: ${score(match.score, state.sides)}.`;
  if (match.over) return 'The match ends here, with no winner: its game was aborted.';
  return `Match score ${score(match.score, state.sides)} (to ${match.to}). ${sideName(match.next_starter, state.sides)} begins game ${match.game + 1}.`;
}
