import type { ImageType } from "./image-type";

/**
 * Why an upload was not turned into a photo:
 * - `not_an_image`: the bytes are not a PNG or JPEG (a GIF, a text file, nothing);
 * - `unreadable`: they start like one, but the decoder gave up (cut short, corrupt, CMYK);
 * - `too_many_pixels`: the header announces more pixels than we decode (a decompression bomb).
 */
export type PhotoRefusal =
  | { ok: false; reason: "not_an_image" }
  | { ok: false; reason: "unreadable" }
  | { ok: false; reason: "too_many_pixels"; type: ImageType };

/**
 * Thrown by a decoder that read a header announcing too many pixels. Every other error a
 * decoder throws means the bytes only look like an image.
 */
export class TooManyPixels extends Error {
  constructor(readonly type: ImageType) {
    super(`The ${type} has too many pixels.`);
  }
}
