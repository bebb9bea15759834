/**
 * Photo upload (POST profileimage.php, ADR 007): what an upload stores (rows, both sizes in R2, the
 * main image), what it refuses (not an image, over 10 MB, no file, a visitor, a 13th photo), and
 * whose account it lands on.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, ProfileImageAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { UPLOAD, encode, form, upload, stored, size, largeKey } from "./profile-image-helpers";

beforeAll(ensureSites);

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

async function memberRow(id: number) {
  return env.DB.prepare("SELECT main_image_id FROM members WHERE id = ?").bind(id).first<{ main_image_id: number | null }>();
}

async function imageRows(memberId: number) {
  const { results } = await env.DB.prepare(
    "SELECT id, member_id, filename, position FROM images WHERE member_id = ? ORDER BY position",
  )
    .bind(memberId)
    .all<{ id: number; member_id: number; filename: string; position: number }>();
  return results;
}

async function errorOf(response: Response) {
  return ApiErrorSchema.parse(await response.json());
}

describe("POST /api/profileimage.php", () => {
  it("takes a PNG and a JPEG: 201, rows, both sizes in R2 as JPEG, main image set by the first only", async () => {
    const ann = await createMember();
    const cookie = await loginAs(ann);

    const first = await upload(cookie, form(encode(30, 20, "png"), "me.png", "image/png"));
    expect(first.status).toBe(201);
    const a = ProfileImageAnswerSchema.parse(await first.json());
    expect(a.image.thumb_filename).toMatch(new RegExp(`^u${ann.id}-[0-9a-f]+\\.jpg$`));
    expect(a.images).toEqual([a.image]);
    expect((await memberRow(ann.id))?.main_image_id).toBe(a.image.id);

    const second = await upload(cookie, form(encode(64, 48, "jpeg")));
    expect(second.status).toBe(201);
    const b = ProfileImageAnswerSchema.parse(await second.json());
    expect(b.image.id).not.toBe(a.image.id);
    expect(b.images).toEqual([a.image, b.image]);
    expect((await memberRow(ann.id))?.main_image_id).toBe(a.image.id);

    const rows = await imageRows(ann.id);
    expect(rows.map((r) => [r.id, r.filename])).toEqual([
      [a.image.id, a.image.thumb_filename],
      [b.image.id, b.image.thumb_filename],
    ]);
    expect(rows[1]!.position).toBe(rows[0]!.position + 1);

    for (const key of [
      a.image.thumb_filename,
      largeKey(a.image.thumb_filename),
      b.image.thumb_filename,
      largeKey(b.image.thumb_filename),
    ]) {
      const object = await stored(key);
      expect(object.contentType).toBe("image/jpeg");
      expect(isJpeg(object.bytes)).toBe(true);
    }
    // Small photos keep their size; the PNG's colour survives the trip.
    const png = size((await stored(a.image.thumb_filename)).bytes);
    expect([png.width, png.height]).toEqual([30, 20]);
    expect(png.rgba[0]).toBeGreaterThan(170);
    expect(png.rgba[1]).toBeLessThan(70);

    // And the images route serves them.
    const served = await call(`/api/images/${b.image.thumb_filename}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
  });

  it("judges by the bytes: a text file named photo.jpg, and image-looking bytes that do not decode, are 415", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const text = await upload(cookie, form("just some text, honestly", "photo.jpg", "image/jpeg"));
    expect(text.status).toBe(415);
    expect((await errorOf(text)).error).toBe("unsupported_image");

    const fakeJpeg = new Uint8Array(2000).fill(0x41);
    fakeJpeg.set([0xff, 0xd8, 0xff, 0xe0]);
    const badJpeg = await upload(cookie, form(fakeJpeg));
    expect(badJpeg.status).toBe(415);
    expect((await errorOf(badJpeg)).error).toBe("unsupported_image");

    const fakePng = encode(30, 20, "png").slice(0, 60); // signature and header, then nothing
    const badPng = await upload(cookie, form(fakePng, "x.png", "image/png"));
    expect(badPng.status).toBe(415);
    expect((await errorOf(badPng)).error).toBe("unsupported_image");

    // The decoder recovers after a bad file, and none of them left a row.
    expect((await upload(cookie, form(encode(16, 16, "jpeg")))).status).toBe(201);
    expect(await imageRows(member.id)).toHaveLength(1);
  });

  it("refuses more than 10 MB: a 20 MB file, a Content-Length that announces it, and one that lies", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const big = new Uint8Array(20 * 1024 * 1024);
    big.set(encode(16, 16, "jpeg")); // a real JPEG start, so only the size can be wrong

    const plain = await upload(cookie, form(big));
    expect(plain.status).toBe(413);
    expect((await errorOf(plain)).error).toBe("file_too_large");

    // Announced: answered from the header, the body is never read.
    let pulled = false;
    const announced = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(new Uint8Array(1024 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    const early = await upload(cookie, announced, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(20 * 1024 * 1024),
    });
    expect(early.status).toBe(413);
    expect(pulled).toBe(false);

    // A lie: a small Content-Length on a 20 MB body (a stream, so nothing corrects the header).
    const request = new Request("http://x", { method: "POST", body: form(big) });
    const lying = await upload(cookie, request.body!, {
      "content-type": request.headers.get("content-type")!,
      "content-length": "1000",
    });
    expect(lying.status).toBe(413);

    // The whole body counts, not only the file: a small photo with 11 MB of other fields.
    const padded = form(encode(16, 16, "jpeg"));
    padded.set("padding", "x".repeat(11 * 1024 * 1024));
    const paddedRequest = new Request("http://x", { method: "POST", body: padded });
    const stuffed = await upload(cookie, paddedRequest.body!, {
      "content-type": paddedRequest.headers.get("content-type")!,
      "content-length": "1000",
    });
    expect(stuffed.status).toBe(413);

    // Just over the limit in the file itself, though the whole body fits the multipart slack.
    const over = await upload(cookie, form(big.subarray(0, 10 * 1024 * 1024 + 1)));
    expect(over.status).toBe(413);
    expect(await imageRows(member.id)).toEqual([]);
  });

  it("wants a file: none, an empty one, a text field, or no multipart at all are 422", async () => {
    const cookie = await loginAs(await createMember());
    const none = new FormData();
    none.set("other", "x");
    const textField = new FormData();
    textField.set("file", "not a file");
    for (const body of [none, form(new Uint8Array(0)), textField]) {
      const response = await upload(cookie, body);
      expect(response.status).toBe(422);
      const error = await errorOf(response);
      expect(error.error).toBe("invalid_input");
      expect(error.fields).toEqual({ file: "required" });
    }
    const json = await call(UPLOAD, { method: "POST", json: { file: "x" }, cookie });
    expect(json.status).toBe(422);
    expect((await errorOf(json)).fields).toEqual({ file: "required" });
    const broken = await upload(cookie, "--x\r\nnot really", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken.status).toBe(422);
    expect((await errorOf(broken)).error).toBe("invalid_input");
  });

  it("needs a logged-in member", async () => {
    const response = await upload(undefined, form(encode(16, 16, "jpeg")));
    expect(response.status).toBe(403);
    expect((await errorOf(response)).error).toBe("not_logged_in");
    expect((await call(UPLOAD, { method: "POST", body: form(encode(16, 16, "jpeg")), cookie: "sid=forged" })).status).toBe(403);
  });

  it("puts the photo on the uploader's own account, whatever else the form says", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const body = form(encode(16, 16, "jpeg"));
    body.set("member_id", String(bob.id));
    body.set("id", String(bob.id));
    const response = await upload(await loginAs(ann), body);
    expect(response.status).toBe(201);
    const { image } = ProfileImageAnswerSchema.parse(await response.json());
    expect((await imageRows(ann.id)).map((r) => r.id)).toEqual([image.id]);
    expect(await imageRows(bob.id)).toEqual([]);
    expect((await memberRow(bob.id))?.main_image_id).toBeNull();
    expect(image.thumb_filename.startsWith(`u${ann.id}-`)).toBe(true);
  });

  it("allows 12 photos; the 13th is 422 and leaves nothing behind", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 11; i++) {
      await env.DB.prepare("INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, ?, ?)")
        .bind(member.id, `seeded-${member.id}-${i}.jpg`, i, Date.now())
        .run();
    }
    const twelfth = await upload(cookie, form(encode(16, 16, "jpeg")));
    expect(twelfth.status).toBe(201);
    const answer = ProfileImageAnswerSchema.parse(await twelfth.json());
    expect(answer.images).toHaveLength(12);
    expect(answer.images.at(-1)).toEqual(answer.image);

    const thirteenth = await upload(cookie, form(encode(16, 16, "jpeg")));
    expect(thirteenth.status).toBe(422);
    expect((await errorOf(thirteenth)).error).toBe("too_many_images");
    expect(await imageRows(member.id)).toHaveLength(12);
    const objects = await env.PHOTOS.list({ prefix: `u${member.id}-` });
    expect(objects.objects.map((o) => o.key).sort()).toEqual(
      [answer.image.thumb_filename, largeKey(answer.image.thumb_filename)].sort(),
    );
  });

  it("two uploads at once at 11 photos: one lands, the other is too_many_images", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (let i = 0; i < 11; i++) {
      await env.DB.prepare("INSERT INTO images (member_id, filename, position, created_at) VALUES (?, ?, ?, ?)")
        .bind(member.id, `seeded-${member.id}-${i}.jpg`, i, Date.now())
        .run();
    }
    const answers = await Promise.all([0, 1].map(() => upload(cookie, form(encode(600, 400, "jpeg")))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await imageRows(member.id)).toHaveLength(12);
    const objects = await env.PHOTOS.list({ prefix: `u${member.id}-` });
    expect(objects.objects).toHaveLength(2); // the loser's files were removed again
  });
});
