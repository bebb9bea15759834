import { beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorSchema,
  BatchAnswerSchema,
  ChatsAnswerSchema,
  LikesAnswerSchema,
  SearchAnswerSchema,
  UserAnswerSchema,
} from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";

beforeAll(ensureSites);

const batchOf = (calls: string[]) => `/api/batch.php?${calls.map((c) => `call=${encodeURIComponent(c)}`).join("&")}`;

describe("batch.php", () => {
  it("answers each call exactly as it answers alone, for the session's member", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const cookie = await loginAs(ann);
    await call("/api/likes.php", { method: "POST", json: { profile: bob.id }, cookie });
    const calls = [
      "/api/user.php",
      "/api/likes.php",
      "/api/chats.php",
      "/api/search.php?country=NL&min_age=30&max_age=40&page=1",
    ];

    const response = await call(batchOf(calls), { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { answers } = BatchAnswerSchema.parse(await response.json());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(UserAnswerSchema.parse(answers[0]!.body).user.email).toBe(ann.email);
    expect(LikesAnswerSchema.parse(answers[1]!.body).profiles.map((p) => p.id)).toEqual([bob.id]);
    ChatsAnswerSchema.parse(answers[2]!.body);
    SearchAnswerSchema.parse(answers[3]!.body);

    const alone = await Promise.all(calls.map(async (path) => (await call(path, { cookie })).json()));
    expect(answers.map((a) => a.body)).toEqual(alone);
  });

  it("gives each call its own status: a visitor is refused member calls and gets public ones", async () => {
    const response = await call(batchOf(["/api/user.php", "/api/companyinfo.php", "/api/nothing.php"]));
    expect(response.status).toBe(200);
    const { answers } = BatchAnswerSchema.parse(await response.json());
    expect(answers.map((a) => a.status)).toEqual([403, 200, 404]);
    expect(ApiErrorSchema.parse(answers[0]!.body).error).toBe("not_logged_in");
    expect(ApiErrorSchema.parse(answers[2]!.body).error).toBe("not_found");
  });

  it("answers a call's bad input with that call's 422", async () => {
    const cookie = await loginAs(await createMember());
    const { answers } = BatchAnswerSchema.parse(
      await (await call(batchOf(["/api/user.php", "/api/likes.php?list=mine"]), { cookie })).json(),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 422]);
    expect(ApiErrorSchema.parse(answers[1]!.body).fields).toEqual({ list: expect.any(String) });
  });

  it("refuses what is not a batch of the API's GET calls, with one 422", async () => {
    const cookie = await loginAs(await createMember());
    const refused = [
      "/api/batch.php",
      [],
      Array.from({ length: 9 }, () => "/api/user.php"),
      ["/api/user.php", "/api/batch.php?call=/api/user.php"],
      ["/api/logout.php"],
      ["/api/live.php"],
      ["/api/staff/host_live.php"],
      ["/api/activate.php?token=x"],
      ["/api/xcams/redirect.php?account=demo-1"],
      ["/api/resellpartner.php?flow=profile-search&redirect=1"],
      ["/API/user.php"],
      ["/api/images/1/photo.jpg"],
      ["https://elsewhere.example/api/user.php"],
      ["//elsewhere.example/api/user.php"],
      ["/api/../_dev/mailbox.php"],
      ["/home"],
      ["/api/user.php#x"],
      ["x".repeat(3000)],
    ];
    for (const calls of refused) {
      const path = typeof calls === "string" ? calls : batchOf(calls);
      const response = await call(path, { cookie });
      expect(response.status, path.slice(0, 120)).toBe(422);
      expect(ApiErrorSchema.parse(await response.json()).error).toBe("invalid_input");
    }
    const posted = await call(batchOf(["/api/user.php"]), { method: "POST", cookie });
    expect(posted.status).toBe(405);
  });

  it("runs each call with the batch's own session: another member's data stays theirs", async () => {
    const ann = await createMember();
    const bob = await createMember();
    const [annCookie, bobCookie] = [await loginAs(ann), await loginAs(bob)];
    const batchFor = async (cookie: string) =>
      BatchAnswerSchema.parse(await (await call(batchOf(["/api/user.php", "/api/likes.php"]), { cookie })).json());
    const [forAnn, forBob] = await Promise.all([batchFor(annCookie), batchFor(bobCookie)]);
    expect(UserAnswerSchema.parse(forAnn.answers[0]!.body).user.email).toBe(ann.email);
    expect(UserAnswerSchema.parse(forBob.answers[0]!.body).user.email).toBe(bob.email);
  });
});
