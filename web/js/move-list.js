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
      if (!row || move.by === 'white' || (blackFirst && index === 0)) {
        row = document.createElement('li');
        row.value = rows.length + 1;
        rows.push(row);
        if (move.by === 'black') row.appendChild(placeholder());
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'move';
      button.textContent = move.move;
      button.dataset.ply = String(ply);
      button.title = `${state.sides?.[move.by] ?? (move.by === 'white' ? 'White' : 'Black')}${move.ms ? `, ${(move.ms / 1000).toFixed(1)} s` : ''}`;
      if (ply === shownPly) button.setAttribute('aria-current', 'step');
      button.addEventListener('click', () => this.onPick(ply));
      row.appendChild(button);
    });
    this.list.replaceChildren(...rows);
    this.list.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' });
  }
}

function placeholder() {
  const span = document.createElement('span');
  span.className = 'move placeholder';
  span.textContent = '…';
  return span;
}
