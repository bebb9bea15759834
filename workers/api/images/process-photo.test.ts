// The photo pipeline over the sample uploads in tests/fixtures/images/ (written by
// scripts/make-image-fixtures.ts): every broken or hostile one is refused with its reason, never
// a crash or a hang; the good ones come out upright, within the size limits, without metadata.
// In Node: the unit config loads the .wasm files as the worker's bundler does, and sharp makes
// the big samples and reads the results.
import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegOrientation } from "./exif-orientation";
import { sniffImageType } from "./image-type";
import { LARGE_MAX_SIDE, THUMB_MAX_SIDE } from "./limits";
import { processPhoto, type JpegVersion, type ProcessedPhoto } from "./process-photo";
import type { PhotoRefusal } from "./refusal";

const FIXTURES = new URL("../../../tests/fixtures/images/", import.meta.url);
const sample = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

const REFUSED: Record<string, PhotoRefusal> = {
  "empty.jpg": { ok: false, reason: "not_an_image" },
  "text.jpg": { ok: false, reason: "not_an_image" },
  "pixel.gif": { ok: false, reason: "not_an_image" },
  "photo.webp": { ok: false, reason: "not_an_image" },
  "truncated-header.jpg": { ok: false, reason: "unreadable" },
  "magic-only.jpg": { ok: false, reason: "unreadable" },
  "cmyk.jpg": { ok: false, reason: "unreadable" },
  "huge-dimensions.jpg": { ok: false, reason: "too_many_pixels", type: "jpeg" },
  "truncated.png": { ok: false, reason: "unreadable" },
  "truncated-zlib.png": { ok: false, reason: "unreadable" },
  "bad-filter.png": { ok: false, reason: "unreadable" },
  "no-image-data.png": { ok: false, reason: "unreadable" },
  "chunk-length-lies.png": { ok: false, reason: "unreadable" },
  "huge-dimensions.png": { ok: false, reason: "too_many_pixels", type: "png" },
  "huge-interlaced.png": { ok: false, reason: "too_many_pixels", type: "png" },
};

/** Good samples and the size both versions come out at (all are under the thumbnail size). */
const TAKEN: Record<string, { width: number; height: number }> = {
  "red-blue.jpg": { width: 40, height: 20 },
  "red-blue.png": { width: 40, height: 20 },
  "orientation-6.jpg": { width: 20, height: 40 },
  "broken-exif.jpg": { width: 40, height: 20 },
  "progressive.jpg": { width: 64, height: 48 },
  // Cut off inside the scan: libjpeg keeps the pixels it has, as browsers show them.
  "truncated-in-scan.jpg": { width: 200, height: 150 },
};

async function taken(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const result = await processPhoto(bytes);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

/** Decodes a version with sharp and checks it is a bare JPEG of the size it claims. */
async function decoded(version: JpegVersion) {
  const { bytes } = version;
  expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
  const metadata = await sharp(bytes).metadata();
  expect(metadata.format).toBe("jpeg");
  expect([metadata.width, metadata.height]).toEqual([version.width, version.height]);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect(Buffer.from(bytes).includes("Exif")).toBe(false);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) =>
    Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
  return { at };
}

function isReddish([r, g, b]: number[]) {
  return r! > 150 && g! < 100 && b! < 100;
}
function isBluish([r, g, b]: number[]) {
  return b! > 150 && r! < 100 && g! < 100;
}

