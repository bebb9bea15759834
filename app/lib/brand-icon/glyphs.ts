/**
 * The site icon's mark (ADR 061): a site name's initial as strokes of one width with round ends
 * (a rounded sans drawn from lines and arcs), so the PNG and the SVG favicon draw the same letter
 * without a font. Coordinates: the letter is 1 high, x from 0 to its width, y downwards. A name
 * that starts with anything but A–Z (after its accents are taken off) gets a heart.
 */
export type Point = readonly [number, number];
export interface Glyph {
  width: number;
  strokes: Point[][];
}

/** Points along an ellipse from `from` to `to` degrees (0 is right, 90 is down: y points down). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = Math.max(4, Math.ceil(Math.abs(to - from) / 12));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)] as const;
  });
}

const P = (...points: Point[]) => points;

const LETTERS: Record<string, Glyph> = {
  A: { width: 0.72, strokes: [P([0, 1], [0.36, 0], [0.72, 1]), P([0.13, 0.64], [0.59, 0.64])] },
  B: {
    width: 0.62,
    strokes: [
      [
        [0, 0.5],
        [0.36, 0.5],
        ...arc(0.36, 0.75, 0.26, 0.25, -90, 90),
        [0, 1],
        [0, 0],
        [0.32, 0],
        ...arc(0.32, 0.25, 0.25, 0.25, -90, 90),
      ],
    ],
  },
  C: { width: 0.72, strokes: [arc(0.42, 0.5, 0.42, 0.5, -45, -315)] },
  D: { width: 0.7, strokes: [[[0, 0], [0.25, 0], ...arc(0.25, 0.5, 0.45, 0.5, -90, 90), [0, 1], [0, 0]]] },
  E: { width: 0.58, strokes: [P([0.58, 0], [0, 0], [0, 1], [0.58, 1]), P([0, 0.5], [0.48, 0.5])] },
  F: { width: 0.56, strokes: [P([0.56, 0], [0, 0], [0, 1]), P([0, 0.5], [0.46, 0.5])] },
  G: { width: 0.76, strokes: [[...arc(0.42, 0.5, 0.42, 0.5, -45, -360), [0.46, 0.5]]] },
  H: { width: 0.66, strokes: [P([0, 0], [0, 1]), P([0.66, 0], [0.66, 1]), P([0, 0.5], [0.66, 0.5])] },
  I: { width: 0, strokes: [P([0, 0], [0, 1])] },
  J: { width: 0.52, strokes: [[[0.52, 0], [0.52, 0.72], ...arc(0.26, 0.72, 0.26, 0.28, 0, 180)]] },
  K: { width: 0.62, strokes: [P([0, 0], [0, 1]), P([0.62, 0], [0, 0.62]), P([0.2, 0.42], [0.64, 1])] },
  L: { width: 0.54, strokes: [P([0, 0], [0, 1], [0.54, 1])] },
  M: { width: 0.84, strokes: [P([0, 1], [0, 0], [0.42, 0.68], [0.84, 0], [0.84, 1])] },
  N: { width: 0.68, strokes: [P([0, 1], [0, 0], [0.68, 1], [0.68, 0])] },
  O: { width: 0.86, strokes: [arc(0.43, 0.5, 0.43, 0.5, 0, 360)] },
  P: { width: 0.6, strokes: [[[0, 1], [0, 0], [0.33, 0], ...arc(0.33, 0.27, 0.27, 0.27, -90, 90), [0, 0.54]]] },
  Q: { width: 0.86, strokes: [arc(0.43, 0.5, 0.43, 0.5, 0, 360), P([0.52, 0.7], [0.9, 1.04])] },
  R: {
    width: 0.64,
    strokes: [[[0, 1], [0, 0], [0.33, 0], ...arc(0.33, 0.27, 0.27, 0.27, -90, 90), [0, 0.54]], P([0.3, 0.54], [0.64, 1])],
  },
  S: { width: 0.62, strokes: [[...arc(0.31, 0.26, 0.29, 0.26, -25, -270), ...arc(0.31, 0.76, 0.31, 0.24, -90, 155)]] },
  T: { width: 0.7, strokes: [P([0, 0], [0.7, 0]), P([0.35, 0], [0.35, 1])] },
  U: { width: 0.66, strokes: [[[0, 0], [0, 0.66], ...arc(0.33, 0.66, 0.33, 0.34, 180, 0), [0.66, 0]]] },
  V: { width: 0.72, strokes: [P([0, 0], [0.36, 1], [0.72, 0])] },
  W: { width: 0.96, strokes: [P([0, 0], [0.24, 1], [0.48, 0.3], [0.72, 1], [0.96, 0])] },
  X: { width: 0.66, strokes: [P([0, 0], [0.66, 1]), P([0.66, 0], [0, 1])] },
  Y: { width: 0.7, strokes: [P([0, 0], [0.35, 0.5], [0.7, 0]), P([0.35, 0.5], [0.35, 1])] },
  Z: { width: 0.64, strokes: [P([0, 0], [0.64, 0], [0, 1], [0.64, 1])] },
};

/** The heart for a name that starts with no Latin letter (the classic curve, scaled into the box). */
const HEART: Glyph = {
  width: 1.08,
  strokes: [
    Array.from({ length: 49 }, (_, i) => {
      const t = (i / 48) * 2 * Math.PI;
      const x = 16 * Math.sin(t) ** 3;
      const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
      return [0.54 + x / 30, 0.42 - y / 30] as const;
    }),
  ],
};

/** The name's first letter without its accents ("Élan" → E), upper-case; null when it is no Latin letter. */
export function initialOf(name: string): string | null {
  const first = name.trim().normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toUpperCase();
  return first in LETTERS ? first : null;
}

export function glyphFor(name: string): Glyph {
  const initial = initialOf(name);
  return (initial && LETTERS[initial]) || HEART;
}
