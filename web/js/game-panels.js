// The board page's read-only panels: the status lines, the player bars and their clocks.
import { formatClock } from './clock.js';
import { describeResult, sideName } from './game-text.js';
import { matchLine, matchOutcome } from './match-text.js';
import { moveLabel } from './move-list.js';

/** Whose turn it is or how the game ended, the split duty, a draw offer, a past view. */
export function renderStatus(status, state, viewPly) {
  const over = state.result.score !== '*';
  status.classList.toggle('over', over);
  status.classList.toggle('thinking', Boolean(state.ai?.thinking));
  const lines = [];
  if (over) lines.push(['status-main', describeResult(state.result, state.sides)]);
  else if (state.ai?.thinking) lines.push(['status-main', 'The engine is thinking…']);
  else {
    const yours = state.you.includes(state.to_move) && state.mode !== 'local' ? ' — your move' : '';
    // In a game with dice the server has rolled for the side to move.
    const roll = state.dice?.roll ? ` with ${state.dice.roll.split('').join('-')}` : '';
    lines.push(['status-main', `${sideName(state.to_move, state.sides)} to move${roll}${yours}.`]);
  }
  // A game of a match: the score so far, and once over how the match stands.
  if (state.match) lines.push(['match-score', over ? matchOutcome(state) : matchLine(state)]);
  if (!over && state.split) {
    const side = sideName(state.to_move, state.sides);
    lines.push([
      'split-warning',
      `${side} is split into separate groups and must reconnect them with this move (backward moves are allowed this turn).`,
    ]);
  }
  const firstMoveDue = state.clock?.first_move_deadline_ms;
  if (!over && firstMoveDue) {
    // The server's deadline on this browser's clock.
    const due = new Date(firstMoveDue - state.clock.server_time_ms + Date.now());
    const side = sideName(state.to_move, state.sides);
    lines.push([
      'first-move-due',
      `${side} has until ${due.toLocaleTimeString()} to make the first move, or the game is aborted.`,
    ]);
  }
  if (!over && state.draw_offer) {
    // The offerer is told it waits; the other seat (and spectators) who offers.
    const own = state.mode !== 'local' && state.you.includes(state.draw_offer);
    lines.push([
      '',
      own ? 'You offered a draw; waiting for the answer.' : `${sideName(state.draw_offer, state.sides)} offers a draw.`,
    ]);
  }
  if (viewPly !== null) {
    const shown = viewPly === 0 ? 'the start position' : `the position after ${moveLabel(state, viewPly)}`;
    lines.push(['', `Showing ${shown} (read-only). Press » or End to go back to the game.`]);
  }
  if (state.you.length === 0) lines.push(['', 'You are watching this game.']);
  status.replaceChildren(
    ...lines.map(([className, text]) => {
      const p = document.createElement('p');
      p.textContent = text;
      if (className) p.className = className;
      return p;
    }),
  );
  status.dataset.result = state.result.score;
}

function playerLink(name) {
  const link = document.createElement('a');
  link.href = `/players/${encodeURIComponent(name)}`;
  link.textContent = name;
  return link;
}

/** "Classic 10x8 · rated · 5+3": what kind of game this is, under the board. */
export function describeGameKind(state, label) {
  const parts = [label];
  if (state.mode === 'network') parts.push(state.rated ? 'rated' : 'casual');
  const clock = state.clock;
  if (clock?.days_per_move) parts.push(`${clock.days_per_move} ${clock.days_per_move === 1 ? 'day' : 'days'} per move`);
  else if (clock)
    parts.push(
      `${Math.round(clock.initial_ms / 6000) / 10}+${Math.round(clock.increment_ms / 100) / 10}${
        clock.delay_ms ? `, ${Math.round(clock.delay_ms / 100) / 10} s delay per move` : ''
      }`,
    );
  else parts.push('no clock');
  return parts.join(' · ');
}

/** " (1523)", or " (1500?)" with its meaning for a provisional rating; nothing without one. */
function ratingLabel(rating) {
  if (!rating) return [];
  const label = document.createElement('span');
  label.className = 'player-rating';
  label.textContent = ` (${rating.rating}${rating.provisional ? '?' : ''})`;
  if (rating.provisional) label.title = 'provisional: few rated games yet';
  return [label];
}

/** Names above and below the board (the side at the bottom follows the flip). */
export function renderPlayers(root, state, flipped) {
  const bottom = flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [place, side] of [
    ['top', top],
    ['bottom', bottom],
  ]) {
    const bar = root.querySelector(`.player-bar[data-seat=${place}]`);
    bar.dataset.side = side;
    const seat = sideName(side, state.sides);
    const name = state.players?.[side] || seat;
    // "White: Alice (you)"; no "Black: Black" nor "You (you)".
    const you = state.you.includes(side) && state.mode !== 'local' && name !== 'You' ? ' (you)' : '';
    const thinking = state.ai?.thinking && state.ai.color === side ? ' — thinking…' : '';
    // A registered player's name links to her player page.
    const shown = state.accounts?.[side] ? playerLink(name) : name;
    const rating = ratingLabel(state.ratings?.[side]);
    bar
      .querySelector('.player-name')
      .replaceChildren(...(name === seat ? [seat] : [`${seat}: `, shown]), ...rating, `${you}${thinking}`);
    bar.classList.toggle('to-move', state.result.score === '*' && state.to_move === side);
  }
}

/** The clocks in the player bars, hidden in a game without a clock. */
export function renderClocks(root, clocks) {
  for (const bar of root.querySelectorAll('.player-bar')) {
    const clock = bar.querySelector('.clock');
    const left = clocks.remaining(bar.dataset.side);
    clock.hidden = left === null;
    bar.querySelector('.clock-delay').hidden = true;
    if (left === null) continue;
    clock.textContent = formatClock(left, Boolean(clocks.clock.days_per_move));
    clock.classList.toggle('running', clocks.clock.running === bar.dataset.side);
    clock.classList.toggle('low', left < 20000);
    // A clock with a delay per move: the free seconds of the turn count down beside it.
    const delay = bar.querySelector('.clock-delay');
    const free = clocks.delayLeft(bar.dataset.side);
    delay.hidden = !free;
    if (free) delay.textContent = `delay ${(free / 1000).toFixed(1)} s`;
  }
}
