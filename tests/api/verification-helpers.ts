/** What the photo verification tests share (verification*.test.ts, ADR 059). */
import { expect } from "vitest";
import { VerificationAnswerSchema } from "../../contract/verification";
import { answer } from "./chat-helpers";
import { call, createMember, loginAs } from "./helpers";
import { encode, form, UPLOAD } from "./profile-image-helpers";

export const STATE = "/api/verification.php";
export const SELFIE = "/api/verification-selfie.php";

/** A member with a main photo, logged in. */
export async function memberWithPhoto(options: { siteId?: number; credits?: number; host?: string } = {}) {
  const member = await createMember({ siteId: options.siteId, credits: options.credits });
  const cookie = await loginAs(member, options.host);
  const uploaded = await call(UPLOAD, {
    method: "POST",
    body: form(encode(64, 64, "jpeg", [20, 120, 200])),
    cookie,
    host: options.host,
  });
  expect(uploaded.status).toBe(201);
  return { ...member, cookie };
}

export async function ask(cookie: string, host?: string) {
  return answer(await call(STATE, { method: "POST", cookie, host }), 201, VerificationAnswerSchema);
}

export async function stateOf(cookie: string, host?: string) {
  return answer(await call(STATE, { cookie, host }), 200, VerificationAnswerSchema);
}

/** The multipart body of a selfie in `pose` (`bytes`: a JPEG by default). */
export function selfieForm(pose: string, bytes: Uint8Array | string = encode(48, 64, "jpeg", [200, 160, 120])) {
  const data = form(bytes, "selfie.jpg");
  data.set("pose", pose);
  return data;
}

export const sendSelfie = (cookie: string, body: FormData, host?: string) => call(SELFIE, { method: "POST", body, cookie, host });

/** A member whose selfie waits for a moderator. */
export async function pendingMember(options: { siteId?: number; host?: string; credits?: number } = {}) {
  const member = await memberWithPhoto(options);
  const asked = await ask(member.cookie, options.host);
  const sent = await sendSelfie(member.cookie, selfieForm(asked.pose!), options.host);
  expect(sent.status, await sent.clone().text()).toBe(201);
  return { ...member, pose: asked.pose! };
}
