/**
 * Photo upload (POST profileimage.php, ADR 007): what the pipeline does to the pixels: scaling to
 * the display and thumbnail sizes, removing EXIF and turning the photo upright, and reading PNGs of
 * every kind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ProfileImageAnswerSchema } from "../../contract/schemas";
import { orient } from "../../workers/api/images/orient";
import { createMember, ensureSites, loginAs } from "./helpers";
import { encode, form, upload, stored, size, largeKey } from "./profile-image-helpers";

beforeAll(ensureSites);

/** An EXIF APP1 segment (big-endian TIFF) with an orientation and GPS latitude 52°22'12.34" N. */
function exifSegment(orientation: number): Uint8Array {
  const tiff = new Uint8Array(92);
  const v = new DataView(tiff.buffer);
  v.setUint16(0, 0x4d4d);
  v.setUint16(2, 42);
  v.setUint32(4, 8);
  // IFD0 at 8: Orientation, GPSInfo pointer.
  v.setUint16(8, 2);
  v.setUint16(10, 0x0112), v.setUint16(12, 3), v.setUint32(14, 1), v.setUint16(18, orientation);
  v.setUint16(22, 0x8825), v.setUint16(24, 4), v.setUint32(26, 1), v.setUint32(30, 38);
  v.setUint32(34, 0);
  // GPS IFD at 38: GPSLatitudeRef "N", GPSLatitude (3 rationals at 68).
  v.setUint16(38, 2);
  v.setUint16(40, 0x0001), v.setUint16(42, 2), v.setUint32(44, 2), tiff.set([0x4e, 0], 48);
  v.setUint16(52, 0x0002), v.setUint16(54, 5), v.setUint32(56, 3), v.setUint32(60, 68);
  v.setUint32(64, 0);
  [52, 1, 22, 1, 1234, 100].forEach((n, i) => v.setUint32(68 + i * 4, n));
  const segment = new Uint8Array(4 + 6 + tiff.length);
  segment.set([0xff, 0xe1, (segment.length - 2) >> 8, (segment.length - 2) & 0xff]);
  segment.set(new TextEncoder().encode("Exif\0\0"), 4);
  segment.set(tiff, 10);
  return segment;
}

