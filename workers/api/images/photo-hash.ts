/**
 * A photo's difference hash ("dHash"), for bans (docs/product.md "Bans across sites",
 * docs/decisions/040): the upright picture averaged down to 9 × 8 grey cells, one bit per pair of
 * neighbours in a row (is the left one brighter?), 64 bits as 16 hex digits. The same picture
 * uploaded again, re-encoded as a JPEG, or saved from the site and scaled gets the same hash in
 * practice, so a banned account's photos are recognised on any site; exact equality keeps the
 * look-up one index probe. Pure: pixels in, text out.
 */
import type { Raster } from "./raster";

const COLUMNS = 9;
const ROWS = 8;

/** The hash of a picture with nothing to tell apart (one colour): never used to match. */
export const FLAT_HASH = "0000000000000000";

/** `bytesPerPixel`: 3 (RGB, as decoded) or 4 (RGBA, once oriented). */
export function differenceHash(raster: Raster, bytesPerPixel: 3 | 4): string {
  const { width, height, data } = raster;
  const sums = new Float64Array(COLUMNS * ROWS);
  const counts = new Uint32Array(COLUMNS * ROWS);
  for (let y = 0; y < height; y++) {
    const row = Math.min(ROWS - 1, Math.floor((y * ROWS) / height));
    for (let x = 0; x < width; x++) {
      const column = Math.min(COLUMNS - 1, Math.floor((x * COLUMNS) / width));
      const i = (y * width + x) * bytesPerPixel;
      // Rec. 601 luma, in whole numbers.
      const grey = 299 * (data[i] ?? 0) + 587 * (data[i + 1] ?? 0) + 114 * (data[i + 2] ?? 0);
      const cell = row * COLUMNS + column;
      sums[cell] = (sums[cell] ?? 0) + grey;
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  const cell = (row: number, column: number) => {
    const i = row * COLUMNS + column;
    const count = counts[i] ?? 0;
    return count === 0 ? 0 : (sums[i] ?? 0) / count;
  };
  let hex = "";
  for (let row = 0; row < ROWS; row++) {
    let byte = 0;
    for (let column = 0; column < COLUMNS - 1; column++) {
      byte = (byte << 1) | (cell(row, column) > cell(row, column + 1) ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}
