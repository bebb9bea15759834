/**
 * One-time links (workers/api/domain/one-time-links.ts) on real D1: a link is claimed once, on
 * the site that made it, before it expires; a link of one purpose is no link of the other.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../workers/api/db/client";
import {
  claimLink,
  newLink,
  storeEmailChangeLink,
  storePasswordResetLink,
  usableEmailChangeLink,
  usablePasswordResetLink,
} from "../../workers/api/domain/one-time-links";
import { createMember, ensureSites } from "./helpers";

beforeAll(ensureSites);

const db = createDb(env.DB);
const HOUR = 60 * 60 * 1000;

describe("claiming a link", () => {
  it("works once: of two claims at the same moment, exactly one wins", async () => {
    const member = await createMember();
    const link = await newLink();
    await storePasswordResetLink(db, { hash: link.hash, memberId: member.id, siteId: 1, ttlMs: HOUR });
    expect(await usablePasswordResetLink(db, 1, link.token)).toMatchObject({ member_id: member.id });
    const claims = await Promise.all([
      claimLink(db, "password_reset", 1, link.hash),
      claimLink(db, "password_reset", 1, link.hash),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await usablePasswordResetLink(db, 1, link.token)).toBeUndefined();
  });

  it("refuses an email-change token on another site, which still works on its own", async () => {
    const member = await createMember({ siteId: 2 });
    const link = await newLink();
    await storeEmailChangeLink(db, {
      hash: link.hash,
      memberId: member.id,
      siteId: 2,
      ttlMs: HOUR,
      newEmail: `new-${member.id}@example.com`,
    });
    expect(await usableEmailChangeLink(db, 1, link.token)).toBeUndefined();
    expect(await claimLink(db, "email_change", 1, link.hash)).toBe(false);
    expect(await usableEmailChangeLink(db, 2, link.token)).toMatchObject({
      member_id: member.id,
      new_email: `new-${member.id}@example.com`,
    });
    expect(await claimLink(db, "email_change", 2, link.hash)).toBe(true);
  });

  it("refuses a password-reset token on another site too", async () => {
    const member = await createMember({ siteId: 2 });
    const link = await newLink();
    await storePasswordResetLink(db, { hash: link.hash, memberId: member.id, siteId: 2, ttlMs: HOUR });
    expect(await claimLink(db, "password_reset", 1, link.hash)).toBe(false);
    expect(await claimLink(db, "password_reset", 2, link.hash)).toBe(true);
  });

  it("refuses an expired link", async () => {
    const member = await createMember();
    const link = await newLink();
    const madeAt = Date.now() - 2 * HOUR;
    await storePasswordResetLink(db, { hash: link.hash, memberId: member.id, siteId: 1, ttlMs: HOUR }, madeAt);
    expect(await usablePasswordResetLink(db, 1, link.token)).toBeUndefined();
    expect(await claimLink(db, "password_reset", 1, link.hash)).toBe(false);
  });

  it("does not take a link of one purpose for the other", async () => {
    const member = await createMember();
    const link = await newLink();
    await storePasswordResetLink(db, { hash: link.hash, memberId: member.id, siteId: 1, ttlMs: HOUR });
    expect(await usableEmailChangeLink(db, 1, link.token)).toBeUndefined();
    expect(await claimLink(db, "email_change", 1, link.hash)).toBe(false);
    expect(await claimLink(db, "password_reset", 1, link.hash)).toBe(true);
  });

  it("answers nothing for a token that is not ours in form", async () => {
    for (const token of [undefined, 42, "", "abc", "g".repeat(64)]) {
      expect(await usablePasswordResetLink(db, 1, token)).toBeUndefined();
    }
  });
});
