// The move list: numbered turns, each move a button that shows the position after it.

export class MoveList {
  constructor(list, onPick) {
    this.list = list;
    this.onPick = onPick;
  }

  render(state, shownPly) {
    const rows = [];
    const blackFirst = state.moves[0]?.by === 'black';
    let row = null;
    state.moves.forEach((move, index) => {
      const ply = index + 1;
      if (!row || startsRow(state.moves, index) || (blackFirst && index === 0)) {
        row = document.createElement('li');
        row.value = rows.length + 1;
        rows.push(row);
        if (move.by === 'black') row.appendChild(placeholder());
      }
      const button = document.createElement('button');
      button.type = 'button';
      // In a game with dice a roll is a step of its own, shown before the turn it is for.
      button.className = move.roll ? 'move roll' : 'move';
      button.textContent = move.roll ? `${move.move}:` : move.move;
      button.dataset.ply = String(ply);
      button.title = `${state.sides?.[move.by] ?? (move.by === 'white' ? 'White' : 'Black')}${move.ms ? `, ${(move.ms / 1000).toFixed(1)} s` : ''}`;
      if (ply === shownPly) button.setAttribute('aria-current', 'step');
      button.addEventListener('click', () => this.onPick(ply));
      row.appendChild(button);
    });
    this.list.replaceChildren(...rows);
    this.scrollToCurrent();
  }

  /** Scrolls the list (never the page, which would jump on a phone) to the current move. */
  scrollToCurrent() {
    const current = this.list.querySelector('[aria-current]');
    if (!current) return;
    const list = this.list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.top < list.top) this.list.scrollTop -= list.top - item.top;
    else if (item.bottom > list.bottom) this.list.scrollTop += item.bottom - list.bottom;
  }
}

/** The list's name of the move at `ply` (1-based): "3. c2-c4" or "3… d7-d5". */
export function moveLabel(state, ply) {
  // As the list numbers its rows: a new row at the first move and at each White move.
  let number = 0;
  state.moves.slice(0, ply).forEach((move, index) => {
    if (index === 0 || startsRow(state.moves, index)) number++;
  });
  const move = state.moves[ply - 1];
  return `${number}${move.by === 'white' ? '.' : '…'} ${move.move}`;
}

/** A White move begins a numbered row, unless White's own roll just began it. */
function startsRow(moves, index) {
  const before = moves[index - 1];
  return moves[index].by === 'white' && !(before?.roll && before.by === 'white');
}

function placeholder() {
  const span = document.createElement('span');
  span.className = 'move placeholder';
  span.textContent = '…';
  return span;
}