describe("processPhoto on the sample folder", () => {
  it("has an expectation for every sample in the folder", () => {
    const names = readdirSync(FIXTURES).filter((name) => name !== "README.md");
    expect(names.sort()).toEqual([...Object.keys(REFUSED), ...Object.keys(TAKEN)].sort());
  });

  it.each(Object.entries(REFUSED))("refuses %s", async (name, refusal) => {
    expect(await processPhoto(sample(name))).toEqual(refusal);
  });

  it.each(Object.entries(TAKEN))("takes %s", async (name, size) => {
    const photo = await taken(sample(name));
    for (const version of [photo.large, photo.thumb]) {
      expect({ width: version.width, height: version.height }).toEqual(size);
      await decoded(version);
    }
  });

  it("turns an EXIF orientation 6 photo upright and leaves its EXIF (GPS) behind", async () => {
    const original = sample("orientation-6.jpg");
    expect(jpegOrientation(original)).toBe(6);
    const gpsSeconds = Buffer.from([0xd2, 0x04, 0, 0, 100, 0, 0, 0]); // 1234/100, little-endian
    expect(Buffer.from(original).includes(gpsSeconds)).toBe(true);
    const photo = await taken(original);
    for (const version of [photo.large, photo.thumb]) {
      expect(Buffer.from(version.bytes).includes(gpsSeconds)).toBe(false);
      const { at } = await decoded(version);
      // Stored sideways: red left, blue right. Turned 90° clockwise, red is on top.
      expect(isReddish(at(10, 5))).toBe(true);
      expect(isBluish(at(10, 35))).toBe(true);
    }
  });

  it("reads broken EXIF as no orientation", () => {
    expect(jpegOrientation(sample("broken-exif.jpg"))).toBe(1);
    expect(jpegOrientation(sample("red-blue.jpg"))).toBe(1);
    expect(jpegOrientation(sample("truncated-header.jpg"))).toBe(1);
  });

  it("keeps the colours of a progressive JPEG and a PNG", async () => {
    for (const name of ["progressive.jpg", "red-blue.png"]) {
      const photo = await taken(sample(name));
      const { at } = await decoded(photo.large);
      expect(isReddish(at(2, 2)), name).toBe(true);
      expect(isBluish(at(photo.large.width - 3, 2)), name).toBe(true);
    }
  });

  it("decodes a good JPEG right after a refused one (each decode has its own wasm instance)", async () => {
    expect(await processPhoto(sample("magic-only.jpg"))).toEqual({ ok: false, reason: "unreadable" });
    expect((await taken(sample("red-blue.jpg"))).large.width).toBe(40);
  });

  it("tells the type by magic bytes only", () => {
    expect(sniffImageType(sample("red-blue.jpg"))).toBe("jpeg");
    expect(sniffImageType(sample("red-blue.png"))).toBe("png");
    for (const name of ["empty.jpg", "text.jpg", "pixel.gif", "photo.webp"])
      expect(sniffImageType(sample(name)), name).toBeNull();
  });
});

describe("processPhoto on big photos (made with sharp)", () => {
  const gradient = (width: number, height: number) => {
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
    }
    return sharp(data, { raw: { width, height, channels: 3 } });
  };

  it("scales a wide JPEG to a ≤1600 px display version and a ≤480 px thumbnail", async () => {
    const photo = await taken(new Uint8Array(await gradient(2000, 1000).jpeg().toBuffer()));
    expect([photo.large.width, photo.large.height]).toEqual([LARGE_MAX_SIDE, 800]);
    expect([photo.thumb.width, photo.thumb.height]).toEqual([THUMB_MAX_SIDE, 240]);
    await decoded(photo.large);
    await decoded(photo.thumb);
  });

  it("scales a tall PNG the same way", async () => {
    const photo = await taken(new Uint8Array(await gradient(1000, 3000).png().toBuffer()));
    expect([photo.large.width, photo.large.height]).toEqual([533, LARGE_MAX_SIDE]);
    expect([photo.thumb.width, photo.thumb.height]).toEqual([160, THUMB_MAX_SIDE]);
    await decoded(photo.large);
  });

  it("applies the orientation sharp writes into a camera-sized JPEG", async () => {
    const jpeg = await gradient(2400, 1200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const photo = await taken(new Uint8Array(jpeg));
    expect([photo.large.width, photo.large.height]).toEqual([800, LARGE_MAX_SIDE]);
    expect([photo.thumb.width, photo.thumb.height]).toEqual([240, THUMB_MAX_SIDE]);
    const { at } = await decoded(photo.large);
    // Stored: red grows to the right, green downwards. Turned clockwise: red grows downwards
    // and green to the left.
    expect(at(400, 1500)[0]).toBeGreaterThan(at(400, 100)[0]! + 100);
    expect(at(100, 800)[1]).toBeGreaterThan(at(700, 800)[1]! + 100);
  });
});
