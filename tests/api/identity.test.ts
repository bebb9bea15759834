/**
 * Identity hygiene (issue 15, contract/rules/identity.ts): names and addresses in NFC; control,
 * bidi-override and zero-width characters refused in names and addresses at sign-up, on a name
 * change and on an address change; an address that differs from a known one only by such
 * characters is the same address.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiErrorSchema, CsrfAnswerSchema, EmailCheckSchema, UserAnswerSchema } from "../../contract/schemas";
import { call, createMember, ensureSites, loginAs, sessionCookie } from "./helpers";

beforeAll(ensureSites);

let n = 0;
const newIp = () => `10.15.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
const freshEmail = (prefix = "hygiene") => `${prefix}${Date.now()}x${++n}@example.com`;

async function csrf(ip: string) {
  return CsrfAnswerSchema.parse(await (await call("/api/csrf.php", { headers: { "x-client-ip": ip } })).json()).csrf;
}

async function check(email: string, ip = newIp()) {
  const response = await call(`/api/validate_email.php?email=${encodeURIComponent(email)}`, { headers: { "x-client-ip": ip } });
  expect(response.status).toBe(200);
  return EmailCheckSchema.parse(await response.json());
}

/** Posts a sign-up whose email check was made for `checkedEmail` (the address as the server cleaned it). */
async function signUp(fields: { email: string; name: string; checkedEmail?: string }) {
  const ip = newIp();
  const token = (await check(fields.checkedEmail ?? fields.email, ip)).token;
  return call("/api/user.php?new=1", {
    method: "POST",
    headers: { "x-client-ip": ip },
    json: { email: fields.email, name: fields.name, password: "secret password", language: "en", csrf: await csrf(ip), token },
  });
}

async function expectRefused(response: Response, field: string) {
  expect(response.status).toBe(422);
  const body = ApiErrorSchema.parse(await response.json());
  expect(body.error).toBe("invalid_input");
  expect(body.fields?.[field]).toBe("invisible_characters");
}

const row = async (id: number) =>
  (await env.DB.prepare("SELECT name, email FROM members WHERE id = ?").bind(id).first<{ name: string; email: string }>())!;

const INVISIBLE = [
  ["a zero-width space", "\u200B"],
  ["a zero-width joiner", "\u200D"],
  ["a byte order mark inside", "\uFEFF"],
  ["a word joiner", "\u2060"],
  ["a right-to-left override", "\u202E"],
  ["a left-to-right embedding", "\u202A"],
  ["a first-strong isolate", "\u2068"],
  ["a control character", "\u0007"],
  ["a line feed", "\n"],
] as const;

describe("sign-up (POST /api/user.php?new=1)", () => {
  it.each(INVISIBLE)("refuses a name with %s", async (_, char) => {
    await expectRefused(await signUp({ email: freshEmail(), name: `Ki${char}m` }), "name");
  });

  it.each(INVISIBLE)("refuses an address with %s", async (_, char) => {
    const email = freshEmail();
    const [local, domain] = email.split("@");
    await expectRefused(await signUp({ email: `${local}${char}x@${domain}`, name: "Kim", checkedEmail: email }), "email");
  });

  it("stores the name and the address in NFC", async () => {
    const local = `jose\u0301${Date.now()}`;
    const response = await signUp({ email: `${local}@example.com`, name: "Zoe\u0301" });
    expect(response.status).toBe(201);
    const { user } = UserAnswerSchema.parse(await response.json());
    const stored = await row(user.profile.id);
    expect(stored.name).toBe("Zoé");
    expect(stored.email).toBe(`${local.normalize("NFC")}@example.com`);
    // The composed and the decomposed spelling are one address.
    expect((await check(`${local.normalize("NFC")}@example.com`)).status).toBe("not_confirmed");
  });
});

describe("the email check (GET /api/validate_email.php)", () => {
  it("takes an address that differs from a member's only by invisible characters for that member's", async () => {
    const member = await createMember();
    const [local, domain] = member.email.split("@");
    for (const [, char] of INVISIBLE) {
      const answer = await check(`${local}${char}@${domain}`);
      expect(answer.status).toBe("active");
      expect(answer.email).toBe(member.email);
      expect(answer.token).toBe("");
    }
  });

  it("answers the cleaned address of a new one, which sign-up then refuses as typed", async () => {
    const email = freshEmail();
    const answer = await check(email.replace("@", "\u200B@"));
    expect(answer.status).toBe("new");
    expect(answer.email).toBe(email);
  });
});

