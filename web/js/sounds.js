// Short sounds made with the Web Audio API (no files): a move, a capture, the end of the
// game, and low time. A mute switch, remembered in localStorage. Each sound played is
// also announced as an `ordo-sound` event on the document (what the tests listen to).
const MUTE_KEY = 'ordo-sound-muted';

// Each sound: tones of [frequency Hz, start s, length s], and a wave form.
const SOUNDS = {
  move: { wave: 'triangle', tones: [[520, 0, 0.07]] },
  capture: {
    wave: 'square',
    tones: [
      [330, 0, 0.06],
      [220, 0.05, 0.09],
    ],
  },
  end: {
    wave: 'sine',
    tones: [
      [523, 0, 0.16],
      [659, 0.14, 0.16],
      [784, 0.28, 0.3],
    ],
  },
  lowtime: {
    wave: 'sine',
    tones: [
      [880, 0, 0.08],
      [880, 0.16, 0.08],
    ],
  },
};

function readMuted() {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export class Sounds {
  constructor() {
    this.muted = readMuted();
    this.context = null; // made at the first sound (browsers start it on a user gesture)
  }

  setMuted(muted) {
    this.muted = muted;
    try {
      localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
    } catch {
      // Storage disabled: the switch holds for this page only.
    }
  }

  play(kind) {
    if (this.muted || !SOUNDS[kind]) return;
    document.dispatchEvent(new CustomEvent('ordo-sound', { detail: kind }));
    try {
      this.context ??= new AudioContext();
      if (this.context.state === 'suspended') this.context.resume().catch(() => {});
      const { wave, tones } = SOUNDS[kind];
      const start = this.context.currentTime;
      for (const [frequency, at, length] of tones) this.tone(wave, frequency, start + at, length);
    } catch {
      // No audio here (or not allowed yet): the game goes on silently.
    }
  }

  tone(wave, frequency, at, length) {
    const oscillator = this.context.createOscillator();
    const gain = this.context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    // A quick rise and an exponential fall, so that no tone clicks.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(this.context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }

  /** A toggle button for the page: pressed = sound on. */
  makeSwitch() {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = 'sound-toggle';
    const show = () => {
      button.textContent = this.muted ? 'Sound off' : 'Sound on';
      button.setAttribute('aria-pressed', String(!this.muted));
    };
    button.addEventListener('click', () => {
      this.setMuted(!this.muted);
      show();
    });
    show();
    return button;
  }
}

/**
 * Which sound a change of state calls for: the game's end, else a capture (fewer pieces on
 * the board), else a move; null when no move was played and the game did not end.
 */
export function soundForChange(before, after, countPieces) {
  if (!before) return null;
  if (before.result.score === '*' && after.result.score !== '*') return 'end';
  if (after.ply <= before.ply) return null;
  return countPieces(after.position) < countPieces(before.position) ? 'capture' : 'move';
}

/** Calls `onLow` once per seat when a clock of `seats` drops under `limitMs`. */
export class LowTimeWatch {
  constructor(onLow, limitMs = 20000) {
    this.onLow = onLow;
    this.limitMs = limitMs;
    this.warned = new Set();
  }

  check(seats, remaining) {
    for (const seat of seats) {
      const left = remaining(seat);
      if (left === null || left >= this.limitMs) {
        this.warned.delete(seat); // time added back (increment, undo): warn again later
        continue;
      }
      if (left > 0 && !this.warned.has(seat)) {
        this.warned.add(seat);
        this.onLow();
      }
    }
  }
}
