// Words for the game's state, shared by the board page's panels.

/** The game's name of a seat: `sides` is the state's (Order/Chaos), else White/Black. */
export function sideName(side, sides) {
  return sides?.[side] ?? (side === 'white' ? 'White' : 'Black');
}

/**
 * "1-0 · White wins: home row reached", from the state's `result`. A reason that already
 * names the outcome is shown as it is; a house-rule result always ends in "[house rule]".
 */
export function describeResult(result, sides) {
  if (!result || result.score === '*') return 'The game is in progress.';
  const who = result.winner ? `${sideName(result.winner, sides)} wins` : 'Draw';
  const reason = result.reason ?? '';
  let text = /^(\w+ wins|draw)\b/i.test(reason) ? reason : `${who}${reason ? `: ${reason}` : ''}`;
  if (result.house_rule && !text.includes('[house rule]')) {
    text = `${text.replace(/\s*\(house rule\)\s*$/i, '')} [house rule]`;
  }
  return `${result.score} · ${text}`;
}
