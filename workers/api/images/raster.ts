/** Pixels in memory, row by row, without padding. */
export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel (RGBA, 4, once oriented for the encoder). */
  data: Uint8Array;
}

/**
 * How a decoder hands over its pixels: it announces the size, then pushes RGB rows top to
 * bottom into the function it got back. Rows are not kept by the decoder, so the receiver can
 * scale them down as they arrive and the full-size image never has to exist.
 */
export type BeginRows = (width: number, height: number) => (row: Uint8Array) => void;
