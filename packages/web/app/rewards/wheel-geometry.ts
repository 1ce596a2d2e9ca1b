/*
 * The lucky wheel's geometry. Angles are degrees clockwise from the top, where the pointer sits;
 * segment i spans [i, i + 1) × (360 / count). The disc turns by a CSS rotation (clockwise for a
 * positive angle), so under the pointer lies the wheel angle -rotation.
 */

/** Whole turns of a spin before it settles: long enough to read as a spin, short enough to wait for. */
export const SPIN_TURNS = 6;
/** How long the spin animation runs; the stylesheet's transition uses the same value (--spin-ms). */
export const SPIN_MS = 5200;
/** How far from a segment's middle the wheel may stop, as a share of the segment: never on a border. */
const JITTER = 0.6;

const mod = (value: number, by: number) => ((value % by) + by) % by;

/** The SVG point at `angle` degrees on a circle of `radius` around (`centre`, `centre`). */
export function pointAt(centre: number, radius: number, angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: centre + radius * Math.sin(rad), y: centre - radius * Math.cos(rad) };
}

/** The SVG path of segment `index` of `count`. */
export function segmentPath(centre: number, radius: number, index: number, count: number): string {
  const size = 360 / count;
  const start = pointAt(centre, radius, index * size);
  const end = pointAt(centre, radius, (index + 1) * size);
  const round = (value: number) => Math.round(value * 100) / 100;
  return `M${centre} ${centre}L${round(start.x)} ${round(start.y)}A${radius} ${radius} 0 ${size > 180 ? 1 : 0} 1 ${round(end.x)} ${round(end.y)}Z`;
}

/**
 * The rotation that ends a spin from `current` with the pointer on segment `index`: several whole
 * turns clockwise, then on to a point inside the segment (`offset` from -0.5 to 0.5 of the
 * permitted spread, so the wheel does not always stop dead centre).
 */
export function landingRotation(current: number, index: number, count: number, offset = Math.random() - 0.5): number {
  const size = 360 / count;
  const target = (index + 0.5 + offset * JITTER) * size;
  const base = current + SPIN_TURNS * 360;
  return base + mod(-target - base, 360);
}

/** The segment under the pointer when the disc is turned by `rotation` degrees. */
export function landedIndex(rotation: number, count: number): number {
  return Math.floor(mod(-rotation, 360) / (360 / count)) % count;
}

/** A font size (SVG units) that fits `text` across a chord of the segment at `radius`, within bounds. */
export function fittedSize(text: string, radius: number, count: number, bounds: { min: number; max: number }): number {
  const half = Math.min(90, 180 / count);
  const chord = 2 * radius * Math.sin((half * Math.PI) / 180);
  // An average glyph is about 0.6 em wide; keep a margin of 15 % on the chord.
  const size = (chord * 0.85) / (Math.max(1, [...text].length) * 0.6);
  return Math.round(Math.min(bounds.max, Math.max(bounds.min, size)) * 10) / 10;
}
