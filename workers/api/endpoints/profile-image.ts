/**
 * POST /api/profileimage.php (designed: sign-up step 2 and the photo page). A logged-in member
 * uploads one photo as multipart/form-data, field `file`. It must be a PNG or JPEG by its bytes
 * (not its name or declared type) and at most 10 MB. We never keep the upload: its pixels are
 * decoded, turned upright (EXIF orientation), scaled to a display version (≤ 1600 px) and a
 * thumbnail (≤ 480 px), and re-encoded as JPEG, so EXIF (GPS!), XMP and every other piece of
 * metadata are gone. Both land in R2; the thumbnail's key is `images.filename`, the public
 * `thumb_filename`, and the display version is the same name with `-large` before `.jpg`.
 *
 * Memory is the constraint (a Worker isolate has 128 MB, WebAssembly included), so a 12-megapixel
 * photo is never held at full size: JPEGs are decoded already scaled down inside libjpeg-turbo
 * (DCT scaling, a fresh WebAssembly instance per upload), PNGs are capped in pixels, and the
 * scaling is a streaming area average. See docs/decisions/007-photo-processing.md.
 */
import jpegTurboWasm from "@cwasm/jpeg-turbo/jpeg-turbo.wasm";
import { Hono } from "hono";
import { sql } from "kysely";
import type { ApiContext } from "../context";
import { findMember } from "../db/members";
import { ApiError, notLoggedIn } from "../lib/errors";
import { currentMemberId } from "../lib/sessions";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_SLACK_BYTES = 64 * 1024;
export const MAX_IMAGES = 12;
export const LARGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 480;
/** JPEGs are decoded at 1/8…1 scale, so even this many pixels stay small in memory. */
const JPEG_MAX_PIXELS = 100_000_000;
/** PNGs are inflated whole (about 8 bytes a pixel while decoding). */
const PNG_MAX_PIXELS = 8_400_000;
const LARGE_QUALITY = 82;
const THUMB_QUALITY = 80;

const tooLarge = (message = "The photo is over 10 MB.") => new ApiError(413, "file_too_large", message);
const unsupported = () =>
  new ApiError(415, "unsupported_image", "The file is not a PNG or JPEG image we can read.");
const fileRequired = () =>
  new ApiError(422, "invalid_input", "Send the photo as multipart/form-data, field \"file\".", {
    fields: { file: "required" },
  });

