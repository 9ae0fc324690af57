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
  if (result.score === 'aborted') return `Game aborted: ${result.reason}`;
  const who = result.winner ? `${sideName(result.winner, sides)} wins` : 'Draw';
  const reason = result.reason ?? '';
  let text = /^(\w+ wins|draw)\b/i.test(reason) ? reason : `${who}${reason ? `: ${reason}` : ''}`;
  if (result.house_rule && !text.includes('[house rule]')) {
    text = `${text.replace(/\s*\(house rule\)\s*$/i, '')} [house rule]`;
  }
  return `${result.score} · ${text}`;
}

/**
 * A move as words for screen readers: "c2 to c4", "d4 takes e5", "the line a2 to d2
 * moves a2 to a3", "e3 to d3, then d3 to d5", "…, the group at g7 stays", "X on c3", "13 to
 * 8, then 6 off".
 */
export function moveInWords(move) {
  const placement = /^([XO])([a-f][1-6])$/.exec(move);
  if (placement) return `${placement[1]} on ${placement[2]}`;
  const [turn, keep] = move.split('@');
  const steps = turn.split(',').map((step) => {
    const line = /^([a-z]\d+):([a-z]\d+)([-x])([a-z]\d+)$/.exec(step);
    if (line)
      return `the line ${line[1]} to ${line[2]} moves ${line[1]} ${line[3] === 'x' ? 'and takes' : 'to'} ${line[4]}`;
    const single = /^([a-z]\d+)([-x])([a-z]\d+)$/.exec(step);
    if (single) return `${single[1]} ${single[2] === 'x' ? 'takes' : 'to'} ${single[3]}`;
    const tables = /^(\d+)\/(\d+|off)$/.exec(step);
    if (tables) return tables[2] === 'off' ? `${tables[1]} off` : `${tables[1]} to ${tables[2]}`;
    if (step === 'pass') return 'no move (a pass)';
    return step;
  });
  return `${steps.join(', then ')}${keep ? `, the group at ${keep} stays` : ''}`;
}

/** "White (Alice)", or just "White" when the name adds nothing. */
export function playerLabel(side, state) {
  const seat = sideName(side, state.sides);
  const name = state.players?.[side];
  // "Black (Engine level 3)", not "Black (Engine (level 3))": a screen reader reads
  // nested brackets out as noise.
  return name && name !== seat ? `${seat} (${name.replace(/[()]/g, '')})` : seat;
}
