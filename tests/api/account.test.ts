/** The member's own account (issue 4): deleting photos, choosing the main one, changing the password. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorSchema,
  ImagesAnswerSchema,
  MainImageAnswerSchema,
  PasswordChangedSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const IMAGES = "/api/profileimage.php";
const PASSWORD = "/api/password.php";
const largeKey = (thumb: string) => thumb.replace(/\.jpg$/, "-large.jpg");

let fileCounter = 0;

/** Photos as an upload leaves them: rows by position, both versions in R2, the first one main. */
async function addImages(memberId: number, count: number) {
  const images: { id: number; thumb_filename: string }[] = [];
  for (let position = 0; position < count; position++) {
    const key = `u${memberId}-test${++fileCounter}.jpg`;
    await env.PHOTOS.put(key, new Uint8Array([0xff, 0xd8, 0xff, 1]));
    await env.PHOTOS.put(largeKey(key), new Uint8Array([0xff, 0xd8, 0xff, 2]));
    const row = await env.DB.prepare(
      "INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
      .bind(memberId, key, position, Date.now())
      .first<{ id: number }>();
    images.push({ id: row!.id, thumb_filename: key });
  }
  await env.DB.prepare("UPDATE members SET main_image_id = ? WHERE id = ?")
    .bind(images[0]?.id ?? null, memberId)
    .run();
  return images;
}

async function mainImageId(memberId: number) {
  const row = await env.DB.prepare("SELECT main_image_id FROM members WHERE id = ?")
    .bind(memberId)
    .first<{ main_image_id: number | null }>();
  return row!.main_image_id;
}

async function imageIds(memberId: number) {
  const { results } = await env.DB.prepare("SELECT id FROM images WHERE member_id = ? ORDER BY position")
    .bind(memberId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

async function storedHash(memberId: number) {
  const row = await env.DB.prepare("SELECT password_hash FROM members WHERE id = ?")
    .bind(memberId)
    .first<{ password_hash: string }>();
  return row!.password_hash;
}

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json());
}

describe("DELETE /api/profileimage.php", () => {
  it("deletes the member's own photo: the row and both R2 objects; the others stay in order", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const [first, second, third] = await addImages(member.id, 3);

    const response = await call(IMAGES, { method: "DELETE", cookie, json: { id: second!.id } });
    expect(response.status).toBe(200);
    expect(ImagesAnswerSchema.parse(await response.json())).toEqual({ images: [first, third] });
    expect(await imageIds(member.id)).toEqual([first!.id, third!.id]);
    expect(await env.PHOTOS.head(second!.thumb_filename)).toBeNull();
    expect(await env.PHOTOS.head(largeKey(second!.thumb_filename))).toBeNull();
    expect(await env.PHOTOS.head(first!.thumb_filename)).not.toBeNull();
    expect(await mainImageId(member.id)).toBe(first!.id);

    const again = await call(IMAGES, { method: "DELETE", cookie, json: { id: second!.id } });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).error).toBe("not_found");
  });

  it("promotes the next photo by position when the main one goes, and null after the last", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const [first, second] = await addImages(member.id, 2);

    await call(IMAGES, { method: "DELETE", cookie, json: { id: first!.id } });
    expect(await mainImageId(member.id)).toBe(second!.id);
    const last = await call(IMAGES, { method: "DELETE", cookie, json: { id: String(second!.id) } });
    expect(last.status).toBe(200);
    expect(await last.json()).toEqual({ images: [] });
    expect(await mainImageId(member.id)).toBeNull();
  });

  it("is 404 for another member's photo, an unknown id or a non-integer, and nothing changes", async () => {
    const owner = await createMember();
    const [theirs] = await addImages(owner.id, 1);
    const member = await createMember();
    const cookie = await loginAs(member);
    const [mine] = await addImages(member.id, 1);

    for (const id of [theirs!.id, 999_999_999, 1.5, "abc", -1]) {
      const response = await call(IMAGES, { method: "DELETE", cookie, json: { id } });
      expect(response.status, String(id)).toBe(404);
      expect((await errorOf(response)).error).toBe("not_found");
    }
    expect(await imageIds(owner.id)).toEqual([theirs!.id]);
    expect(await env.PHOTOS.head(theirs!.thumb_filename)).not.toBeNull();
    expect(await env.PHOTOS.head(largeKey(theirs!.thumb_filename))).not.toBeNull();
    expect(await mainImageId(owner.id)).toBe(theirs!.id);
    expect(await imageIds(member.id)).toEqual([mine!.id]);

    expect((await call(IMAGES, { method: "DELETE", cookie, json: {} })).status).toBe(422);
    expect((await call(IMAGES, { method: "DELETE", cookie, json: [1] })).status).toBe(422);
  });

  it("is 403 when not logged in", async () => {
    const owner = await createMember();
    const [image] = await addImages(owner.id, 1);
    const response = await call(IMAGES, { method: "DELETE", json: { id: image!.id } });
    expect(response.status).toBe(403);
    expect(await imageIds(owner.id)).toEqual([image!.id]);
  });
});

