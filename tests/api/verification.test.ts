/**
 * Photo verification, the member's side (issue 30 point 1, ADR 059) on real D1 and R2: asking
 * shows a pose (a main photo needed), asking again keeps it, ten asks at once open one request;
 * the selfie must show the open request's pose, is checked as profile photos are, and ten uploads
 * at once take one; bad input is refused with a code, never a 500.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { UserAnswerSchema } from "../../contract/schemas";
import { VERIFICATION_POSES } from "../../contract/verification";
import { count, errorOf } from "./chat-helpers";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { encode } from "./profile-image-helpers";
import { ask, memberWithPhoto, SELFIE, selfieForm, sendSelfie, STATE, stateOf } from "./verification-helpers";

beforeAll(ensureSites);

const openRequests = (memberId: number) =>
  count("SELECT COUNT(*) AS n FROM verifications WHERE member_id = ? AND state IN ('posed', 'pending')", memberId);

async function selfieKeyOf(memberId: number) {
  const row = await env.DB.prepare("SELECT selfie_key FROM verifications WHERE member_id = ? ORDER BY id DESC LIMIT 1")
    .bind(memberId)
    .first<{ selfie_key: string | null }>();
  return row?.selfie_key ?? null;
}

describe("photo verification: the member", () => {
  it("needs a login, and a main photo to compare with", async () => {
    await errorOf(await call(STATE), 403, "not_logged_in");
    await errorOf(await call(STATE, { method: "POST" }), 403, "not_logged_in");
    const member = await createMember();
    const cookie = await loginAs(member);
    expect(await stateOf(cookie)).toMatchObject({ state: "none", verified: false, pose: null, has_photo: false });
    await errorOf(await call(STATE, { method: "POST", cookie }), 422, "verification_needs_photo");
    expect(await openRequests(member.id)).toBe(0);
  });

  it("shows a pose, keeps it when asked again, and opens one request for ten asks at once", async () => {
    const member = await memberWithPhoto();
    const asked = await Promise.all(Array.from({ length: 10 }, () => call(STATE, { method: "POST", cookie: member.cookie })));
    expect(asked.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(await openRequests(member.id)).toBe(1);
    const state = await stateOf(member.cookie);
    expect(state.state).toBe("posed");
    expect(VERIFICATION_POSES).toContain(state.pose);
    expect((await ask(member.cookie)).pose).toBe(state.pose);
  });

  it("takes a selfie in the open request's pose only; it is kept in R2 away from the public photo path", async () => {
    const member = await memberWithPhoto();
    // No request yet: nothing to take.
    await errorOf(await sendSelfie(member.cookie, selfieForm("wave")), 409, "verification_pose_mismatch");
    const { pose } = await ask(member.cookie);
    const other = VERIFICATION_POSES.find((p) => p !== pose)!;
    await errorOf(await sendSelfie(member.cookie, selfieForm(other)), 409, "verification_pose_mismatch");
    const sent = await sendSelfie(member.cookie, selfieForm(pose!));
    expect(sent.status).toBe(201);
    expect(await stateOf(member.cookie)).toMatchObject({ state: "pending", pose });
    const key = (await selfieKeyOf(member.id))!;
    expect(key).toMatch(/^verification\//);
    expect(await env.PHOTOS.get(key)).not.toBeNull();
    // Not reachable as a photo, by its key or its name.
    expect((await call(`/api/images/${key}`)).status).toBe(404);
    expect((await call(`/api/images/${key.replace("verification/", "")}`)).status).toBe(404);
    // A second selfie for the same request is refused: it waits for a moderator.
    await errorOf(await sendSelfie(member.cookie, selfieForm(pose!)), 409, "verification_pose_mismatch");
    // Asking again while it waits changes nothing.
    expect(await ask(member.cookie)).toMatchObject({ state: "pending", pose });
  });

  it("refuses bad input with a code: no file, not an image, no pose, an unknown pose, not multipart", async () => {
    const member = await memberWithPhoto();
    const { pose } = await ask(member.cookie);
    const noFile = new FormData();
    noFile.set("pose", pose!);
    const body = await errorOf(await sendSelfie(member.cookie, noFile), 422, "invalid_input");
    expect(body.fields?.file).toBe("required");
    await errorOf(await sendSelfie(member.cookie, selfieForm(pose!, "not an image at all")), 415, "unsupported_image");
    const noPose = selfieForm(pose!);
    noPose.delete("pose");
    expect((await errorOf(await sendSelfie(member.cookie, noPose), 422, "invalid_input")).fields?.pose).toBeDefined();
    await errorOf(await sendSelfie(member.cookie, selfieForm("x".repeat(5000))), 422, "invalid_input");
    await errorOf(
      await call(SELFIE, { method: "POST", cookie: member.cookie, json: { pose, file: "abc" } }),
      422,
      "invalid_input",
    );
    // A PNG is taken (and stored as a JPEG).
    expect((await sendSelfie(member.cookie, selfieForm(pose!, encode(40, 40, "png")))).status).toBe(201);
  });

  it("ten uploads at once take one selfie and leave one file", async () => {
    const member = await memberWithPhoto();
    const { pose } = await ask(member.cookie);
    const sent = await Promise.all(Array.from({ length: 10 }, () => sendSelfie(member.cookie, selfieForm(pose!))));
    const statuses = sent.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const listed = await env.PHOTOS.list({ prefix: `verification/u${member.id}-` });
    expect(listed.objects.map((o) => o.key)).toEqual([await selfieKeyOf(member.id)]);
  });

  it("keeps the choice 'only verified members can write to me'", async () => {
    const member = await memberWithPhoto();
    const put = (body: unknown) => call(STATE, { method: "PUT", cookie: member.cookie, json: body });
    expect((await put({ verified_writers_only: true })).status).toBe(200);
    expect((await stateOf(member.cookie)).verified_writers_only).toBe(true);
    const user = UserAnswerSchema.parse(await (await call("/api/user.php", { cookie: member.cookie })).json());
    expect(user.user.visibility.verified_writers_only).toBe(true);
    expect((await put({ verified_writers_only: "0" })).status).toBe(200);
    expect((await stateOf(member.cookie)).verified_writers_only).toBe(false);
    await errorOf(await put({ verified_writers_only: "yes" }), 422, "invalid_input");
    await errorOf(await put({}), 422, "invalid_input");
  });
});
