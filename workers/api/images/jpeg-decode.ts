import { instantiateJpegTurbo, TJPF_RGB } from "./jpeg-turbo-wasm";
import { JPEG_MAX_PIXELS } from "./limits";
import type { BeginRows } from "./raster";
import { TooManyPixels } from "./refusal";

/**
 * Decodes a JPEG with libjpeg-turbo at the smallest n/8 scale that still gives `minLongSide`
 * pixels on the long side (1/2 for a 12-megapixel photo and 1600 px), so the full-size pixels
 * never exist. Each call works in its own wasm instance (see instantiateJpegTurbo).
 */
export function decodeJpegScaled(bytes: Uint8Array, minLongSide: number, begin: BeginRows): void {
  const tj = instantiateJpegTurbo();
  const input = tj.malloc(bytes.byteLength);
  const header = tj.malloc(16);
  const handle = tj.tjInitDecompress();
  if (!handle || !input || !header) throw new Error("jpeg-turbo is out of memory");
  new Uint8Array(tj.memory.buffer, input, bytes.byteLength).set(bytes);
  if (tj.tjDecompressHeader3(handle, input, bytes.byteLength, header, header + 4, header + 8, header + 12) !== 0) {
    throw new Error("bad JPEG header");
  }
  const [width = 0, height = 0] = new Int32Array(tj.memory.buffer, header, 2);
  if (width <= 0 || height <= 0) throw new Error("bad JPEG size");
  if (width * height > JPEG_MAX_PIXELS) throw new TooManyPixels("jpeg");
  const long = Math.max(width, height);
  let eighths = 8;
  for (let n = 1; n <= 8; n++) {
    if (Math.ceil((long * n) / 8) >= minLongSide) {
      eighths = n;
      break;
    }
  }
  // libjpeg-turbo offers every n/8 and rounds scaled sizes up, as here.
  const w = Math.ceil((width * eighths) / 8);
  const h = Math.ceil((height * eighths) / 8);
  const out = tj.malloc(w * h * 3);
  if (!out) throw new Error("jpeg-turbo is out of memory");
  // -1 without an exception means warnings only (a truncated file, extra bytes): the pixels are
  // there, as browsers would show them. Fatal errors arrive as the longjmp exception.
  tj.tjDecompress2(handle, input, bytes.byteLength, out, w, w * 3, h, TJPF_RGB, 0);
  const pixels = new Uint8Array(tj.memory.buffer, out, w * h * 3);
  const push = begin(w, h);
  for (let y = 0; y < h; y++) push(pixels.subarray(y * w * 3, (y + 1) * w * 3));
}
