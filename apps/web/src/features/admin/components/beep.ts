let context: AudioContext | null = null;

/** Browsers allow sound only after a user gesture: call this from a click to turn alerts on. */
export function enableSound(): boolean {
  const Ctor =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return false;
  context ??= new Ctor();
  void context.resume();
  return true;
}

export const soundEnabled = () => context !== null && context.state !== 'closed';

/** Two short beeps (Web Audio, no sound file), when sound was turned on. */
export function beep() {
  if (!context) return;
  const start = context.currentTime;
  for (const offset of [0, 0.25]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
}