describe("a name change (PUT /api/user.php)", () => {
  it.each(INVISIBLE)("refuses a name with %s and keeps the old one", async (_, char) => {
    const member = await createMember();
    const cookie = await loginAs(member);
    await expectRefused(await call("/api/user.php", { method: "PUT", cookie, json: { name: `Te${char}ss` } }), "name");
    expect((await row(member.id)).name).toBe("Tess");
  });

  it("stores a new name in NFC", async () => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", { method: "PUT", cookie, json: { name: "Rene\u0301e" } });
    expect(response.status).toBe(200);
    expect((await row(member.id)).name).toBe("Renée");
  });

  it("refuses an unconfirmed member's new address with invisible characters", async () => {
    const response = await signUp({ email: freshEmail(), name: "Kim" });
    expect(response.status).toBe(201);
    const cookie = sessionCookie(response);
    await expectRefused(
      await call("/api/user.php", { method: "PUT", cookie, json: { email: freshEmail().replace("@", "\u202E@") } }),
      "email",
    );
  });
});

describe("an address change (POST /api/mail_change.php)", () => {
  it.each(INVISIBLE)("refuses a new address with %s", async (_, char) => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/mail_change.php", {
      method: "POST",
      cookie,
      json: { email: freshEmail().replace("@", `${char}@`), password: member.password },
    });
    await expectRefused(response, "email");
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM mail_outbox WHERE member_id = ? AND kind = 'mail_change'")
      .bind(member.id)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);
  });

  it("compares the new address normalised: another member's, in capitals, is taken", async () => {
    const other = await createMember();
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/mail_change.php", {
      method: "POST",
      cookie,
      json: { email: other.email.toUpperCase(), password: member.password },
    });
    expect(response.status).toBe(409);
    expect(ApiErrorSchema.parse(await response.json()).error).toBe("existing_account_active");
  });
});

// Issue 25, point 20 (UTS #39; contract/rules/identity.ts nameCharacterProblem): the probe's names.
const PROBE_NAMES = [
  ["a left-to-right mark", "Kim\u200E", "invisible_characters"],
  ["an Arabic letter mark", "Ki\u061Cm", "invisible_characters"],
  ["a soft hyphen", "Ki\u00ADm", "invisible_characters"],
  ["full-width letters", "Ｋｉｍ", "name_characters"],
  ["a Cyrillic К among Latin letters", "\u041Aim", "name_characters"],
  ["Braille blanks", "\u2800\u2800", "name_characters"],
] as const;

describe("look-alike and blank-looking names (issue 25, point 20)", () => {
  it.each(PROBE_NAMES)("sign-up refuses a name with %s", async (_, name, code) => {
    const response = await signUp({ email: freshEmail(), name });
    expect(response.status).toBe(422);
    expect(ApiErrorSchema.parse(await response.json()).fields?.name).toBe(code);
  });

  it.each(PROBE_NAMES)("a name change refuses a name with %s and keeps the old one", async (_, name, code) => {
    const member = await createMember();
    const cookie = await loginAs(member);
    const response = await call("/api/user.php", { method: "PUT", cookie, json: { name } });
    expect(response.status).toBe(422);
    expect(ApiErrorSchema.parse(await response.json()).fields?.name).toBe(code);
    expect((await row(member.id)).name).toBe("Tess");
  });

  it.each(["José", "Zoë", "Łukasz", "Anne-Marie", "O'Brien", "Strauß", "Анна"])("keeps accepting %s", async (name) => {
    const response = await signUp({ email: freshEmail(), name });
    expect(response.status, name).toBe(201);
    const member = await createMember();
    const cookie = await loginAs(member);
    expect((await call("/api/user.php", { method: "PUT", cookie, json: { name } })).status).toBe(200);
    expect((await row(member.id)).name).toBe(name.normalize("NFC"));
  });
});
