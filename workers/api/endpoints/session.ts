/** GET /api/user.php, POST /api/login.php, GET /api/logout.php (docs/product.md §7; login designed). */
import { Hono } from "hono";
import { LoginBodySchema } from "../../../contract/requests/session";
import { LogoutAnswerSchema, UserAnswerSchema } from "../../../contract/schemas/members";
import type { ApiContext } from "../context";
import { joinBanAtLogin } from "../domain/bans";
import { findMemberByEmail, toUser } from "../db/members";
import { normaliseEmail } from "../lib/email";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { touchLastSeen } from "../db/accounts";
import { loginAddressKey } from "../lib/limit-keys";
import { requireMemberEvenIfBanned } from "../lib/member";
import { DUMMY_HASH, verifyPassword } from "../lib/passwords";
import { giveBack, type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp, readBody } from "../lib/request";
import { endSession, startSession } from "../lib/sessions";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const session = new Hono<ApiContext>()
  .get("/user.php", async (c) => {
    // A banned member reads their ban here (the statement of reasons and how to appeal; ADR 030).
    const member = requireMemberEvenIfBanned(c);
    return answer(c, UserAnswerSchema, { user: await toUser(c.var.db, c.var.site, member) });
  })
  .post("/login.php", async (c) => {
    const body = await readBody(c, LoginBodySchema);
    const { password } = body;
    // The address as sign-up stored it (one normaliser: lib/email.ts).
    const email = normaliseEmail(body.email);
    const { db, site } = c.var;
    // Two limits on failures: one address cannot be guessed at, one IP cannot sweep many addresses.
    const limits: Limit[] = [
      { key: `login:ip:${clientIp(c)}`, max: 50, windowMs: FIFTEEN_MINUTES },
      { key: loginAddressKey(site.id, email), max: 10, windowMs: FIFTEEN_MINUTES },
    ];
    // Each attempt is taken before the password is checked (atomically, so parallel guesses
    // cannot pass together) and given back when it was right: only failures count.
    for (const limit of limits) await takeAttempt(db, limit);
    const member = await findMemberByEmail(db, site.id, email);
    const stored =
      member?.password_hash && member.password_salt && member.password_iterations
        ? { hash: member.password_hash, salt: member.password_salt, iterations: member.password_iterations }
        : DUMMY_HASH;
    const valid = await verifyPassword(password, stored);
    if (!member || stored === DUMMY_HASH || !valid) {
      throw new ApiError(401, "invalid_credentials", "The email or password is wrong.");
    }
    for (const limit of limits) await giveBack(db, limit);
    // A ban holds for the person (docs/decisions/040): another spelling of a banned address joins
    // the ban here, and the answer carries it like any banned member's login (ADR 030).
    const joined = await joinBanAtLogin(c.env.DB, db, member);
    await startSession(c, member.id);
    // Logging in is being active: search's "recently active" reads last_seen (ADR 062).
    await touchLastSeen(db, member.id);
    return answer(c, UserAnswerSchema, {
      user: await toUser(db, site, joined === null ? member : { ...member, ban_decision_id: joined }),
    });
  })
  .get("/logout.php", async (c) => {
    await endSession(c);
    return answer(c, LogoutAnswerSchema, "done");
  });
