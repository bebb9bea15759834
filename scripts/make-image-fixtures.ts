/**
 * Writes the sample uploads in tests/fixtures/images/ that workers/api/images/process-photo.test.ts
 * feeds to the photo pipeline: a few good photos and many broken or hostile ones. The files are
 * committed; run this again only to change them:
 *
 *   tsx scripts/make-image-fixtures.ts
 *
 * Good pixels come from sharp; the broken parts (cut-off files, lying headers, a bad PNG filter,
 * EXIF) are written by hand here, so that each sample is broken in exactly one known way.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";

const DIR = path.resolve("tests/fixtures/images");

/** width×height RGB, the left half `left` and the right half `right`. */
function halves(width: number, height: number, left: number[], right: number[]): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(x < width / 2 ? left : right, (y * width + x) * 3);
  }
  return data;
}

/** width×height RGB of seeded noise: it compresses badly, so the file has a long scan to cut. */
function noise(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[i] = state >> 23;
  }
  return data;
}

const raw = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } });

const RED = [220, 20, 20];
const BLUE = [20, 20, 220];

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk with a correct CRC; `length` may lie about the data's size. */
function chunk(type: string, data: Uint8Array, length = data.length): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, { interlaced = false } = {}): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, interlaced ? 1 : 0], 8); // 8-bit RGB
  return chunk("IHDR", data);
}

/** A PNG of 8-bit RGB rows, each row with the given filter type byte. */
function png(width: number, height: number, rgb: Buffer, filterType: number, { cutZlibAt }: { cutZlibAt?: number } = {}): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    rows[y * (1 + width * 3)] = filterType;
    rgb.copy(rows, y * (1 + width * 3) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const zlib = deflateSync(rows);
  const idat = cutZlibAt === undefined ? zlib : zlib.subarray(0, cutZlibAt);
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * An EXIF APP1 segment in little-endian TIFF (the API tests use big-endian): IFD0 with the
 * orientation and a GPS pointer, and a GPS IFD with latitude 52°22'12.34" N. `ifdOffset` may
 * point anywhere, to make broken EXIF.
 */
function exifSegment(orientation: number, ifdOffset = 8): Buffer {
  const tiff = Buffer.alloc(92);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifdOffset, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10), tiff.writeUInt16LE(3, 12), tiff.writeUInt32LE(1, 14), tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt16LE(0x8825, 22), tiff.writeUInt16LE(4, 24), tiff.writeUInt32LE(1, 26), tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34);
  tiff.writeUInt16LE(2, 38);
  tiff.writeUInt16LE(0x0001, 40), tiff.writeUInt16LE(2, 42), tiff.writeUInt32LE(2, 44), tiff.write("N\0", 48, "latin1");
  tiff.writeUInt16LE(0x0002, 52), tiff.writeUInt16LE(5, 54), tiff.writeUInt32LE(3, 56), tiff.writeUInt32LE(68, 60);
  tiff.writeUInt32LE(0, 64);
  [52, 1, 22, 1, 1234, 100].forEach((n, i) => tiff.writeUInt32LE(n, 68 + i * 4));
  const segment = Buffer.alloc(10 + tiff.length);
  segment.set([0xff, 0xe1]);
  segment.writeUInt16BE(segment.length - 2, 2);
  segment.write("Exif\0\0", 4, "latin1");
  tiff.copy(segment, 10);
  return segment;
}

/** The JPEG with a segment right after its SOI marker. */
const withSegment = (jpeg: Buffer, segment: Buffer) => Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);

