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
import { answer } from "../lib/answer";
import { ApiError, notLoggedIn } from "../lib/errors";
import { addUploadedPhoto } from "../lib/photo-upload";
import { readBody } from "../lib/request";
import { viewerOf } from "../lib/member";
import { listPhotos, makeMainPhoto, removePhoto, type PhotoStorage } from "../storage/photos";

const imageNotFound = () => new ApiError(404, "not_found", "No such photo of yours.");

export const profileImage = new Hono<ApiContext>()
  .post("/profileimage.php", async (c) => {
    const memberId = photoOwner(c);
    const added = await addUploadedPhoto(c, storageOf(c), memberId);

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
