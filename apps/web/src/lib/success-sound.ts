/**
 * The short success chime after a booking or a payment (docs/product.md, States and rules), made with the Web Audio API: two
 * rising sine notes, about 0.35 s, at a gentle volume. Nothing is fetched. Browsers without audio
 * (or that refuse to start it) simply stay silent.
 */
export function playSuccessSound(): void {
  const AudioContextClass =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const start = context.currentTime;
    // C6 then E6: a major third upwards reads as "done".
    [1046.5, 1318.5].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const noteStart = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, noteStart);
      gain.gain.exponentialRampToValueAtTime(0.2, noteStart + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, noteStart + 0.22);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(noteStart);
      oscillator.stop(noteStart + 0.24);
    });
    window.setTimeout(() => void context.close(), 600);
  } catch {
    // No sound is better than a broken page.
  }
}
