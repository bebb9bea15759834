import type { Raster } from "./raster";

/** Where each EXIF orientation takes output (x, y) from: sx = ax·x + bx·y + cx, sy = ay·x + by·y + cy. */
const ORIENTATIONS: Record<number, (w: number, h: number) => [number, number, number, number, number, number]> = {
  1: () => [1, 0, 0, 0, 1, 0],
  2: (w) => [-1, 0, w - 1, 0, 1, 0], // mirrored
  3: (w, h) => [-1, 0, w - 1, 0, -1, h - 1], // upside down
  4: (_, h) => [1, 0, 0, 0, -1, h - 1], // mirrored, upside down
  5: () => [0, 1, 0, 1, 0, 0], // transposed
  6: (_, h) => [0, 1, 0, -1, 0, h - 1], // turn 90° clockwise to view (a phone held upright)
  7: (w, h) => [0, -1, w - 1, -1, 0, h - 1], // transversed
  8: (w) => [0, -1, w - 1, 1, 0, 0], // turn 90° counter-clockwise to view
};

/** Applies an EXIF orientation and widens RGB to the RGBA that photon takes. */
export function orient(raster: Raster, orientation: number): Raster {
  const { width: w, height: h, data } = raster;
  const [ax, bx, cx, ay, by, cy] = (ORIENTATIONS[orientation] ?? ORIENTATIONS[1]!)(w, h);
  const width = ax === 0 ? h : w;
  const height = ax === 0 ? w : h;
  const out = new Uint8Array(width * height * 4);
  const stepX = 3 * (ay * w + ax);
  const stepY = 3 * (by * w + bx);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = 3 * (cy * w + cx) + y * stepY;
    for (let x = 0; x < width; x++, s += stepX) {
      out[o++] = data[s]!;
      out[o++] = data[s + 1]!;
      out[o++] = data[s + 2]!;
      out[o++] = 255;
    }
  }
  return { width, height, data: out };
}
