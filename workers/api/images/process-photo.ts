/**
 * The photo pipeline: upload bytes in, two upright JPEGs without metadata out, or the reason
 * why not. Pure: no request, no database, no bucket. See docs/decisions/007-photo-processing.md.
 *
 * 1. the type by its magic bytes (image-type.ts);
 * 2. decoding, already scaled down to about the display size: JPEG by libjpeg-turbo's DCT
 *    scaling (jpeg-decode.ts), PNG streamed row by row (png-decode.ts), both into an area
 *    average (area-scaler.ts), so a 12-megapixel photo never exists at full size;
 * 3. the thumbnail, scaled from the display version;
 * 4. both turned upright by the JPEG's EXIF orientation (exif-orientation.ts, orient.ts) and
 *    re-encoded as JPEG (jpeg-encode.ts), which leaves EXIF (GPS!), XMP and the rest behind.
 */
import { AreaScaler, scaleDown } from "./area-scaler";
import { jpegOrientation } from "./exif-orientation";
import { sniffImageType, type ImageType } from "./image-type";
import { decodeJpegScaled } from "./jpeg-decode";
import { loadJpegEncoder } from "./jpeg-encode";
import { LARGE_MAX_SIDE, LARGE_QUALITY, THUMB_MAX_SIDE, THUMB_QUALITY } from "./limits";
import { orient } from "./orient";
import { differenceHash } from "./photo-hash";
import { decodePng } from "./png-decode";
import type { BeginRows, Raster } from "./raster";
import { TooManyPixels, type PhotoRefusal } from "./refusal";

/** One version of the photo: JPEG bytes and the size they show at. */
export interface JpegVersion {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** The display version (≤ LARGE_MAX_SIDE) and the thumbnail (≤ THUMB_MAX_SIDE). */
export interface ProcessedPhoto {
  ok: true;
  large: JpegVersion;
  thumb: JpegVersion;
  /** The upright thumbnail's difference hash (photo-hash.ts): how a banned account's photo is recognised. */
  hash: string;
}

export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto | PhotoRefusal> {
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, reason: "not_an_image" };
  let decoded: { large: Raster; orientation: number };
  try {
    decoded = await decodeToDisplaySize(bytes, type);
  } catch (error) {
    if (error instanceof TooManyPixels) return { ok: false, reason: "too_many_pixels", type: error.type };
    return { ok: false, reason: "unreadable" }; // the decoder gave up: bytes that only look like an image
  }
  const { large, orientation } = decoded;
  const thumb = scaleDown(large, THUMB_MAX_SIDE);
  const encodeJpeg = await loadJpegEncoder();
  const encode = (upright: Raster, quality: number): JpegVersion => ({
    bytes: encodeJpeg(upright, quality),
    width: upright.width,
    height: upright.height,
  });
  const uprightThumb = orient(thumb, orientation);
  return {
    ok: true,
    large: encode(orient(large, orientation), LARGE_QUALITY),
    thumb: encode(uprightThumb, THUMB_QUALITY),
    hash: differenceHash(uprightThumb, 4),
  };
}

/** The upload's pixels fitted to LARGE_MAX_SIDE, as stored (not yet upright), and its orientation. */
async function decodeToDisplaySize(bytes: Uint8Array, type: ImageType): Promise<{ large: Raster; orientation: number }> {
  let scaler: AreaScaler | undefined;
  const begin: BeginRows = (width, height) => {
    const s = new AreaScaler(width, height, LARGE_MAX_SIDE);
    scaler = s;
    return (row) => s.push(row);
  };
  let orientation = 1;
  if (type === "jpeg") {
    orientation = jpegOrientation(bytes);
    decodeJpegScaled(bytes, LARGE_MAX_SIDE, begin);
  } else {
    // A PNG's eXIf orientation is ignored (docs/decisions/007-photo-processing.md).
    await decodePng(bytes, begin);
  }
  if (!scaler) throw new Error("no pixels");
  return { large: scaler.finish(), orientation };
}
