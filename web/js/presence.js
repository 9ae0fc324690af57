// Whether the other player of a network game has the game open (the server counts the
// seats with an open event stream), shown in that player's bar.

export function renderPresence(root, state) {
  for (const bar of root.querySelectorAll('.player-bar')) {
    let mark = bar.querySelector('.presence');
    const side = bar.dataset.side;
    const shown = state.mode === 'network' && state.connected && !state.you.includes(side);
    if (!shown) {
      mark?.remove();
      continue;
    }
    if (!mark) {
      mark = document.createElement('span');
      mark.className = 'presence';
      bar.querySelector('.player-name').after(mark);
    }
    const here = Boolean(state.connected[side]);
    mark.dataset.connected = String(here);
    mark.textContent = here ? 'connected' : 'not connected';
  }
}
