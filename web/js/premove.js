// One queued move for a timed game, made while the other player thinks: the page sends it
// when the turn comes (the server judges it then like any move) and drops it if the game
// went elsewhere. A click on the board or the cancel button drops it too.

/** Squares named in a move's text ("c2-c4", "b2:d2-b4", "Xc3"), for marking them. */
export function squaresOf(move) {
  return move.match(/[a-p](?:1[0-6]|[1-9])/g) ?? [];
}

export class Premove {
  constructor() {
    this.move = null;
    this.ply = null; // the ply at which it was queued (the other side to move)
  }

  /** Whether the player at this page may queue a move now. */
  static allowed(state, viewPly) {
    return (
      viewPly === null &&
      state.result.score === '*' &&
      Array.isArray(state.premoves) &&
      state.premoves.length > 0 &&
      state.you.length === 1 &&
      state.to_move !== state.you[0]
    );
  }

  queue(move, ply) {
    this.move = move;
    this.ply = ply;
  }

  cancel() {
    const had = this.move !== null;
    this.move = null;
    this.ply = null;
    return had;
  }

  /**
   * The move to send now that `state` came, if any (it is then no longer queued). A game
   * that moved on otherwise (a takeback, the end) drops it.
   */
  due(state) {
    if (this.move === null || state.ply === this.ply) return null;
    const move = this.move;
    const ready = state.ply === this.ply + 1 && state.result.score === '*' && state.you.includes(state.to_move);
    this.cancel();
    return ready ? move : null;
  }

  /** Marks the queued move's squares on the drawn board. */
  mark(svg) {
    for (const square of this.move === null ? [] : squaresOf(this.move)) {
      svg.querySelector(`rect[data-square="${square}"]`)?.classList.add('premove');
    }
  }
}
