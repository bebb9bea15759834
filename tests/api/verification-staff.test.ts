/**
 * Photo verification, the staff's side (issue 30 point 1, ADR 059) on real D1 and R2: moderators
 * of the member's site see the pending selfie and decide once (ten approvals at once: one); the
 * member, a host or another site's staff cannot; the selfie is deleted once decided; a refusal
 * carries its reason to the member, and a refused selfie cannot be reused (a new request has
 * a new pose and needs a new upload); the badge goes with the main photo; "verified only" in the
 * search; "only verified members can write to me" refuses a first message; the transparency
 * report counts the decisions.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { NotificationsAnswerSchema, SearchAnswerSchema, UserAnswerSchema } from "../../contract/schemas";
import { TransparencyAnswerSchema } from "../../contract/transparency";
import { StaffVerificationsAnswerSchema, VERIFICATION_POSES } from "../../contract/verification";
import { answer, chatId, count, errorOf, newKey, send, SITE2 } from "./chat-helpers";
import { call, ensureSites } from "./helpers";
import { createStaff, staffLogin } from "./staff-helpers";
import { ask, memberWithPhoto, pendingMember, selfieForm, sendSelfie, stateOf } from "./verification-helpers";

beforeAll(ensureSites);

const DECIDE = "/api/staff/verification.php";
const decide = (cookie: string, body: unknown) => call(DECIDE, { method: "POST", cookie, json: body });

async function requestOf(memberId: number) {
  return (await env.DB.prepare("SELECT id, selfie_key FROM verifications WHERE member_id = ? ORDER BY id DESC LIMIT 1")
    .bind(memberId)
    .first<{ id: number; selfie_key: string | null }>())!;
}

async function queue(cookie: string) {
  return answer(await call("/api/staff/verifications.php", { cookie }), 200, StaffVerificationsAnswerSchema);
}

const moderator = async (siteId: number | null = 1) => staffLogin(await createStaff({ siteId }));

describe("photo verification: the staff", () => {
  it("lists the pending selfie for the member's site with the profile photos, and serves it to them only", async () => {
    const member = await pendingMember();
    const request = await requestOf(member.id);
    const mod = await moderator(1);
    const item = (await queue(mod)).items.find((i) => i.id === request.id);
    expect(item).toMatchObject({ member: { id: member.id }, pose: member.pose });
    expect(item?.photos[0]?.main).toBe(true);
    const selfie = await call(`/api/staff/verification-selfie.php?id=${request.id}`, { cookie: mod });
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get("content-type")).toBe("image/jpeg");
    expect(selfie.headers.get("cache-control")).toContain("no-store");
    // Another site's moderator: not in their queue, and 404 as if absent.
    const other = await moderator(2);
    expect((await queue(other)).items.some((i) => i.id === request.id)).toBe(false);
    await errorOf(await call(`/api/staff/verification-selfie.php?id=${request.id}`, { cookie: other }), 404, "not_found");
    // Platform staff see every site.
    expect((await queue(await moderator(null))).items.some((i) => i.id === request.id)).toBe(true);
  });

  it("cannot be approved by the member, a host, or staff of another site; bad input is refused", async () => {
    const member = await pendingMember();
    const request = await requestOf(member.id);
    await errorOf(await decide(member.cookie, { id: request.id, action: "approve" }), 403, "staff_only");
    await errorOf(
      await call(DECIDE, { method: "POST", json: { id: request.id, action: "approve" } }),
      401,
      "staff_login_required",
    );
    const host = await createStaff({ siteId: 1 });
    await env.DB.prepare("UPDATE staff SET role = 'host' WHERE id = ?").bind(host.id).run();
    await errorOf(await decide(await staffLogin(host), { id: request.id, action: "approve" }), 403, "staff_role");
    await errorOf(await decide(await moderator(2), { id: request.id, action: "approve" }), 404, "not_found");
    const mod = await moderator(1);
    await errorOf(await decide(mod, { id: request.id, action: "refuse" }), 422, "invalid_input");
    await errorOf(await decide(mod, { id: request.id, action: "refuse", reason: "ugly" }), 422, "invalid_input");
    await errorOf(
      await decide(mod, { id: request.id, action: "refuse", reason: "other", note: "n".repeat(501) }),
      422,
      "invalid_input",
    );
    await errorOf(await decide(mod, { id: "abc", action: "approve" }), 422, "invalid_input");
    await errorOf(await decide(mod, { id: request.id, action: "ban" }), 422, "invalid_input");
    await errorOf(await decide(mod, { id: 999_999_999, action: "approve" }), 404, "not_found");
    expect((await stateOf(member.cookie)).state).toBe("pending");
  });

  it("approves once for ten at once: verified, the selfie deleted, one notice, the badge on card and profile", async () => {
    const member = await pendingMember();
    const request = await requestOf(member.id);
    const mod = await moderator(1);
    const decided = await Promise.all(Array.from({ length: 10 }, () => decide(mod, { id: request.id, action: "approve" })));
    const statuses = decided.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await stateOf(member.cookie)).toMatchObject({ state: "approved", verified: true });
    expect(await env.PHOTOS.get(request.selfie_key!)).toBeNull();
    expect((await requestOf(member.id)).selfie_key).toBeNull();
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE member_id = ? AND kind = 'verification_approved'", member.id),
    ).toBe(1);
    const notes = await answer(await call("/api/notifications.php", { cookie: member.cookie }), 200, NotificationsAnswerSchema);
    expect(notes.notifications.some((n) => n.type === "account" && n.kind === "verification_approved")).toBe(true);
    const user = await answer(await call("/api/user.php", { cookie: member.cookie }), 200, UserAnswerSchema);
    expect(user.user.profile.verified).toBe(true);
    // The search: "verified only" finds them; the card says so.
    const viewer = await memberWithPhoto();
    const found = await answer(
      await call("/api/search.php?gender=female&country=NL&min_age=18&max_age=99&pp=48&verified=1", { cookie: viewer.cookie }),
      200,
      SearchAnswerSchema,
    );
    expect(found.profiles.length).toBeGreaterThan(0);
    expect(found.profiles.every((p) => p.verified)).toBe(true);
    expect(found.profiles.some((p) => p.id === member.id)).toBe(true);
    // A new main photo drops the badge until verified again.
    const another = new FormData();
    another.set("file", selfieForm("wave").get("file")!);
    const uploaded = await call("/api/profileimage.php", { method: "POST", body: another, cookie: member.cookie });
    const images = (await uploaded.json()) as { image: { id: number } };
    expect(
      (await call("/api/profileimage.php", { method: "PUT", cookie: member.cookie, json: { id: images.image.id, main: true } }))
        .status,
    ).toBe(200);
    expect(await stateOf(member.cookie)).toMatchObject({ state: "none", verified: false });
    const again = await answer(
      await call("/api/search.php?gender=female&country=NL&min_age=18&max_age=99&pp=48&verified=1", { cookie: viewer.cookie }),
      200,
      SearchAnswerSchema,
    );
    expect(again.profiles.some((p) => p.id === member.id)).toBe(false);
  });

  it("refuses with a reason the member sees; the refused selfie cannot be reused: a new pose, a new upload", async () => {
    const member = await pendingMember();
    const request = await requestOf(member.id);
    const mod = await moderator(1);
    const refused = await decide(mod, {
      id: request.id,
      action: "refuse",
      reason: "wrong_pose",
      note: "  Raise your hand higher.\r\n ",
    });
    expect(refused.status).toBe(201);
    await errorOf(await decide(mod, { id: request.id, action: "approve" }), 409, "already_decided");
    expect(await stateOf(member.cookie)).toMatchObject({
      state: "refused",
      verified: false,
      reason: "wrong_pose",
      note: "Raise your hand higher.",
      pose: member.pose,
    });
    expect(await env.PHOTOS.get(request.selfie_key!)).toBeNull();
    expect(
      await count("SELECT COUNT(*) AS n FROM notices WHERE member_id = ? AND kind = 'verification_refused'", member.id),
    ).toBe(1);
    // The old pose's selfie is refused: no open request for it.
    await errorOf(await sendSelfie(member.cookie, selfieForm(member.pose)), 409, "verification_pose_mismatch");
    const next = await ask(member.cookie);
    expect(next.state).toBe("posed");
    expect(next.pose).not.toBe(member.pose);
    expect(VERIFICATION_POSES).toContain(next.pose);
    await errorOf(await sendSelfie(member.cookie, selfieForm(member.pose)), 409, "verification_pose_mismatch");
    expect((await sendSelfie(member.cookie, selfieForm(next.pose!))).status).toBe(201);
    expect((await stateOf(member.cookie)).state).toBe("pending");
  });

  it("'only verified members can write to me' refuses an unverified member's first message, not a verified one's", async () => {
    const recipient = await memberWithPhoto();
    expect(
      (await call("/api/verification.php", { method: "PUT", cookie: recipient.cookie, json: { verified_writers_only: true } }))
        .status,
    ).toBe(200);
    const writer = await pendingMember({ credits: 100 });
    const conversation = await chatId(writer.cookie, recipient.id);
    const refused = await errorOf(
      await send(writer.cookie, { conversation, text: "Hello!", key: newKey() }),
      403,
      "verified_writers_only",
    );
    expect(refused.fields?.text).toBe("verified_writers_only");
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE conversation_id = ?", conversation)).toBe(0);
    const request = await requestOf(writer.id);
    expect((await decide(await moderator(1), { id: request.id, action: "approve" })).status).toBe(201);
    const sent = await send(writer.cookie, { conversation, text: "Hello!", key: newKey() });
    expect(sent.status, await sent.clone().text()).not.toBe(403);
  });

  it("another site's member is decided by that site's staff; the transparency report counts the decisions", async () => {
    const member = await pendingMember({ siteId: 2, host: SITE2 });
    const request = await requestOf(member.id);
    await errorOf(await decide(await moderator(1), { id: request.id, action: "approve" }), 404, "not_found");
    expect((await decide(await moderator(2), { id: request.id, action: "refuse", reason: "photo_unclear" })).status).toBe(201);
    const admin = await staffLogin(await createStaff({ siteId: null, role: "admin" }));
    const today = new Date().toISOString().slice(0, 10);
    const report = await answer(
      await call(`/api/staff/transparency.php?from=${today}&to=${today}&site=2`, { cookie: admin }),
      200,
      TransparencyAnswerSchema,
    );
    expect(report.verifications?.refused).toBeGreaterThanOrEqual(1);
    const csv = await (
      await call(`/api/staff/transparency.php?from=${today}&to=${today}&site=2&format=csv`, { cookie: admin })
    ).text();
    expect(csv).toContain("verifications,refused");
  });
});
