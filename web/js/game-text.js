// Words for the game's state, shared by the board page's panels.

export function sideName(side) {
  return side === 'white' ? 'White' : 'Black';
}

/** "1-0 · White wins: home row reached [house rule]" from the state's `result`. */
export function describeResult(result) {
  if (!result || result.score === '*') return 'The game is in progress.';
  const who = result.winner ? `${sideName(result.winner)} wins` : 'Draw';
  let reason = result.reason ? `: ${result.reason}` : '';
  if (result.house_rule && !/house rule/i.test(reason)) reason += ' [house rule]';
  return `${result.score} · ${who}${reason}`;
}
