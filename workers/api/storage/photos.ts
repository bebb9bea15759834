/**
 * Where members' photos are kept: one row each in D1 `images`, and two JPEGs each in R2. The
 * thumbnail's key is `images.filename` (the contract's `thumb_filename`); the display version
 * is the same name with `-large` before `.jpg`. The member's main photo is
 * `members.main_image_id`.
 */
import { sql } from "kysely";
import { runBatch, type Db } from "../db/client";

export const MAX_IMAGES = 12;

/** The query builder, the D1 binding behind it (for batches), and the photo bucket. */
export interface PhotoStorage {
  db: Db;
  d1: D1Database;
  bucket: R2Bucket;
}

/** The display version's key: the thumbnail's with `-large` before `.jpg`. */
export function largeKeyOf(thumbKey: string): string {
  return thumbKey.replace(/\.jpg$/, "-large.jpg");
}

/** Whether the member may add a photo (checked again, race-free, when the row goes in). */
export async function hasRoomForPhoto(db: Db, memberId: number): Promise<boolean> {
  const count = await db
    .selectFrom("images")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow();
  return Number(count.n) < MAX_IMAGES;
}

/**
 * Stores a new photo's two JPEGs and its row, last in the member's order; the first photo
 * becomes the main one. Null when the member already has MAX_IMAGES photos: then nothing is
 * left behind.
 */
export async function addPhoto(
  storage: PhotoStorage,
  memberId: number,
  versions: { thumb: Uint8Array; large: Uint8Array; hash?: string | null },
): Promise<{ id: number; thumbKey: string } | null> {
  const { db, bucket } = storage;
  const name = `u${memberId}-${randomHex(12)}`;
  const thumbKey = `${name}.jpg`;
  const largeKey = `${name}-large.jpg`;
  const httpMetadata = { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" };
  await Promise.all([
    bucket.put(thumbKey, versions.thumb, { httpMetadata }),
    bucket.put(largeKey, versions.large, { httpMetadata }),
  ]);

  // One statement checks the limit and takes the next position, so two uploads at once cannot
  // make a thirteenth photo.
  const inserted = await sql<{ id: number }>`
    INSERT INTO images (member_id, filename, position, created_at, hash)
    SELECT ${memberId}, ${thumbKey}, COALESCE(MAX(position) + 1, 0), ${Date.now()}, ${versions.hash ?? null}
    FROM images WHERE member_id = ${memberId}
    HAVING COUNT(*) < ${MAX_IMAGES}
    RETURNING id`.execute(db);
  const image = inserted.rows[0];
  if (!image) {
    await bucket.delete([thumbKey, largeKey]);
    return null;
  }
  await db
    .updateTable("members")
    .set({ main_image_id: image.id })
    .where("id", "=", memberId)
    .where("main_image_id", "is", null)
    .execute();
  return { id: image.id, thumbKey };
}

/**
 * Removes one of the member's photos: row and both R2 objects. If it was the main photo, the
 * next one by position takes over. False when the member has no photo with that id.
 */
export async function removePhoto(storage: PhotoStorage, memberId: number, imageId: number): Promise<boolean> {
  const { db, d1, bucket } = storage;
  const image = await db
    .selectFrom("images")
    .select(["id", "filename"])
    .where("id", "=", imageId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (!image) return false;
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
    db.updateTable("members").set({ main_image_id: next }).where("id", "=", memberId).where("main_image_id", "=", image.id),
    db.deleteFrom("images").where("id", "=", image.id).where("member_id", "=", memberId),
  ];
  await runBatch(d1, queries);
  await bucket.delete([image.filename, largeKeyOf(image.filename)]);
  return true;
}

/** Makes one of the member's photos the main one. False when the member has no photo with that id. */
export async function makeMainPhoto(db: Db, memberId: number, imageId: number): Promise<boolean> {
  const result = await db
    .updateTable("members")
    .set({ main_image_id: imageId })
    .where("id", "=", memberId)
    .where((eb) => eb.exists(eb.selectFrom("images").select("id").where("id", "=", imageId).where("member_id", "=", memberId)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The member's photos in order, as the contract's Image. */
export async function listPhotos(db: Db, memberId: number) {
  const rows = await db
    .selectFrom("images")
    .select(["id", "filename"])
    .where("member_id", "=", memberId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((i) => ({ id: i.id, thumb_filename: i.filename }));
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}
