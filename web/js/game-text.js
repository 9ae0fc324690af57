// Words for the game's state, shared by the board page's panels.

export function sideName(side) {
  return side === 'white' ? 'White' : 'Black';
}

/**
 * "1-0 · White wins: home row reached", from the state's `result`. A reason that already
 * names the outcome is shown as it is; a house-rule result always ends in "[house rule]".
 */
export function describeResult(result) {
  if (!result || result.score === '*') return 'The game is in progress.';
  const who = result.winner ? `${sideName(result.winner)} wins` : 'Draw';
  const reason = result.reason ?? '';
  let text = /^(white wins|black wins|draw)\b/i.test(reason) ? reason : `${who}${reason ? `: ${reason}` : ''}`;
  if (result.house_rule && !text.includes('[house rule]')) {
    text = `${text.replace(/\s*\(house rule\)\s*$/i, '')} [house rule]`;
  }
  return `${result.score} · ${text}`;
}
