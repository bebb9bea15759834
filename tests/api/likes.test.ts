import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorSchema,
  LikeRecordSchema,
  LikesAnswerSchema,
  MemberAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

describe("likes", () => {
  it("a like shows on my profiles and, as new, on the other member's liked_by; opening my profile marks it seen", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const annCookie = await loginAs(ann);
    const bobCookie = await loginAs(bob);

    const like = await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie: annCookie });
    expect(LikeRecordSchema.parse(await like.json())).toEqual({ id: bob.id, did_like_profile: true, mutual: false });

    const mine = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: annCookie })).json());
    expect(mine.profiles.map((p) => p.id)).toEqual([bob.id]);
    expect(mine.profiles[0]!.liked).toBe(true);

    const theirs = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: bobCookie })).json());
    expect(theirs.liked_by).toEqual([expect.objectContaining({ id: ann.id, like_new: true })]);
    // Only who likes the member (the home): the same liked_by, and not the member's own likes.
    const annOnly = LikesAnswerSchema.parse(await (await call("/api/likes.php?list=liked_by", { cookie: annCookie })).json());
    expect(annOnly).toEqual({ profiles: [], liked_by: [] });
    const bobOnly = LikesAnswerSchema.parse(await (await call("/api/likes.php?list=liked_by", { cookie: bobCookie })).json());
    expect(bobOnly.liked_by).toEqual(theirs.liked_by);
    for (const bad of ["mine", "", "liked_by,profiles"]) {
      const refused = await call(`/api/likes.php?list=${encodeURIComponent(bad)}`, { cookie: bobCookie });
      expect(refused.status, bad).toBe(422);
      expect(ApiErrorSchema.parse(await refused.json()).error).toBe("invalid_input");
    }
    const bobUser = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: bobCookie })).json());
    expect(bobUser.user.new_likes).toBe(1);

    await call(`/api/profile.php?id=${ann.id}`, { cookie: bobCookie });
    const seen = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: bobCookie })).json());
    expect(seen.liked_by[0]!.like_new).toBe(false);
    expect(UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: bobCookie })).json()).user.new_likes).toBe(0);
  });

  it("the new-likes count and the liked_by list count the same likes: not from an unconfirmed or blocked member (issue 29 point 19)", async () => {
    const bob = await createMember();
    const unfinished = await createMember();
    const blocked = await createMember();
    const ann = await createMember();
    const bobCookie = await loginAs(bob);
    for (const liker of [unfinished, blocked, ann]) {
      const like = await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie: await loginAs(liker) });
      expect(like.status).toBe(200);
    }
    // One liker has not finished sign-up (unconfirmed), one is blocked by Bob.
    await env.DB.prepare("UPDATE members SET status = 'not_confirmed' WHERE id = ?").bind(unfinished.id).run();
    await env.DB.prepare("INSERT INTO blocks (member_id, blocked_id, created_at) VALUES (?, ?, ?)")
      .bind(bob.id, blocked.id, Date.now())
      .run();
    const list = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: bobCookie })).json());
    expect(list.liked_by.map((p) => p.id)).toEqual([ann.id]);
    const user = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: bobCookie })).json()).user;
    expect(user.new_likes).toBe(list.liked_by.filter((p) => p.like_new).length);
    expect(user.new_likes).toBe(1);
    // Once the unfinished member confirms, the like counts in both.
    await env.DB.prepare("UPDATE members SET status = 'active' WHERE id = ?").bind(unfinished.id).run();
    const after = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie: bobCookie })).json());
    expect(after.liked_by.map((p) => p.id).sort()).toEqual([ann.id, unfinished.id].sort());
    const userAfter = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: bobCookie })).json()).user;
    expect(userAfter.new_likes).toBe(2);
  });

  it("a like back is a match: mutual only for the second like, and only while both likes stand", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const annCookie = await loginAs(ann);
    const bobCookie = await loginAs(bob);
    const first = await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie: annCookie });
    expect(LikeRecordSchema.parse(await first.json()).mutual).toBe(false);
    const back = await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie: bobCookie });
    expect(LikeRecordSchema.parse(await back.json())).toEqual({ id: ann.id, did_like_profile: true, mutual: true });
    await call("/api/likes.php", { method: "DELETE", json: { profile: bob.id }, cookie: annCookie });
    const again = await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie: bobCookie });
    expect(LikeRecordSchema.parse(await again.json()).mutual).toBe(false);
  });

  it("liking twice and unliking twice are harmless", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const cookie = await loginAs(ann);
    for (let i = 0; i < 2; i++) {
      expect((await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie })).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const unlike = await call("/api/likes.php", { method: "DELETE", json: { profile: bob.id }, cookie });
      expect(LikeRecordSchema.parse(await unlike.json())).toEqual({ id: bob.id, did_like_profile: false, mutual: false });
    }
    const mine = LikesAnswerSchema.parse(await (await call("/api/likes.php", { cookie })).json());
    expect(mine.profiles).toEqual([]);
  });

  it("refuses liking yourself, a missing profile, a bad id and visitors", async () => {
    const ann = await createMember();
    const cookie = await loginAs(ann);
    const self = await call("/api/likes.php", { method: "POST", json: { profile: ann.id }, cookie });
    expect(self.status).toBe(422);
    expect(ApiErrorSchema.parse(await self.json()).error).toBe("cannot_like_self");
    const missing = await call("/api/likes.php", { method: "POST", json: { profile: 99_999_999 }, cookie });
    expect(missing.status).toBe(404);
    expect(ApiErrorSchema.parse(await missing.json()).error).toBe("profile_not_found");
    const bad = await call("/api/likes.php", { method: "POST", json: { profile: "abc" }, cookie });
    expect(bad.status).toBe(422);
    const visitor = await call("/api/likes.php", { method: "POST", json: { profile: ann.id } });
    expect(visitor.status).toBe(403);
    expect((await call("/api/likes.php")).status).toBe(403);
  });
});

describe("GET /api/profile.php", () => {
  it("answers a member's page, with the age but not the birth date", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const answer = MemberAnswerSchema.parse(
      await (await call(`/api/profile.php?id=${bob.id}`, { cookie: await loginAs(ann) })).json(),
    );
    expect(answer.profile).toMatchObject({ id: bob.id, name: "Tess", liked: false, date_of_birth: null });
    expect(answer.profile.age).toBeGreaterThan(30);
  });

  it("never shows whom a member is interested in to others, only to the member (issue 16)", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const bobCookie = await loginAs(bob);
    await call("/api/user.php", { method: "PUT", json: { interested_in: "everyone" }, cookie: bobCookie });
    const seenByAnn = MemberAnswerSchema.parse(
      await (await call(`/api/profile.php?id=${bob.id}`, { cookie: await loginAs(ann) })).json(),
    );
    expect(seenByAnn.profile.interested_in).toBeNull();
    const seenByBob = MemberAnswerSchema.parse(await (await call(`/api/profile.php?id=${bob.id}`, { cookie: bobCookie })).json());
    expect(seenByBob.profile.interested_in).toBe("everyone");
  });

  it("answers 404 for a missing profile, one outside the site's countries, and 422 for a bad id", async () => {
    expect((await call("/api/profile.php?id=99999999")).status).toBe(404);
    const outside = await createMember({ siteId: 1 }); // NL: not a country of the 127.0.0.1 site? it is: NL is served there
    expect((await call(`/api/profile.php?id=${outside.id}`, { host: "127.0.0.1" })).status).toBe(200);
    expect((await call("/api/profile.php?id=abc")).status).toBe(422);
    expect((await call("/api/profile.php")).status).toBe(422);
  });
});
