import { PNG_INTERLACED_MAX_PIXELS, PNG_MAX_PIXELS } from "./limits";
import { unfilter } from "./png-unfilter";
import type { BeginRows } from "./raster";
import { TooManyPixels } from "./refusal";

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * A streaming PNG decoder: the zlib data goes through the runtime's DecompressionStream and
 * comes out one scanline at a time, so a non-interlaced PNG never exists whole in memory.
 * Interlaced (Adam7) ones are assembled first, which is why they have a lower pixel cap.
 */
export async function decodePng(bytes: Uint8Array, begin: BeginRows): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  let offset = 8;
  let ihdr: { width: number; height: number; depth: number; colorType: number; interlaced: boolean } | undefined;
  let palette: Uint8Array | undefined; // RGBA for 256 entries
  let transparent: number[] | undefined; // the tRNS colour of a grey or RGB image, in raw samples
  const idat: Uint8Array[] = [];
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = ascii(offset + 4);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (offset + 12 + length > bytes.length) throw new Error(`PNG chunk ${type} runs past the end`);
    offset += 12 + length;
    if (!ihdr && type !== "IHDR") throw new Error("PNG without IHDR first");
    if (type === "IHDR") {
      if (length !== 13) throw new Error("bad IHDR");
      const d = new DataView(data.buffer, data.byteOffset, 13);
      const [width, height, depth, colorType] = [d.getUint32(0), d.getUint32(4), data[8]!, data[9]!];
      if (!width || !height || !PNG_DEPTHS[colorType]?.includes(depth) || data[10] !== 0 || data[11] !== 0 || data[12]! > 1) {
        throw new Error("unsupported PNG header");
      }
      ihdr = { width, height, depth, colorType, interlaced: data[12] === 1 };
      const cap = ihdr.interlaced ? PNG_INTERLACED_MAX_PIXELS : PNG_MAX_PIXELS;
      if (width * height > cap) throw new TooManyPixels("png");
    } else if (type === "PLTE") {
      palette = new Uint8Array(256 * 4).fill(255);
      for (let i = 0; i < Math.min(256, Math.floor(length / 3)); i++) palette.set(data.subarray(i * 3, i * 3 + 3), i * 4);
    } else if (type === "tRNS") {
      const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (palette) {
        const table = palette;
        data.slice(0, 256).forEach((alpha, i) => {
          table[i * 4 + 3] = alpha;
        });
      } else if (length >= 6) transparent = [d.getUint16(0), d.getUint16(2), d.getUint16(4)];
      else if (length >= 2) transparent = [d.getUint16(0)];
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
  }
  if (!ihdr || idat.length === 0) throw new Error("PNG without image data");
  const { width, height, depth, colorType, interlaced } = ihdr;
  if (colorType === 3 && !palette) throw new Error("PNG without palette");
  const channels = PNG_CHANNELS[colorType]!;
  const bitsPerPixel = channels * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const max = (1 << Math.min(depth, 8)) - 1;

  // The zlib stream, fed one IDAT at a time (copied, so the upload's buffer stays ours).
  let next = 0;
  const inflated = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      if (next < idat.length) controller.enqueue(idat[next++]!.slice());
      else controller.close();
    },
  }).pipeThrough(new DecompressionStream("deflate"));
  const reader = inflated.getReader();
  let chunk: Uint8Array = new Uint8Array(0);
  let at = 0;
  const fill = async (target: Uint8Array) => {
    let filled = 0;
    while (filled < target.length) {
      if (at >= chunk.length) {
        const result = await reader.read();
        if (result.done) throw new Error("PNG data ends early");
        chunk = result.value;
        at = 0;
        continue;
      }
      const n = Math.min(target.length - filled, chunk.length - at);
      target.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
    }
  };

  const raw = (line: Uint8Array, i: number): number => {
    if (depth === 16) return (line[i * 2]! << 8) | line[i * 2 + 1]!;
    if (depth === 8) return line[i]!;
    const bit = i * depth;
    return (line[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
  };
  const to8 = (v: number) => (depth === 16 ? v >> 8 : depth === 8 ? v : Math.round((v * 255) / max));
  // Transparent pixels are laid on white: a JPEG has no alpha.
  const put = (row: Uint8Array, x: number, r: number, g: number, b: number, a: number) => {
    row[x * 3] = (r * a + 255 * (255 - a) + 127) / 255;
    row[x * 3 + 1] = (g * a + 255 * (255 - a) + 127) / 255;
    row[x * 3 + 2] = (b * a + 255 * (255 - a) + 127) / 255;
  };
  const toRgb = (line: Uint8Array, count: number, row: Uint8Array) => {
    for (let x = 0; x < count; x++) {
      if (colorType === 3) {
        const p = raw(line, x) * 4;
        put(row, x, palette![p]!, palette![p + 1]!, palette![p + 2]!, palette![p + 3]!);
      } else if (colorType === 0) {
        const v = raw(line, x);
        const g = to8(v);
        put(row, x, g, g, g, transparent && v === transparent[0] ? 0 : 255);
      } else if (colorType === 4) {
        const g = to8(raw(line, x * 2));
        put(row, x, g, g, g, to8(raw(line, x * 2 + 1)));
      } else {
        const [r, g, b] = [raw(line, x * channels), raw(line, x * channels + 1), raw(line, x * channels + 2)];
        const a =
          colorType === 6
            ? to8(raw(line, x * 4 + 3))
            : transparent && r === transparent[0] && g === transparent[1] && b === transparent[2]
              ? 0
              : 255;
        put(row, x, to8(r), to8(g), to8(b), a);
      }
    }
  };

  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const whole = interlaced ? new Uint8Array(width * height * 3) : undefined;
  const push = interlaced ? undefined : begin(width, height);
  try {
    for (const [x0, y0, dx, dy] of passes) {
      const passWidth = Math.ceil((width - x0) / dx);
      const passHeight = Math.ceil((height - y0) / dy);
      if (passWidth <= 0 || passHeight <= 0) continue;
      const lineBytes = Math.ceil((passWidth * bitsPerPixel) / 8);
      const line = new Uint8Array(1 + lineBytes);
      let previous = new Uint8Array(lineBytes);
      let current = new Uint8Array(lineBytes);
      const row = new Uint8Array(passWidth * 3);
      for (let y = 0; y < passHeight; y++) {
        await fill(line);
        current.set(line.subarray(1));
        unfilter(line[0]!, current, previous, bpp);
        toRgb(current, passWidth, row);
        if (push) push(row);
        else {
          const base = (y0 + y * dy) * width;
          for (let x = 0; x < passWidth; x++) whole!.set(row.subarray(x * 3, x * 3 + 3), (base + x0 + x * dx) * 3);
        }
        [previous, current] = [current, previous];
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  if (whole) {
    const pushWhole = begin(width, height);
    for (let y = 0; y < height; y++) pushWhole(whole.subarray(y * width * 3, (y + 1) * width * 3));
  }
}
