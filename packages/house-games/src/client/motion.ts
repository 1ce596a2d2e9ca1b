/** Whether the player asked for less motion: the games then show outcomes after a short pause, not a long animation. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** An animation's length, cut to a fifth for players who asked for less motion. */
export function motionMs(full: number): number {
  return prefersReducedMotion() ? Math.round(full / 5) : full;
}
