// The game clock, counted down locally between server updates. The server's snapshot
// (`clock` with `server_time_ms`) is the truth; the page only interpolates from it.

/** Milliseconds as m:ss, or h:mm:ss; tenths under ten seconds; days and hours from two days on (correspondence). */
export function formatClock(ms, perMove = false) {
  const clamped = Math.max(0, ms);
  // Days per move: both seats' times in one format of days, hours and minutes (a live
  // clock's h:mm:ss beside "2 d 0 h" read as two different things).
  if (perMove && clamped >= 3600000) {
    const minutes = Math.floor(clamped / 60000);
    const days = Math.floor(minutes / 1440);
    const hours = Math.floor((minutes % 1440) / 60);
    return days ? `${days} d ${hours} h` : `${hours} h ${minutes % 60} min`;
  }
  if (clamped < 10000) return `0:0${(clamped / 1000).toFixed(1)}`;
  const seconds = Math.floor(clamped / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  if (h >= 48) return `${Math.floor(h / 24)} d ${h % 24} h`;
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export class ClockView {
  constructor(onTick) {
    this.onTick = onTick;
    this.clock = null;
    // Smallest seen (local time - server time): the clock offset plus the least delay.
    this.offset = Infinity;
    this.timer = null;
  }

  update(clock) {
    this.clock = clock;
    if (clock) this.offset = Math.min(this.offset, Date.now() - clock.server_time_ms);
    clearInterval(this.timer);
    this.timer = clock?.running ? setInterval(() => this.onTick(), 100) : null;
    this.onTick();
  }

  /** Remaining milliseconds of a side now. */
  remaining(side) {
    if (!this.clock) return null;
    const base = this.clock[`${side}_ms`];
    if (this.clock.running !== side) return base;
    const serverNow = Date.now() - this.offset;
    // A turn's delay is free: the time runs once what was left of it has passed.
    const delay = this.clock.delay_left_ms ?? 0;
    return base - Math.max(0, serverNow - this.clock.server_time_ms - delay);
  }

  /** What is left of the running side's free delay now (ms); null where none runs. */
  delayLeft(side) {
    if (!this.clock?.delay_ms || this.clock.running !== side) return null;
    const serverNow = Date.now() - this.offset;
    return Math.max(0, (this.clock.delay_left_ms ?? 0) - (serverNow - this.clock.server_time_ms));
  }

  stop() {
    clearInterval(this.timer);
  }
}