export const profileImage = new Hono<ApiContext>().post("/profileimage.php", async (c) => {
  const memberId = await currentMemberId(c);
  if (memberId === null) throw notLoggedIn();
  const member = await findMember(c.var.db, c.var.site.id, memberId);
  if (!member) throw notLoggedIn();

  // Refuse an announced oversize body before reading a byte of it; count the real bytes too,
  // since a Content-Length can lie (or be missing) on a request built in code.
  const bodyLimit = MAX_FILE_BYTES + MULTIPART_SLACK_BYTES;
  const declared = Number(c.req.header("content-length") ?? "");
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge();
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw fileRequired();
  const body = await readAtMost(c.req.raw, bodyLimit);

  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(body, { headers: { "content-type": type } }).formData()).get("file");
  } catch {
    throw fileRequired(); // not multipart after all, or cut short
  }
  if (!(file instanceof File) || file.size === 0) throw fileRequired();
  if (file.size > MAX_FILE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniff(bytes);
  if (!kind) throw unsupported();

  const { db } = c.var;
  const count = await db
    .selectFrom("images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_IMAGES) throw tooMany();

  const { large, thumb } = await makeVersions(bytes, kind);

  const name = `u${memberId}-${randomHex(12)}`;
  const thumbKey = `${name}.jpg`;
  const largeKey = `${name}-large.jpg`;
  const httpMetadata = { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" };
  await Promise.all([
    c.env.PHOTOS.put(thumbKey, thumb, { httpMetadata }),
    c.env.PHOTOS.put(largeKey, large, { httpMetadata }),
  ]);

  // One statement checks the limit and takes the next position, so two uploads at once cannot
  // make a thirteenth photo.
  const inserted = await sql<{ id: number }>`
    INSERT INTO images (member_id, filename, position, created_at)
    SELECT ${memberId}, ${thumbKey}, COALESCE(MAX(position) + 1, 0), ${Date.now()}
    FROM images WHERE member_id = ${memberId}
    HAVING COUNT(*) < ${MAX_IMAGES}
    RETURNING id`.execute(db);
  const image = inserted.rows[0];
  if (!image) {
    await c.env.PHOTOS.delete([thumbKey, largeKey]);
    throw tooMany();
  }
  await db
    .updateTable("members")
    .set({ main_image_id: image.id })
    .where("id", "=", memberId)
    .where("main_image_id", "is", null)
    .execute();

  const images = await db
    .selectFrom("images")
    .select(["id", "filename"])
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return c.json(
    {
      image: { id: image.id, thumb_filename: thumbKey },
      images: images.map((i) => ({ id: i.id, thumb_filename: i.filename })),
    },
    201,
  );
});

function tooMany() {
  return new ApiError(422, "too_many_images", `A member can have at most ${MAX_IMAGES} photos.`);
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The body, or a 413 as soon as more than `limit` bytes have arrived. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw fileRequired(); // the client broke off the upload
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(result.value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// The pixels. Everything below is pure: bytes in, JPEG bytes out.

export type ImageKind = "jpeg" | "png";

/** PNG or JPEG by magic number; anything else is null. */
export function sniff(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "png";
  return null;
}

/** An RGB raster whose rows are handed out one at a time (3 bytes a pixel, no alpha). */
interface RowSource {
  width: number;
  height: number;
  row(y: number): Uint8Array;
}

interface Raster {
  width: number;
  height: number;
  data: Uint8Array; // RGB
}

/** The display version and the thumbnail, upright, as JPEG bytes without any metadata. */
export async function makeVersions(bytes: Uint8Array, kind: ImageKind): Promise<{ large: Uint8Array; thumb: Uint8Array }> {
  let source: RowSource;
  let orientation = 1;
  try {
    if (kind === "jpeg") {
      orientation = jpegOrientation(bytes);
      source = decodeJpegScaled(bytes, LARGE_MAX_SIDE);
    } else {
      source = await decodePng(bytes);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    console.log('DEBUG decode error', error);
    throw unsupported(); // the decoder gave up: bytes that only look like an image
  }
  const largeRaster = scaleToFit(source, LARGE_MAX_SIDE);
  const thumbRaster = scaleToFit(rasterRows(largeRaster), THUMB_MAX_SIDE);
  // Photon runs only on pixels we made ourselves, never on the upload's bytes.
  const { PhotonImage } = await import("@cf-wasm/photon/workerd");
  const encode = (raster: Raster, quality: number) => {
    const upright = orient(raster, orientation);
    const image = new PhotonImage(upright.data, upright.width, upright.height);
    try {
      return image.get_bytes_jpeg(quality);
    } finally {
      image.free();
    }
  };
  return { large: encode(largeRaster, LARGE_QUALITY), thumb: encode(thumbRaster, THUMB_QUALITY) };
}

/** The EXIF orientation (1–8) of a JPEG, 1 when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return 1;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 1; // image data starts: no EXIF came before
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return 1;
    const start = i + 4;
    const end = Math.min(i + 2 + length, bytes.length);
    if (marker === 0xe1 && end - start > 14 && String.fromCharCode(...bytes.subarray(start, start + 6)) === "Exif\0\0") {
      const found = tiffOrientation(new DataView(bytes.buffer, bytes.byteOffset + start + 6, end - start - 6));
      if (found) return found;
    }
    i += 2 + length;
  }
  return 1;
}

function tiffOrientation(view: DataView): number | null {
  if (view.byteLength < 8) return null;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const le = order === 0x4949;
  if (view.getUint16(2, le) !== 42) return null;
  const ifd = view.getUint32(4, le);
  if (ifd + 2 > view.byteLength) return null;
  const entries = view.getUint16(ifd, le);
  for (let k = 0; k < entries; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > view.byteLength) return null;
    if (view.getUint16(entry, le) === 0x0112 && view.getUint16(entry + 2, le) === 3) {
      const value = view.getUint16(entry + 8, le);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

interface TurboJpeg {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  tjInitDecompress(): number;
  tjDecompressHeader3(handle: number, jpeg: number, size: number, width: number, height: number, subsamp: number, colorspace: number): number;
  tjDecompress2(handle: number, jpeg: number, size: number, out: number, width: number, pitch: number, height: number, pixelFormat: number, flags: number): number;
  tjDestroy(handle: number): number;
}

const TJPF_RGB = 0;

function isTurboJpeg(exports: WebAssembly.Exports): exports is WebAssembly.Exports & TurboJpeg {
  return ["malloc", "free", "tjInitDecompress", "tjDecompressHeader3", "tjDecompress2", "tjDestroy"].every(
    (name) => typeof exports[name] === "function",
  ) && exports.memory instanceof WebAssembly.Memory;
}

/**
 * Decodes a JPEG with libjpeg-turbo at the smallest n/8 scale that still gives `minLongSide`
 * pixels on the long side (1/2 for a 12-megapixel photo and 1600 px), so the full-size pixels
 * never exist. Each call gets a fresh instance: libjpeg reports fatal errors with longjmp,
 * which here unwinds as a JavaScript exception and leaves that instance unusable; a fresh one
 * also hands its memory back once the upload is done.
 */
function decodeJpegScaled(bytes: Uint8Array, minLongSide: number): RowSource {
  const refuse = (name: string) => () => {
    throw new Error(`jpeg-turbo called ${name}`);
  };
  const instance = new WebAssembly.Instance(jpegTurboWasm, {
    env: { setjmp: () => 0, longjmp: refuse("longjmp") },
    wasi_snapshot_preview1: {
      environ_sizes_get: () => 0,
      environ_get: refuse("environ_get"),
      proc_exit: refuse("proc_exit"),
      fd_close: refuse("fd_close"),
      fd_seek: refuse("fd_seek"),
      fd_write: refuse("fd_write"),
    },
  });
  const tj = instance.exports;
  if (!isTurboJpeg(tj)) throw new Error("unexpected jpeg-turbo build");
  const input = tj.malloc(bytes.byteLength);
  new Uint8Array(tj.memory.buffer, input, bytes.byteLength).set(bytes);
  const handle = tj.tjInitDecompress();
  const header = tj.malloc(16);
  if (!handle || !input || !header) throw new Error("jpeg-turbo is out of memory");
  if (tj.tjDecompressHeader3(handle, input, bytes.byteLength, header, header + 4, header + 8, header + 12) !== 0) {
    throw new Error("bad JPEG header");
  }
  const [width = 0, height = 0] = new Int32Array(tj.memory.buffer, header, 2);
  if (width <= 0 || height <= 0) throw new Error("bad JPEG size");
  if (width * height > JPEG_MAX_PIXELS) throw tooLarge("The photo has too many pixels.");
  const long = Math.max(width, height);
  let eighths = 8;
  for (let n = 1; n <= 8; n++) {
    if (Math.ceil((long * n) / 8) >= minLongSide) {
      eighths = n;
      break;
    }
  }
  const w = Math.ceil((width * eighths) / 8);
  const h = Math.ceil((height * eighths) / 8);
  const out = tj.malloc(w * h * 3);
  if (!out) throw new Error("jpeg-turbo is out of memory");
  // -1 without an exception means warnings only (a truncated file, extra bytes): the pixels are
  // there, as browsers would show them. Fatal errors arrive as the longjmp exception.
  tj.tjDecompress2(handle, input, bytes.byteLength, out, w, w * 3, h, TJPF_RGB, 0);
  const pixels = new Uint8Array(tj.memory.buffer, out, w * h * 3);
  return { width: w, height: h, row: (y) => pixels.subarray(y * w * 3, (y + 1) * w * 3) };
}

async function decodePng(bytes: Uint8Array): Promise<RowSource> {
  // IHDR comes first: refuse images too big to inflate before inflating them.
  if (bytes.length < 33 || String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") throw new Error("no IHDR");
  const header = new DataView(bytes.buffer, bytes.byteOffset + 16, 8);
  const [width, height] = [header.getUint32(0), header.getUint32(4)];
  if (width === 0 || height === 0) throw new Error("bad PNG size");
  if (width * height > PNG_MAX_PIXELS) throw tooLarge("The PNG has too many pixels; send it as a JPEG.");
  const { decode } = await import("fast-png");
  const png = decode(bytes);
  const { channels, depth, palette, data } = png;
  const samplesPerLine = width * channels;
  const line = depth === 16 ? samplesPerLine : Math.ceil((samplesPerLine * depth) / 8);
  const max = depth === 16 ? 0 : (1 << depth) - 1;
  const sample = (offset: number, i: number): number => {
    if (depth === 16) return data[offset + i]! >> 8;
    if (depth === 8) return data[offset + i]!;
    const bit = i * depth;
    return (data[offset + (bit >> 3)]! >> (8 - depth - (bit & 7))) & max;
  };
  const scale = (v: number) => (depth === 16 || depth === 8 || palette ? v : Math.round((v * 255) / max));
  const out = new Uint8Array(width * 3);
  // Transparent pixels are laid on white: a JPEG has no alpha.
  const put = (x: number, r: number, g: number, b: number, a: number) => {
    const keep = a / 255;
    out[x * 3] = Math.round(r * keep + 255 * (1 - keep));
    out[x * 3 + 1] = Math.round(g * keep + 255 * (1 - keep));
    out[x * 3 + 2] = Math.round(b * keep + 255 * (1 - keep));
  };
  return {
    width,
    height,
    row(y) {
      const offset = y * line;
      for (let x = 0; x < width; x++) {
        const s = x * channels;
        if (palette) {
          const color = palette[sample(offset, x)] ?? [0, 0, 0];
          put(x, color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, color[3] ?? 255);
        } else if (channels === 1) {
          const g = scale(sample(offset, s));
          put(x, g, g, g, 255);
        } else if (channels === 2) {
          const g = scale(sample(offset, s));
          put(x, g, g, g, scale(sample(offset, s + 1)));
        } else {
          const a = channels === 4 ? scale(sample(offset, s + 3)) : 255;
          put(x, scale(sample(offset, s)), scale(sample(offset, s + 1)), scale(sample(offset, s + 2)), a);
        }
      }
      return out;
    },
  };
}

function rasterRows(raster: Raster): RowSource {
  const stride = raster.width * 3;
  return { width: raster.width, height: raster.height, row: (y) => raster.data.subarray(y * stride, (y + 1) * stride) };
}

/** Which source indices (and how much of each) one output index covers, for every output index. */
function coverage(sourceSize: number, targetSize: number) {
  const ratio = sourceSize / targetSize;
  const first: number[] = [];
  const weights: number[][] = [];
  for (let o = 0; o < targetSize; o++) {
    const start = o * ratio;
    const end = Math.min(sourceSize, (o + 1) * ratio);
    const from = Math.floor(start);
    const ws: number[] = [];
    for (let s = from; s < end; s++) ws.push(Math.min(s + 1, end) - Math.max(s, start));
    const total = ws.reduce((a, b) => a + b, 0);
    first.push(from);
    weights.push(ws.map((w) => w / total));
  }
  return { first, weights };
}

/**
 * Area-average downscale so that the long side is at most `maxSide` (never upscales). It reads
 * each source row once and keeps only one output row of sums, so memory is the output's size.
 */
function scaleToFit(source: RowSource, maxSide: number): Raster {
  const factor = Math.min(1, maxSide / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * factor));
  const height = Math.max(1, Math.round(source.height * factor));
  const data = new Uint8Array(width * height * 3);
  if (width === source.width && height === source.height) {
    for (let y = 0; y < height; y++) data.set(source.row(y), y * width * 3);
    return { width, height, data };
  }
  const columns = coverage(source.width, width);
  const rows = coverage(source.height, height);
  const sums = new Float32Array(width * 3);
  const line = new Float32Array(width * 3);
  // For each source row: which output rows it feeds, with what weight.
  const feeds: { out: number; weight: number }[][] = Array.from({ length: source.height }, () => []);
  rows.first.forEach((from, out) => rows.weights[out]!.forEach((weight, k) => feeds[from + k]?.push({ out, weight })));
  const flush = (out: number) => {
    const base = out * width * 3;
    for (let i = 0; i < sums.length; i++) data[base + i] = Math.min(255, Math.round(sums[i]!));
    sums.fill(0);
  };
  let current = 0;
  for (let y = 0; y < source.height; y++) {
    const feed = feeds[y]!;
    if (feed.length === 0) continue;
    const row = source.row(y);
    for (let x = 0; x < width; x++) {
      const from = columns.first[x]!;
      const ws = columns.weights[x]!;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < ws.length; k++) {
        const p = (from + k) * 3;
        const w = ws[k]!;
        r += row[p]! * w;
        g += row[p + 1]! * w;
        b += row[p + 2]! * w;
      }
      line[x * 3] = r;
      line[x * 3 + 1] = g;
      line[x * 3 + 2] = b;
    }
    for (const { out, weight } of feed) {
      while (current < out) flush(current++);
      for (let i = 0; i < line.length; i++) sums[i] = sums[i]! + line[i]! * weight;
    }
  }
  while (current < height) flush(current++);
  return { width, height, data };
}

/** Applies an EXIF orientation and widens RGB to the RGBA that photon takes. */
export function orient(raster: Raster, orientation: number): { width: number; height: number; data: Uint8Array } {
  const { width: w, height: h, data } = raster;
  const swap = orientation >= 5 && orientation <= 8;
  const width = swap ? h : w;
  const height = swap ? w : h;
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sx = x;
      let sy = y;
      switch (orientation) {
        case 2: sx = w - 1 - x; break;
        case 3: sx = w - 1 - x; sy = h - 1 - y; break;
        case 4: sy = h - 1 - y; break;
        case 5: sx = y; sy = x; break;
        case 6: sx = y; sy = h - 1 - x; break;
        case 7: sx = w - 1 - y; sy = h - 1 - x; break;
        case 8: sx = w - 1 - y; sy = x; break;
      }
      const s = (sy * w + sx) * 3;
      const o = (y * width + x) * 4;
      out[o] = data[s]!;
      out[o + 1] = data[s + 1]!;
      out[o + 2] = data[s + 2]!;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}
