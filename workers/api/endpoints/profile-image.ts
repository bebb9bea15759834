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
 *
 * DELETE { id } removes one of the member's own photos (row and both R2 objects; the next photo
 * by position becomes main if it was the main one). PUT { id, main: true } makes one the main
 * photo. Another member's id, an unknown id or a non-integer is 404 not_found either way.
 */
import jpegTurboWasm from "@cwasm/jpeg-turbo/jpeg-turbo.wasm";
import { Hono, type Context } from "hono";
import { sql } from "kysely";
import { z } from "zod";
import type { ApiContext } from "../context";
import { runBatch } from "../db/client";
import { findMember } from "../db/members";
import { ApiError, notLoggedIn } from "../lib/errors";
import { readBody } from "../lib/request";
import { currentMemberId } from "../lib/sessions";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_SLACK_BYTES = 64 * 1024;
export const MAX_IMAGES = 12;
export const LARGE_MAX_SIDE = 1600;
export const THUMB_MAX_SIDE = 480;
/** JPEGs are decoded at 1/8…1 scale, so even this many pixels stay small in memory. */
const JPEG_MAX_PIXELS = 100_000_000;
/** PNGs stream row by row, so this bounds CPU time, not memory. */
const PNG_MAX_PIXELS = 40_000_000;
/** Interlaced PNGs are assembled whole first: 3 bytes a pixel. */
const PNG_INTERLACED_MAX_PIXELS = 8_400_000;
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

  const bytes = await readUpload(c.req.raw);
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

  return c.json({ image: { id: image.id, thumb_filename: thumbKey }, images: await ownImages(c, memberId) }, 201);
})
  .delete("/profileimage.php", async (c) => {
    const { memberId, imageId } = await ownImageRequest(c, DeleteBody);
    const { db } = c.var;
    const image = await db
      .selectFrom("images")
      .select(["id", "filename"])
      .where("id", "=", imageId)
      .where("member_id", "=", memberId)
      .executeTakeFirst();
    if (!image) throw imageNotFound();
    // One batch: the row goes, and if it was the main image the next one by position takes over.
    const next = db
      .selectFrom("images")
      .select("id")
      .where("member_id", "=", memberId)
      .where("id", "!=", image.id)
      .orderBy("position")
      .orderBy("id")
      .limit(1);
    const queries = [
      db
        .updateTable("members")
        .set({ main_image_id: next })
        .where("id", "=", memberId)
        .where("main_image_id", "=", image.id),
      db.deleteFrom("images").where("id", "=", image.id).where("member_id", "=", memberId),
    ];
    await runBatch(c.env.DB, queries);
    await c.env.PHOTOS.delete([image.filename, largeKeyOf(image.filename)]);
    return c.json({ images: await ownImages(c, memberId) });
  })
  .put("/profileimage.php", async (c) => {
    const { memberId, imageId } = await ownImageRequest(c, MainBody);
    const { db } = c.var;
    const result = await db
      .updateTable("members")
      .set({ main_image_id: imageId })
      .where("id", "=", memberId)
      .where((eb) =>
        eb.exists(eb.selectFrom("images").select("id").where("id", "=", imageId).where("member_id", "=", memberId)),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw imageNotFound();
    const images = await ownImages(c, memberId);
    const main = images.find((i) => i.id === imageId);
    return c.json({ images, main_image: main ? { thumb_filename: main.thumb_filename } : null });
  });

const DeleteBody = z.object({ id: z.union([z.number(), z.string()]) });
const MainBody = z.object({ id: z.union([z.number(), z.string()]), main: z.literal(true) });

const imageNotFound = () => new ApiError(404, "not_found", "No such photo of yours.");

/** The display version's key: the thumbnail's with `-large` before `.jpg`. */
export function largeKeyOf(thumbKey: string): string {
  return thumbKey.replace(/\.jpg$/, "-large.jpg");
}

/** The logged-in member and the image id the JSON body names (a non-integer id is a 404). */
async function ownImageRequest(c: Context<ApiContext>, schema: typeof DeleteBody | typeof MainBody) {
  const memberId = await currentMemberId(c);
  if (memberId === null) throw notLoggedIn();
  const member = await findMember(c.var.db, c.var.site.id, memberId);
  if (!member) throw notLoggedIn();
  const body = await readBody(c, schema);
  const imageId = typeof body.id === "number" ? body.id : /^\d{1,15}$/.test(body.id) ? Number(body.id) : NaN;
  if (!Number.isSafeInteger(imageId) || imageId <= 0) throw imageNotFound();
  return { memberId, imageId };
}

/** The member's images in order, as the contract's Image. */
async function ownImages(c: Context<ApiContext>, memberId: number) {
  const rows = await c.var.db
    .selectFrom("images")
    .select(["id", "filename"])
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((i) => ({ id: i.id, thumb_filename: i.filename }));
}

function tooMany() {
  return new ApiError(422, "too_many_images", `A member can have at most ${MAX_IMAGES} photos.`);
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The uploaded file's bytes. An announced oversize body is refused before a byte of it is read;
 * the real bytes are counted too, since a Content-Length can lie (or be missing) on a request
 * built in code. The body and the parsed form go out of scope on return, leaving one copy.
 */
async function readUpload(request: Request): Promise<Uint8Array> {
  const bodyLimit = MAX_FILE_BYTES + MULTIPART_SLACK_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw fileRequired();
  const body = await readAtMost(request, bodyLimit);
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(body, { headers: { "content-type": type } }).formData()).get("file");
  } catch {
    throw fileRequired(); // not multipart after all, or cut short
  }
  if (!(file instanceof File) || file.size === 0) throw fileRequired();
  if (file.size > MAX_FILE_BYTES) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

/** The body, or a 413 as soon as more than `limit` bytes have arrived. */
async function readAtMost(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
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


export interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel (RGBA, 4, once oriented for photon). */
  data: Uint8Array;
}

/** A decoder announces the size, then hands over RGB rows top to bottom. */
type Begin = (width: number, height: number) => (row: Uint8Array) => void;

/** The display version and the thumbnail, upright, as JPEG bytes without any metadata. */
export async function makeVersions(bytes: Uint8Array, kind: ImageKind): Promise<{ large: Uint8Array; thumb: Uint8Array }> {
  let scaler: AreaScaler | undefined;
  const begin: Begin = (width, height) => {
    const s = new AreaScaler(width, height, LARGE_MAX_SIDE);
    scaler = s;
    return (row) => s.push(row);
  };
  let orientation = 1;
  let large: Raster;
  try {
    if (kind === "jpeg") {
      orientation = jpegOrientation(bytes);
      decodeJpegScaled(bytes, LARGE_MAX_SIDE, begin);
    } else {
      await decodePng(bytes, begin);
    }
    if (!scaler) throw new Error("no pixels");
    large = scaler.finish();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unsupported(); // the decoder gave up: bytes that only look like an image
  }
  const thumbScaler = new AreaScaler(large.width, large.height, THUMB_MAX_SIDE);
  for (let y = 0; y < large.height; y++) thumbScaler.push(large.data.subarray(y * large.width * 3, (y + 1) * large.width * 3));
  const thumb = thumbScaler.finish();
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
  return { large: encode(large, LARGE_QUALITY), thumb: encode(thumb, THUMB_QUALITY) };
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
function decodeJpegScaled(bytes: Uint8Array, minLongSide: number, begin: Begin): void {
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
  const header = tj.malloc(16);
  const handle = tj.tjInitDecompress();
  if (!handle || !input || !header) throw new Error("jpeg-turbo is out of memory");
  new Uint8Array(tj.memory.buffer, input, bytes.byteLength).set(bytes);
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
async function decodePng(bytes: Uint8Array, begin: Begin): Promise<void> {
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
      if (width * height > cap) throw tooLarge("The PNG has too many pixels; send it as a JPEG.");
    } else if (type === "PLTE") {
      palette = new Uint8Array(256 * 4).fill(255);
      for (let i = 0; i < Math.min(256, Math.floor(length / 3)); i++) palette.set(data.subarray(i * 3, i * 3 + 3), i * 4);
    } else if (type === "tRNS") {
      const d = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (palette) data.slice(0, 256).forEach((alpha, i) => (palette![i * 4 + 3] = alpha));
      else if (length >= 6) transparent = [d.getUint16(0), d.getUint16(2), d.getUint16(4)];
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
  let chunk = new Uint8Array(0);
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
        const a = colorType === 6 ? to8(raw(line, x * 4 + 3)) : transparent && r === transparent[0] && g === transparent[1] && b === transparent[2] ? 0 : 255;
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

/** Undoes a PNG scanline filter in place (`line` and `previous` hold the bytes without the type). */
function unfilter(type: number, line: Uint8Array, previous: Uint8Array, bpp: number): void {
  const n = line.length;
  switch (type) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) line[i] = line[i]! + line[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) line[i] = line[i]! + previous[i]!;
      return;
    case 3:
      for (let i = 0; i < n; i++) line[i] = line[i]! + (((i >= bpp ? line[i - bpp]! : 0) + previous[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? line[i - bpp]! : 0;
        const b = previous[i]!;
        const c = i >= bpp ? previous[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        line[i] = line[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      return;
    default:
      throw new Error(`bad PNG filter ${type}`);
  }
}

/**
 * Area-average downscaling to fit `maxSide` on the long side (never up). Rows are pushed top to
 * bottom and each is read once; only the output and one row of sums are kept.
 */
class AreaScaler {
  readonly width: number;
  readonly height: number;
  private readonly data: Uint8Array;
  private readonly copy: boolean;
  private readonly ratio: number;
  private readonly xFirst: Int32Array;
  private readonly xCount: Int32Array;
  private readonly xWeights: Float32Array; // per output column, `maxTaps` slots
  private readonly maxTaps: number;
  private readonly line: Float32Array;
  private readonly sums: Float32Array;
  private sumWeight = 0;
  private current = 0;
  private y = 0;

  constructor(
    private readonly sourceWidth: number,
    private readonly sourceHeight: number,
    maxSide: number,
  ) {
    const factor = Math.min(1, maxSide / Math.max(sourceWidth, sourceHeight));
    this.width = Math.max(1, Math.round(sourceWidth * factor));
    this.height = Math.max(1, Math.round(sourceHeight * factor));
    this.data = new Uint8Array(this.width * this.height * 3);
    this.copy = this.width === sourceWidth && this.height === sourceHeight;
    this.ratio = sourceHeight / this.height;
    const xRatio = sourceWidth / this.width;
    this.maxTaps = Math.ceil(xRatio) + 1;
    this.xFirst = new Int32Array(this.width);
    this.xCount = new Int32Array(this.width);
    this.xWeights = new Float32Array(this.width * this.maxTaps);
    for (let o = 0; o < this.width; o++) {
      const start = o * xRatio;
      const end = Math.min(sourceWidth, (o + 1) * xRatio);
      const first = Math.floor(start);
      let count = 0;
      for (let s = first; s < end && count < this.maxTaps; s++, count++) {
        this.xWeights[o * this.maxTaps + count] = (Math.min(s + 1, end) - Math.max(s, start)) / (end - start);
      }
      this.xFirst[o] = first;
      this.xCount[o] = count;
    }
    this.line = new Float32Array(this.width * 3);
    this.sums = new Float32Array(this.width * 3);
  }

  push(row: Uint8Array): void {
    const y = this.y++;
    if (y >= this.sourceHeight) throw new Error("too many rows");
    if (this.copy) {
      this.data.set(row.subarray(0, this.width * 3), y * this.width * 3);
      return;
    }
    const { line, xFirst, xCount, xWeights, maxTaps } = this;
    for (let x = 0; x < this.width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let p = xFirst[x]! * 3;
      const w0 = x * maxTaps;
      for (let k = 0; k < xCount[x]!; k++, p += 3) {
        const w = xWeights[w0 + k]!;
        r += row[p]! * w;
        g += row[p + 1]! * w;
        b += row[p + 2]! * w;
      }
      line[x * 3] = r;
      line[x * 3 + 1] = g;
      line[x * 3 + 2] = b;
    }
    // This source row covers [y, y+1); output row o covers [o·ratio, (o+1)·ratio).
    for (let o = Math.floor(y / this.ratio); o < this.height; o++) {
      const weight = Math.min(y + 1, (o + 1) * this.ratio) - Math.max(y, o * this.ratio);
      if (weight <= 0) break;
      while (this.current < o) this.flush();
      const { sums } = this;
      for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! + line[i]! * weight;
      this.sumWeight += weight;
    }
  }

  private flush(): void {
    const base = this.current * this.width * 3;
    const { sums, data } = this;
    const scale = this.sumWeight > 0 ? 1 / this.sumWeight : 0;
    for (let i = 0; i < sums.length; i++) data[base + i] = Math.round(sums[i]! * scale);
    sums.fill(0);
    this.sumWeight = 0;
    this.current++;
  }

  finish(): Raster {
    if (this.y !== this.sourceHeight) throw new Error("missing rows");
    if (!this.copy) while (this.current < this.height) this.flush();
    return { width: this.width, height: this.height, data: this.data };
  }
}

/** Where each EXIF orientation takes output (x, y) from: sx = ax·x + bx·y + cx, sy = ay·x + by·y + cy. */
const ORIENTATIONS: Record<number, (w: number, h: number) => [number, number, number, number, number, number]> = {
  1: () => [1, 0, 0, 0, 1, 0],
  2: (w) => [-1, 0, w - 1, 0, 1, 0], // mirrored
  3: (w, h) => [-1, 0, w - 1, 0, -1, h - 1], // upside down
  4: (_, h) => [1, 0, 0, 0, -1, h - 1], // mirrored, upside down
  5: () => [0, 1, 0, 1, 0, 0], // transposed
  6: (_, h) => [0, 1, 0, -1, 0, h - 1], // turn 90° clockwise to view (a phone held upright)
  7: (w, h) => [0, -1, w - 1, -1, 0, h - 1], // transversed
  8: (w) => [0, -1, w - 1, 1, 0, 0], // turn 90° counter-clockwise to view
};

/** Applies an EXIF orientation and widens RGB to the RGBA that photon takes. */
export function orient(raster: Raster, orientation: number): Raster {
  const { width: w, height: h, data } = raster;
  const [ax, bx, cx, ay, by, cy] = (ORIENTATIONS[orientation] ?? ORIENTATIONS[1]!)(w, h);
  const width = ax === 0 ? h : w;
  const height = ax === 0 ? w : h;
  const out = new Uint8Array(width * height * 4);
  const stepX = 3 * (ay * w + ax);
  const stepY = 3 * (by * w + bx);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let s = 3 * (cy * w + cx) + y * stepY;
    for (let x = 0; x < width; x++, s += stepX) {
      out[o++] = data[s]!;
      out[o++] = data[s + 1]!;
      out[o++] = data[s + 2]!;
      out[o++] = 255;
    }
  }
  return { width, height, data: out };
}
