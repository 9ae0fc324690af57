// Claiming the win from an opponent who left a live game (docs/api.md, "claim-win"): the
// server says how soon the claim opens (claim_win_in_ms, only to the player who stayed);
// this counts down on the browser's own clock, then offers the button. Only the first
// line is a live region, so a screen reader hears that the opponent left once, not every
// second of the count.
export class ClaimWin {
  constructor(page) {
    this.page = page;
    this.box = page.$('#claim-win');
    this.when = this.box.querySelector('.claim-when');
    this.button = this.box.querySelector('button');
    this.button.addEventListener('click', () => page.act('claim-win'));
    this.timer = null;
    this.due = 0;
  }

  render(state) {
    const wait = state.result.score === '*' ? state.claim_win_in_ms : null;
    clearInterval(this.timer);
    this.timer = null;
    this.box.hidden = wait === null || wait === undefined;
    if (this.box.hidden) return;
    this.due = Date.now() + wait;
    this.tick();
    if (wait > 0) this.timer = setInterval(() => this.tick(), 250);
  }

  tick() {
    const left = Math.ceil((this.due - Date.now()) / 1000);
    if (left > 0) {
      this.when.textContent = `You may claim the win in ${left} s, or wait for them to come back.`;
      this.button.disabled = true;
      return;
    }
    clearInterval(this.timer);
    this.timer = null;
    this.when.textContent = 'You may claim the win now, or wait for them to come back.';
    this.button.disabled = this.page.busy;
  }
}
