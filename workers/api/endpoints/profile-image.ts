/**
 * POST /api/profileimage.php (designed: sign-up step 2 and the photo page). A logged-in member
 * uploads one photo as multipart/form-data, field `file`. It must be a PNG or JPEG by its bytes
 * (not its name or declared type) and at most 10 MB. We never keep the upload: the photo
 * pipeline (images/process-photo.ts) turns it into an upright display version (≤ 1600 px) and
 * a thumbnail (≤ 480 px), re-encoded as JPEG so EXIF (GPS!), XMP and every other piece of
 * metadata are gone, and storage/photos.ts puts both in R2 and the row in D1. See
 * docs/decisions/007-photo-processing.md.
 *
 * DELETE { id } removes one of the member's own photos (row and both R2 objects; the next photo
 * by position becomes main if it was the main one). PUT { id, main: true } makes one the main
 * photo. Another member's id, an unknown id or a non-integer is 404 not_found either way.
 */
import { Hono, type Context } from "hono";
import { PhotoDeleteBodySchema, PhotoMainBodySchema } from "../../../contract/requests/photos";
import { ImagesAnswerSchema, MainImageAnswerSchema, ProfileImageAnswerSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { isBannedPhoto } from "../domain/bans";
import { sniffImageType } from "../images/image-type";
import { processPhoto } from "../images/process-photo";
import type { PhotoRefusal } from "../images/refusal";
import { answer } from "../lib/answer";
import { ApiError, notLoggedIn } from "../lib/errors";
import { readBody } from "../lib/request";
import { invalidInput } from "../lib/validate";
import { viewerOf } from "../lib/member";
import {
  addPhoto,
  hasRoomForPhoto,
  listPhotos,
  makeMainPhoto,
  MAX_IMAGES,
  removePhoto,
  type PhotoStorage,
} from "../storage/photos";

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
const imageNotFound = () => new ApiError(404, "not_found", "No such photo of yours.");

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

export const profileImage = new Hono<ApiContext>()
  .post("/profileimage.php", async (c) => {
    const memberId = photoOwner(c);
    const bytes = await readUpload(c.req.raw);
    // The type is checked before the photo count, so a non-image is 415 even for a full album.
    if (!sniffImageType(bytes)) throw unsupported();
    if (!(await hasRoomForPhoto(c.var.db, memberId))) throw tooMany();

    const photo = await processPhoto(bytes);
    if (!photo.ok) throw refused(photo);
    // A photo of a banned account, on any site, is not taken again (docs/decisions/040).
    if (await isBannedPhoto(c.var.db, photo.hash)) throw photoBanned();
    const added = await addPhoto(storageOf(c), memberId, {
      thumb: photo.thumb.bytes,
      large: photo.large.bytes,
      hash: photo.hash,
    });
    if (!added) throw tooMany();

    return answer(
      c,
      ProfileImageAnswerSchema,
      { image: { id: added.id, thumb_filename: added.thumbKey }, images: await listPhotos(c.var.db, memberId) },
      201,
    );
  })
  .delete("/profileimage.php", async (c) => {
    const { memberId, imageId } = await ownImageRequest(c, PhotoDeleteBodySchema);
    if (!(await removePhoto(storageOf(c), memberId, imageId))) throw imageNotFound();
    return answer(c, ImagesAnswerSchema, { images: await listPhotos(c.var.db, memberId) });
  })
  .put("/profileimage.php", async (c) => {
    const { memberId, imageId } = await ownImageRequest(c, PhotoMainBodySchema);
    if (!(await makeMainPhoto(c.var.db, memberId, imageId))) throw imageNotFound();
    const images = await listPhotos(c.var.db, memberId);
    const main = images.find((i) => i.id === imageId);
    return answer(c, MainImageAnswerSchema, { images, main_image: main ? { thumb_filename: main.thumb_filename } : null });
  });

function storageOf(c: Context<ApiContext>): PhotoStorage {
  return { db: c.var.db, d1: c.env.DB, bucket: c.env.PHOTOS };
}

/**
 * Whose album this is: the logged-in member whose account is not deleted. (Photos have always
 * allowed any standing but deleted, so this is viewerOf, not requireMember.)
 */
function photoOwner(c: Context<ApiContext>): number {
  const member = viewerOf(c);
  if (!member) throw notLoggedIn();
  return member.id;
}

/** The logged-in member and the image id the JSON body names (a non-integer id is a 404). */
async function ownImageRequest(c: Context<ApiContext>, schema: typeof PhotoDeleteBodySchema | typeof PhotoMainBodySchema) {
  const memberId = photoOwner(c);
  const body = await readBody(c, schema);
  const imageId = typeof body.id === "number" ? body.id : /^\d{1,15}$/.test(body.id) ? Number(body.id) : NaN;
  if (!Number.isSafeInteger(imageId) || imageId <= 0) throw imageNotFound();
  return { memberId, imageId };
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
  let file: File | string | null;
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
