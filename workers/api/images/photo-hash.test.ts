// The difference hash that recognises a banned account's photo on any site (docs/decisions/040):
// the same picture re-encoded, rescaled or saved from the site hashes the same; another does not;
// a one-colour picture has the flat hash, which never matches.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FLAT_HASH, differenceHash } from "./photo-hash";
import { processPhoto } from "./process-photo";

/** A picture with structure: a diagonal gradient with a dark square. */
function picture(width: number, height: number, seed = 0) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inSquare = x > width * (0.2 + seed * 0.4) && x < width * (0.5 + seed * 0.4) && y > height * 0.3 && y < height * 0.7;
      const v = inSquare ? 20 : ((x + y) * 255) / (width + height);
      data.set([v, seed ? 255 - v : v, 128], (y * width + x) * 3);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

async function hashOf(bytes: Buffer | Uint8Array): Promise<string> {
  const photo = await processPhoto(new Uint8Array(bytes));
  if (!photo.ok) throw new Error(`refused: ${photo.reason}`);
  return photo.hash;
}

// Decoding and encoding real photos takes seconds on a busy machine.
describe("differenceHash", { timeout: 30_000 }, () => {
  it("is 16 hex digits, and flat for one colour", () => {
    const grey = { width: 20, height: 10, data: new Uint8Array(20 * 10 * 3).fill(90) };
    expect(differenceHash(grey, 3)).toBe(FLAT_HASH);
    const ramp = { width: 18, height: 8, data: new Uint8Array(18 * 8 * 3) };
    for (let i = 0; i < ramp.data.length; i += 3) ramp.data.fill(255 - ((i / 3) % 18) * 14, i, i + 3);
    expect(differenceHash(ramp, 3)).toBe("ffffffffffffffff");
  });

  it("the same picture as JPEG, PNG, smaller, or saved from the site hashes the same; another does not", async () => {
    const original = await hashOf(await picture(1200, 900).jpeg({ quality: 90 }).toBuffer());
    expect(original).toMatch(/^[0-9a-f]{16}$/);
    expect(original).not.toBe(FLAT_HASH);
    expect(await hashOf(await picture(1200, 900).png().toBuffer())).toBe(original);
    expect(await hashOf(await picture(600, 450).jpeg({ quality: 60 }).toBuffer())).toBe(original);
    // The site's own display version, uploaded again.
    const processed = await processPhoto(new Uint8Array(await picture(1200, 900).jpeg().toBuffer()));
    if (!processed.ok) throw new Error("refused");
    expect(await hashOf(processed.large.bytes)).toBe(original);
    expect(await hashOf(await picture(1200, 900, 1).jpeg().toBuffer())).not.toBe(original);
  });

  it("hashes the upright picture: a photo stored turned, with its EXIF orientation, matches the upright one", async () => {
    const upright = await hashOf(await picture(900, 1200).jpeg().toBuffer());
    const turned = await picture(900, 1200).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await hashOf(turned)).toBe(upright);
  });
});
