/*
 * Small synthesized sounds (Web Audio oscillators, no audio files): off until the player turns them
 * on, and remembered in localStorage. The AudioContext is created on that first click, as browsers
 * allow audio only after a user gesture.
 */

export type SoundName = 'click' | 'chip' | 'flip' | 'gem' | 'mine' | 'tick' | 'draw' | 'win' | 'lose' | 'liftoff' | 'cashout' | 'crash';

const STORAGE_KEY = 'house-games.sound';

/** Each sound as notes: frequency (Hz), start offset and length (s), wave form. */
const NOTES: Record<SoundName, Array<[number, number, number, OscillatorType]>> = {
  click: [[660, 0, 0.05, 'square']],
  chip: [
    [1200, 0, 0.04, 'triangle'],
    [900, 0.03, 0.05, 'triangle'],
  ],
  flip: [
    [520, 0, 0.06, 'triangle'],
    [780, 0.05, 0.06, 'triangle'],
  ],
  gem: [
    [880, 0, 0.08, 'sine'],
    [1320, 0.07, 0.12, 'sine'],
  ],
  mine: [
    [140, 0, 0.3, 'sawtooth'],
    [70, 0.08, 0.35, 'square'],
  ],
  tick: [[1800, 0, 0.015, 'square']],
  draw: [[740, 0, 0.07, 'sine']],
  win: [
    [523, 0, 0.1, 'triangle'],
    [659, 0.1, 0.1, 'triangle'],
    [784, 0.2, 0.1, 'triangle'],
    [1047, 0.3, 0.25, 'triangle'],
  ],
  lose: [
    [330, 0, 0.15, 'sine'],
    [247, 0.14, 0.25, 'sine'],
  ],
  // Rocket: a soft rising tone at take-off, a bright chime at a cash-out, a low rumble at the crash.
  liftoff: [
    [220, 0, 0.18, 'sine'],
    [294, 0.15, 0.18, 'sine'],
    [392, 0.3, 0.25, 'sine'],
  ],
  cashout: [
    [988, 0, 0.09, 'sine'],
    [1319, 0.08, 0.09, 'sine'],
    [1976, 0.16, 0.3, 'sine'],
  ],
  crash: [
    [110, 0, 0.45, 'sawtooth'],
    [55, 0.05, 0.6, 'square'],
    [82, 0.12, 0.4, 'triangle'],
  ],
};

function storedPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'on';
  } catch {
    // Storage blocked (a third-party iframe with cookies off): sound stays off.
    return false;
  }
}

export class SoundBoard {
  #enabled = storedPreference();
  #context: AudioContext | null = null;

  get enabled(): boolean {
    return this.#enabled;
  }

  setEnabled(enabled: boolean): void {
    this.#enabled = enabled;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, enabled ? 'on' : 'off');
    } catch {
      // Not remembered: it still applies to this page.
    }
    if (enabled) void this.#audio()?.resume();
  }

  #audio(): AudioContext | null {
    if (this.#context) return this.#context;
    const Context = globalThis.AudioContext;
    if (!Context) return null;
    this.#context = new Context();
    return this.#context;
  }

  play(name: SoundName): void {
    if (!this.#enabled) return;
    const audio = this.#audio();
    if (!audio) return;
    const now = audio.currentTime;
    for (const [frequency, offset, length, wave] of NOTES[name]) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = wave;
      oscillator.frequency.setValueAtTime(frequency, now + offset);
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.12, now + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + length);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + length + 0.02);
    }
  }
}
