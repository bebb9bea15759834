/**
 * A photo upload (docs/decisions/007-photo-processing.md): the member's own (POST
 * /api/profileimage.php) and an admin's for an entertainment profile (ADR 045) go through the same
 * steps. One photo as multipart/form-data, field `file`; a PNG or JPEG by its bytes, at most 10 MB.
 * We never keep the upload: the pipeline (images/process-photo.ts) makes an upright display
 * version and a thumbnail, re-encoded as JPEG so EXIF (GPS!) and every other piece of metadata is
 * gone; storage/photos.ts puts both in R2 and the row in D1.
 */
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { isBannedPhoto } from "../domain/bans";
import { sniffImageType } from "../images/image-type";
import { processPhoto } from "../images/process-photo";
import type { PhotoRefusal } from "../images/refusal";
import { addPhoto, hasRoomForPhoto, MAX_IMAGES, type PhotoStorage } from "../storage/photos";
import { ApiError } from "./errors";
import { invalidInput } from "./validate";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

const tooLarge = (message = "The photo is over 10 MB.") => new ApiError(413, "file_too_large", message);
const unsupported = () => new ApiError(415, "unsupported_image", "The file is not a PNG or JPEG image we can read.");
const fileRequired = () => invalidInput({ file: "required" }, 'Send the photo as multipart/form-data, field "file".');
const tooMany = () => new ApiError(422, "too_many_images", `A member can have at most ${MAX_IMAGES} photos.`);
const photoBanned = () =>
  new ApiError(403, "photo_banned", "This photo belongs to an account banned on this site or another of the operator's.", {
    fields: { file: "photo_banned" },
  });

/** The answer to a photo the pipeline would not take. */
function refused(refusal: PhotoRefusal): ApiError {
  switch (refusal.reason) {
    case "not_an_image":
    case "unreadable":
      return unsupported();
    case "too_many_pixels":
      // A PNG's cap is lower (it is decoded at full size), and the same photo may fit as a JPEG.
      return refusal.type === "png"
        ? tooLarge("The PNG has too many pixels; send it as a JPEG.")
        : tooLarge("The photo has too many pixels.");
  }
}

/**
 * Reads the request's photo, runs it through the pipeline and adds it to the member's photos:
 * the added photo, or the refusal as an ApiError (415, 413, 422 too_many_images, 403 photo_banned).
 */
export async function addUploadedPhoto(c: Context<ApiContext>, storage: PhotoStorage, memberId: number) {
  const { bytes } = await readUpload(c.req.raw);
  // The type is checked before the photo count, so a non-image is 415 even for a full album.
  if (!sniffImageType(bytes)) throw unsupported();
  if (!(await hasRoomForPhoto(c.var.db, memberId))) throw tooMany();

  const photo = await processPhoto(bytes);
  if (!photo.ok) throw refused(photo);
  // A photo of a banned account, on any site, is not taken again (docs/decisions/040).
  if (await isBannedPhoto(c.var.db, photo.hash)) throw photoBanned();
  const added = await addPhoto(storage, memberId, {
    thumb: photo.thumb.bytes,
    large: photo.large.bytes,
    hash: photo.hash,
  });
  if (!added) throw tooMany();
  return added;
}

/**
 * A photo upload with other fields beside `file` (the verification selfie's pose, ADR 059): the
 * form's text fields, and a check of the photo that gives the pipeline's versions. `checkFields`
 * runs before the photo is decoded (a wrong field costs no decoding). Same refusals as above.
 */
export async function readCheckedPhoto<T>(c: Context<ApiContext>, checkFields: (fields: Record<string, string>) => Promise<T>) {
  const { bytes, form } = await readUpload(c.req.raw);
  if (!sniffImageType(bytes)) throw unsupported();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const checked = await checkFields(fields);
  const photo = await processPhoto(bytes);
  if (!photo.ok) throw refused(photo);
  return { photo, checked };
}

/**
 * The uploaded file's bytes and the parsed form. An announced oversize body is refused before a byte of it is read;
 * the real bytes are counted too, since a Content-Length can lie (or be missing) on a request
 * built in code. The body and the parsed form go out of scope on return, leaving one copy.
 */
async function readUpload(request: Request): Promise<{ bytes: Uint8Array; form: FormData }> {
  const bodyLimit = MAX_FILE_BYTES + MULTIPART_SLACK_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge();
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) throw fileRequired();
  const body = await readAtMost(request, bodyLimit);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw fileRequired(); // not multipart after all, or cut short
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw fileRequired();
  if (file.size > MAX_FILE_BYTES) throw tooLarge();
  return { bytes: new Uint8Array(await file.arrayBuffer()), form };
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
