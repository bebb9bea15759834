/**
 * The photo pipeline's limits. Memory is the constraint (a Worker isolate has 128 MB,
 * WebAssembly included): see docs/decisions/007-photo-processing.md.
 */

/** The display version fits this on its long side (never upscaled). */
export const LARGE_MAX_SIDE = 1600;
/** The thumbnail fits this on its long side (never upscaled). */
export const THUMB_MAX_SIDE = 480;
export const LARGE_QUALITY = 82;
export const THUMB_QUALITY = 80;

/** JPEGs are decoded at 1/8…1 scale, so even this many pixels stay small in memory. */
export const JPEG_MAX_PIXELS = 100_000_000;
/** PNGs stream row by row, so this bounds CPU time, not memory. */
export const PNG_MAX_PIXELS = 40_000_000;
/** Interlaced PNGs are assembled whole first: 3 bytes a pixel. */
export const PNG_INTERLACED_MAX_PIXELS = 8_400_000;