describe("PUT /api/profileimage.php", () => {
  it("makes one of the member's own photos the main one", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const [first, second] = await addImages(member.id, 2);

    const response = await call(IMAGES, { method: "PUT", cookie, json: { id: second!.id, main: true } });
    expect(response.status).toBe(200);
    expect(MainImageAnswerSchema.parse(await response.json())).toEqual({
      images: [first, second],
      main_image: { thumb_filename: second!.thumb_filename },
    });
    expect(await mainImageId(member.id)).toBe(second!.id);
  });

  it("is 404 for another member's photo or an unknown id, 422 without main: true, 403 logged out", async () => {
    const owner = await createMember();
    const [theirs] = await addImages(owner.id, 1);
    const member = await createMember();
    const cookie = await loginAs(member);
    const [mine] = await addImages(member.id, 1);

    for (const id of [theirs!.id, 999_999_999, "x"]) {
      const response = await call(IMAGES, { method: "PUT", cookie, json: { id, main: true } });
      expect(response.status, String(id)).toBe(404);
      expect((await errorOf(response)).error).toBe("not_found");
    }
    expect(await mainImageId(member.id)).toBe(mine!.id);
    expect((await call(IMAGES, { method: "PUT", cookie, json: { id: mine!.id } })).status).toBe(422);
    expect((await call(IMAGES, { method: "PUT", json: { id: theirs!.id, main: true } })).status).toBe(403);
  });
});

describe("PUT /api/password.php", () => {
  it("changes the password: this session goes on, other sessions end, the new password logs in", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const otherCookie = await loginAs(member);

    const response = await call(PASSWORD, {
      method: "PUT",
      cookie,
      json: { current: member.password, password: "a new secret" },
    });
    expect(response.status).toBe(200);
    expect(PasswordChangedSchema.parse(await response.json())).toEqual({ changed: true });

    const mine = await call("/api/user.php", { cookie });
    expect(mine.status).toBe(200);
    expect(UserAnswerSchema.parse(await mine.json()).user.profile.id).toBe(member.id);
    expect((await call("/api/user.php", { cookie: otherCookie })).status).toBe(403);

    const oldLogin = await call("/api/login.php", { method: "POST", json: { email: member.email, password: member.password } });
    expect(oldLogin.status).not.toBe(200);
    await loginAs({ email: member.email, password: "a new secret" });
  });

  it("refuses a wrong current password with 403 and changes nothing", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const otherCookie = await loginAs(member);
    const before = await storedHash(member.id);

    const response = await call(PASSWORD, {
      method: "PUT",
      cookie,
      json: { current: "not it at all", password: "a new secret" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "wrong_password", fields: { current: "wrong_password" } });
    expect(await storedHash(member.id)).toBe(before);
    expect((await call("/api/user.php", { cookie: otherCookie })).status).toBe(200);
  });

  it("allows 5 wrong attempts per 15 minutes, then 429 even with the right password", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 5; i++) {
      const response = await call(PASSWORD, { method: "PUT", cookie, json: { current: `wrong ${i}`, password: "a new secret" } });
      expect(response.status).toBe(403);
    }
    const limited = await call(PASSWORD, { method: "PUT", cookie, json: { current: member.password, password: "a new secret" } });
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).error).toBe("rate_limited");
    expect(await loginAs(member)).toMatch(/^sid=/);
  });

  it("refuses a weak new password with 422 and the field's code", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const before = await storedHash(member.id);
    const cases: [unknown, string][] = [
      ["short", "too_small"],
      ["          ", "too_small"],
      ["x".repeat(1001), "too_big"],
      ["", "required"],
      [undefined, "required"],
    ];
    for (const [password, code] of cases) {
      const response = await call(PASSWORD, { method: "PUT", cookie, json: { current: member.password, password } });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: "invalid_input", fields: { password: code } });
    }
    expect(await storedHash(member.id)).toBe(before);
  });

  it("is 403 when not logged in", async () => {
    const response = await call(PASSWORD, { method: "PUT", json: { current: "correct horse", password: "a new secret" } });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).error).toBe("not_logged_in");
  });
});