function withExif(jpeg: Uint8Array, orientation = 1): Uint8Array {
  const segment = exifSegment(orientation);
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

function contains(haystack: Uint8Array, needle: Uint8Array | string): boolean {
  const n = typeof needle === "string" ? new TextEncoder().encode(needle) : needle;
  outer: for (let i = 0; i + n.length <= haystack.length; i++) {
    for (let j = 0; j < n.length; j++) if (haystack[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

interface PngSpec {
  width: number;
  height: number;
  colorType: 0 | 2 | 3 | 4 | 6;
  depth: 1 | 2 | 4 | 8 | 16;
  /** Raw samples of one pixel (palette index, grey, grey+alpha, RGB or RGBA). */
  pixel: (x: number, y: number) => number[];
  interlace?: boolean;
  palette?: number[][];
  trns?: number[];
}

/** A PNG written by hand, for the kinds photon does not write (palette, 16-bit, Adam7). */
async function handPng(spec: PngSpec): Promise<Uint8Array> {
  const passes = spec.interlace
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  const bpp = Math.max(1, ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[spec.colorType] * spec.depth) >> 3);
  const bytes: number[] = [];
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    let previous: number[] = [];
    for (let y = y0; y < spec.height; y += dy) {
      if (x0 >= spec.width) break;
      const row: number[] = [];
      let acc = 0;
      let bits = 0;
      for (let x = x0; x < spec.width; x += dx) {
        for (const v of spec.pixel(x, y)) {
          if (spec.depth === 16) row.push(v >> 8, v & 0xff);
          else if (spec.depth === 8) row.push(v);
          else {
            acc = (acc << spec.depth) | v;
            bits += spec.depth;
            if (bits === 8) row.push(acc), (acc = 0), (bits = 0);
          }
        }
      }
      if (bits > 0) row.push(acc << (8 - bits));
      // Every filter type in turn (none, sub, up, average, paeth), as real encoders mix them.
      const type = y % 5;
      const up = (i: number) => previous[i] ?? 0;
      const left = (i: number) => (i >= bpp ? row[i - bpp]! : 0);
      const paeth = (a: number, b: number, c: number) => {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const predict = [
        () => 0,
        left,
        up,
        (i: number) => (left(i) + up(i)) >> 1,
        (i: number) => paeth(left(i), up(i), i >= bpp ? up(i - bpp) : 0),
      ][type]!;
      bytes.push(type, ...row.map((v, i) => (v - predict(i)) & 0xff));
      previous = row;
    }
  }
  const zlib = new Uint8Array(
    await new Response(new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, spec.width);
  new DataView(ihdr.buffer).setUint32(4, spec.height);
  ihdr.set([spec.depth, spec.colorType, 0, 0, spec.interlace ? 1 : 0], 8);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr)];
  if (spec.palette) parts.push(chunk("PLTE", new Uint8Array(spec.palette.flat())));
  if (spec.trns) parts.push(chunk("tRNS", new Uint8Array(spec.trns)));
  // Two IDAT chunks: the zlib stream may be split anywhere.
  const half = zlib.length >> 1;
  parts.push(chunk("IDAT", zlib.subarray(0, half)), chunk("IDAT", zlib.subarray(half)), chunk("IEND", new Uint8Array(0)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

describe("POST /api/profileimage.php", () => {
  it("scales a big photo to a ≤1600 px display version and a ≤480 px thumbnail", async () => {
    const cookie = await loginAs(await createMember());
    const response = await upload(cookie, form(encode(2000, 1000, "jpeg", [20, 120, 220])));
    expect(response.status).toBe(201);
    const { image } = ProfileImageAnswerSchema.parse(await response.json());
    const large = size((await stored(largeKey(image.thumb_filename))).bytes);
    const thumb = size((await stored(image.thumb_filename)).bytes);
    expect([large.width, large.height]).toEqual([1600, 800]);
    expect([thumb.width, thumb.height]).toEqual([480, 240]);
    expect(Math.abs(thumb.rgba[2]! - 220)).toBeLessThan(20);
  });

  it("removes EXIF (GPS) and turns the photo upright first", async () => {
    const cookie = await loginAs(await createMember());
    // 40×20, red left, blue right; orientation 6 means "rotate 90° clockwise to view".
    const original = withExif(encode(40, 20, "jpeg", [220, 20, 20], [20, 20, 220]), 6);
    expect(contains(original, "Exif")).toBe(true);
    const response = await upload(cookie, form(original));
    expect(response.status).toBe(201);
    const { image } = ProfileImageAnswerSchema.parse(await response.json());
    for (const key of [image.thumb_filename, largeKey(image.thumb_filename)]) {
      const { bytes } = await stored(key);
      expect(contains(bytes, "Exif")).toBe(false);
      expect(contains(bytes, new Uint8Array([0, 0, 0x04, 0xd2, 0, 0, 0, 100]))).toBe(false); // 1234/100
      const upright = size(bytes);
      expect([upright.width, upright.height]).toEqual([20, 40]);
      // After the turn the red (left) half is on top, the blue half below.
      const at = (x: number, y: number) => Array.from(upright.rgba.subarray((y * 20 + x) * 4, (y * 20 + x) * 4 + 3));
      expect(at(10, 5)[0]).toBeGreaterThan(150);
      expect(at(10, 5)[2]).toBeLessThan(100);
      expect(at(10, 35)[2]).toBeGreaterThan(150);
      expect(at(10, 35)[0]).toBeLessThan(100);
    }
  });

  it("reads PNGs of every kind: palette with tRNS, 16-bit grey, grey+alpha, RGBA, Adam7 interlaced", async () => {
    const cookie = await loginAs(await createMember());
    const colors = [
      [220, 20, 20],
      [20, 200, 20],
      [20, 20, 220],
      [0, 0, 0],
    ];
    const cases: { spec: PngSpec; expect: [number, number, number[]][] }[] = [
      {
        // 2 bits a pixel, four 8-px columns; index 3 is fully transparent, so it turns white.
        spec: {
          width: 32,
          height: 16,
          colorType: 3,
          depth: 2,
          palette: colors,
          trns: [255, 255, 255, 0],
          pixel: (x, y) => [y < 8 ? x >> 3 : 3 - (x >> 3)],
        },
        expect: [
          [4, 4, [220, 20, 20]],
          [12, 4, [20, 200, 20]],
          [20, 4, [20, 20, 220]],
          [28, 4, [255, 255, 255]],
          [4, 12, [255, 255, 255]],
        ],
      },
      {
        spec: { width: 16, height: 16, colorType: 0, depth: 16, pixel: (x) => [x < 8 ? 0x1000 : 0xf000] },
        expect: [
          [3, 8, [16, 16, 16]],
          [12, 8, [240, 240, 240]],
        ],
      },
      {
        spec: { width: 16, height: 16, colorType: 4, depth: 8, pixel: (x) => [40, x < 8 ? 255 : 0] },
        expect: [
          [3, 8, [40, 40, 40]],
          [12, 8, [255, 255, 255]],
        ],
      },
      {
        spec: { width: 16, height: 16, colorType: 6, depth: 16, pixel: (x) => [0xffff, 0, 0, x < 8 ? 0xffff : 0x8000] },
        expect: [
          [3, 8, [255, 0, 0]],
          [12, 8, [255, 128, 128]],
        ],
      },
      {
        // A gradient, so that every filter has something to predict.
        spec: { width: 24, height: 24, colorType: 2, depth: 8, pixel: (x, y) => [x * 10, y * 10, 128 + x * 4 - y * 4] },
        expect: [
          [4, 4, [40, 40, 128]],
          [20, 4, [200, 40, 192]],
          [4, 20, [40, 200, 64]],
          [19, 17, [190, 170, 136]],
        ],
      },
      {
        spec: {
          width: 21,
          height: 13,
          colorType: 2,
          depth: 8,
          interlace: true,
          pixel: (x, y) => (y < 6 ? [220, 20, 20] : x < 10 ? [20, 200, 20] : [20, 20, 220]),
        },
        expect: [
          [10, 2, [220, 20, 20]],
          [3, 10, [20, 200, 20]],
          [17, 10, [20, 20, 220]],
        ],
      },
    ];
    for (const { spec, expect: points } of cases) {
      const response = await upload(cookie, form(await handPng(spec), "x.png", "image/png"));
      expect(response.status, JSON.stringify(spec)).toBe(201);
      const { image } = ProfileImageAnswerSchema.parse(await response.json());
      const out = size((await stored(image.thumb_filename)).bytes);
      expect([out.width, out.height]).toEqual([spec.width, spec.height]);
      for (const [x, y, rgb] of points) {
        const got = Array.from(out.rgba.subarray((y * out.width + x) * 4, (y * out.width + x) * 4 + 3));
        got.forEach((v, i) =>
          expect(Math.abs(v - rgb[i]!), `${JSON.stringify(spec.colorType)} at ${x},${y}: ${got}`).toBeLessThan(30),
        );
      }
    }
  });

  it("turns pixels by each of the eight EXIF orientations", () => {
    // 3×2 pixels numbered 0..5 row by row (in the red byte).
    const raster = { width: 3, height: 2, data: new Uint8Array([0, 1, 2, 3, 4, 5].flatMap((n) => [n, 0, 0])) };
    const expected: Record<number, number[][]> = {
      1: [
        [0, 1, 2],
        [3, 4, 5],
      ],
      2: [
        [2, 1, 0],
        [5, 4, 3],
      ],
      3: [
        [5, 4, 3],
        [2, 1, 0],
      ],
      4: [
        [3, 4, 5],
        [0, 1, 2],
      ],
      5: [
        [0, 3],
        [1, 4],
        [2, 5],
      ],
      6: [
        [3, 0],
        [4, 1],
        [5, 2],
      ],
      7: [
        [5, 2],
        [4, 1],
        [3, 0],
      ],
      8: [
        [2, 5],
        [1, 4],
        [0, 3],
      ],
    };
    for (const [orientation, rows] of Object.entries(expected)) {
      const out = orient(raster, Number(orientation));
      const reds = Array.from({ length: out.height }, (_, y) =>
        Array.from({ length: out.width }, (_, x) => out.data[(y * out.width + x) * 4]),
      );
      expect(reds, `orientation ${orientation}`).toEqual(rows);
    }
    expect(orient(raster, 0).data).toEqual(orient(raster, 1).data); // unknown values: as stored
  });
});
