/**
 * Throwaway mail services (issue 30 point 3, ADR 056) on real D1: sign-up (POST user.php?new=1),
 * the step-7 correction of an unconfirmed address (PUT user.php) and the mail change (POST
 * mail_change.php) refuse an address at a listed domain or under one, in any case, with 422
 * email_disposable beside the field email, and store nothing; ordinary providers go through.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs } from "./helpers";
import { freshEmail, newIp, postSignup, signUp, validBody } from "./signup-helpers";
import { requestChange } from "./account-lifecycle-helpers";

beforeAll(ensureSites);

const THROWAWAY = [
  "mailinator.com",
  "MAILINATOR.COM",
  "x.mailinator.com",
  "guerrillamail.com",
  "sub.GuerrillaMail.de",
  "yopmail.com",
];

async function refusedAsDisposable(response: Response) {
  expect(response.status).toBe(422);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe("email_disposable");
  expect(body.fields).toEqual({ email: "email_disposable" });
}

const accountsWith = (email: string) =>
  env.DB.prepare("SELECT COUNT(*) AS n FROM members WHERE email = ?")
    .bind(email.toLowerCase())
    .first<{ n: number }>()
    .then((row) => row!.n);

describe("sign-up (POST /api/user.php?new=1)", () => {
  it("refuses throwaway domains, in any case and under subdomains, and makes no account", async () => {
    for (const domain of THROWAWAY) {
      const ip = newIp();
      const email = freshEmail(domain, "throwaway");
      // The address check does not refuse (its statuses are the spec's); the sign-up does.
      const body = await validBody({ ip, email });
      await refusedAsDisposable(await postSignup(body, { ip }));
      expect(await accountsWith(email), domain).toBe(0);
    }
  });

  it("lets ordinary providers through", async () => {
    for (const domain of ["gmail.com", "outlook.com", "posteo.de"]) {
      const { user } = await signUp({ email: freshEmail(domain) });
      expect(user.email.endsWith(`@${domain}`)).toBe(true);
    }
  });
});

describe("changing the address", () => {
  it("the unconfirmed member's correction (PUT /api/user.php) refuses a throwaway address and keeps the old one", async () => {
    const { user, cookie } = await signUp();
    const response = await call("/api/user.php", { method: "PUT", cookie, json: { email: freshEmail("X.Mailinator.com") } });
    await refusedAsDisposable(response);
    const row = await env.DB.prepare("SELECT email FROM members WHERE id = ?").bind(user.profile.id).first<{ email: string }>();
    expect(row!.email).toBe(user.email);
    const ok = await call("/api/user.php", { method: "PUT", cookie, json: { email: freshEmail("gmail.com") } });
    expect(ok.status).toBe(200);
  });

  it("the mail change (POST /api/mail_change.php) refuses a throwaway address and stores no link", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    for (const domain of ["guerrillamail.com", "MAILINATOR.com", "a.b.mailinator.com"]) {
      await refusedAsDisposable(await requestChange(cookie, { email: freshEmail(domain), password: member.password }));
    }
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM email_changes WHERE member_id = ?")
      .bind(member.id)
      .first<{ n: number }>();
    expect(links!.n).toBe(0);
    const ok = await requestChange(cookie, { email: freshEmail("gmail.com"), password: member.password });
    expect(ok.status).toBe(200);
  });
});