/** The JPEG with the size in its start-of-frame header changed (the pixels stay as they were). */
function withFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i + 9 < out.length; ) {
    const marker = out[i + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error("no SOF0/SOF2 marker");
}

/** Where a JPEG's scan starts (just after the SOS header). */
function scanStart(jpeg: Buffer): number {
  for (let i = 2; i + 4 < jpeg.length; ) {
    const length = jpeg.readUInt16BE(i + 2);
    if (jpeg[i + 1] === 0xda) return i + 2 + length;
    i += 2 + length;
  }
  throw new Error("no SOS marker");
}

async function main() {
  mkdirSync(DIR, { recursive: true });
  const files: Record<string, Uint8Array | string> = {};

  // Good ones.
  const redBlue = await raw(halves(40, 20, RED, BLUE), 40, 20)
    .jpeg({ quality: 90 })
    .toBuffer();
  files["red-blue.jpg"] = redBlue;
  files["red-blue.png"] = await raw(halves(40, 20, RED, BLUE), 40, 20)
    .png()
    .toBuffer();
  files["orientation-6.jpg"] = withSegment(redBlue, exifSegment(6));
  files["progressive.jpg"] = await raw(halves(64, 48, RED, BLUE), 64, 48)
    .jpeg({ quality: 90, progressive: true })
    .toBuffer();
  // Cut inside the scan: libjpeg warns and fills the rest with grey, as browsers show it.
  const noisy = await raw(noise(200, 150), 200, 150).jpeg({ quality: 90 }).toBuffer();
  files["truncated-in-scan.jpg"] = noisy.subarray(0, scanStart(noisy) + Math.floor((noisy.length - scanStart(noisy)) / 2));
  // EXIF whose first IFD lies past the end: read as no orientation.
  files["broken-exif.jpg"] = withSegment(redBlue, exifSegment(6, 0xfffffff0));

  // Not PNG or JPEG at all.
  files["empty.jpg"] = new Uint8Array(0);
  files["text.jpg"] = "just some text, named like a photo\n";
  files["pixel.gif"] = await raw(halves(8, 8, RED, BLUE), 8, 8)
    .gif()
    .toBuffer();
  files["photo.webp"] = await raw(halves(40, 20, RED, BLUE), 40, 20)
    .webp()
    .toBuffer();

  // JPEG magic, but not a JPEG we can read.
  files["truncated-header.jpg"] = redBlue.subarray(0, 120);
  files["magic-only.jpg"] = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
  files["cmyk.jpg"] = await raw(halves(40, 20, RED, BLUE), 40, 20)
    .toColourspace("cmyk")
    .jpeg()
    .toBuffer();
  // A decompression bomb: a 40×20 JPEG whose header claims 60000×60000.
  files["huge-dimensions.jpg"] = withFrameSize(redBlue, 60000, 60000);

  // PNG signature, but not a PNG we can read.
  const goodNoisyPng = await raw(noise(64, 48), 64, 48).png().toBuffer();
  files["truncated.png"] = goodNoisyPng.subarray(0, Math.floor(goodNoisyPng.length / 2));
  files["truncated-zlib.png"] = png(40, 20, halves(40, 20, RED, BLUE), 0, { cutZlibAt: 20 });
  files["bad-filter.png"] = png(40, 20, halves(40, 20, RED, BLUE), 7);
  files["no-image-data.png"] = Buffer.concat([PNG_SIGNATURE, ihdr(40, 20), chunk("IEND", Buffer.alloc(0))]);
  files["chunk-length-lies.png"] = Buffer.concat([PNG_SIGNATURE, ihdr(40, 20), chunk("IDAT", Buffer.alloc(16), 0xfffffff0)]);
  // Decompression bombs: headers claiming 100000×100000, and 3000×3000 interlaced (over the
  // lower cap for interlaced PNGs, which are assembled whole), each with a few bytes of data.
  const tinyIdat = chunk("IDAT", deflateSync(Buffer.alloc(4)));
  const end = chunk("IEND", Buffer.alloc(0));
  files["huge-dimensions.png"] = Buffer.concat([PNG_SIGNATURE, ihdr(100_000, 100_000), tinyIdat, end]);
  files["huge-interlaced.png"] = Buffer.concat([PNG_SIGNATURE, ihdr(3000, 3000, { interlaced: true }), tinyIdat, end]);

  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(path.join(DIR, name), bytes);
    console.log(`${name}\t${typeof bytes === "string" ? bytes.length : bytes.byteLength} bytes`);
  }
}

await main();
