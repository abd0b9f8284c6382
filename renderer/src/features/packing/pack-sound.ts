/**
 * The refusal's sound: a short, low double beep from a Web Audio oscillator (no audio file to
 * ship or load). The packer's eyes are on the goods, not the screen, so a refused scan must be
 * heard. The one AudioContext is made on the first refusal, which follows a key press: browsers
 * let a page start sound only after the user has acted on it.
 */
let context: AudioContext | null = null;

const BEEP_SECONDS = 0.14;
const GAP_SECONDS = 0.07;

export function beepRefusal(): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === 'suspended') void ctx.resume();
    const start = ctx.currentTime;
    for (const [i, frequency] of [440, 330].entries()) {
      const at = start + i * (BEEP_SECONDS + GAP_SECONDS);
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.2, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + BEEP_SECONDS);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + BEEP_SECONDS);
    }
  } catch {
    // No audio device (a server's browser, a muted kiosk): the colour and the text still say it.
  }
}
