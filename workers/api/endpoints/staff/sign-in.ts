/**
 * Signing in to the staff console (ADR 029): the password, then the code of the authenticator
 * app (each code works once), who is signed in, and signing out. Every login, right or wrong,
 * and every code is written to the audit log.
 */
import { Hono } from "hono";
import {
  StaffLoginBodySchema,
  StaffLogoutAnswerSchema,
  StaffMeAnswerSchema,
  StaffTotpBodySchema,
} from "../../../../contract/staff";
import type { ApiContext } from "../../context";
import { acceptTotpStep, audit, findEnabledStaffByEmail } from "../../db/staff";
import { answer } from "../../lib/answer";
import { ApiError } from "../../lib/errors";
import { DUMMY_HASH, verifyPassword } from "../../lib/passwords";
import { giveBack, type Limit, takeAttempt } from "../../lib/rate-limit";
import { clientIp, readBody } from "../../lib/request";
import { decodeStaffPassword, endStaffSession, requireStaff, startStaffSession } from "../../lib/staff";
import { stepOfCode } from "../../lib/totp";
import { staffAnswer } from "./answers";

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const staffSignIn = new Hono<ApiContext>()
  /** POST /api/staff/login.php { email, password }: the first step; a half session that takes only the code. */
  .post("/staff/login.php", async (c) => {
    const { email, password } = await readBody(c, StaffLoginBodySchema);
    const { db } = c.var;
    const limits: Limit[] = [
      { key: `staff-login:ip:${clientIp(c)}`, max: 20, windowMs: FIFTEEN_MINUTES },
      { key: `staff-login:email:${email.toLowerCase()}`, max: 5, windowMs: FIFTEEN_MINUTES },
    ];
    for (const limit of limits) await takeAttempt(db, limit);
    const row = await findEnabledStaffByEmail(db, email.toLowerCase());
    const stored = (row && decodeStaffPassword(row.password_hash)) ?? DUMMY_HASH;
    const valid = await verifyPassword(password, stored);
    if (!row || stored === DUMMY_HASH || !valid) {
      await audit(db, {
        siteId: row?.site_id ?? null,
        staffId: row?.id ?? null,
        action: "login_failed",
        detail: { email: email.toLowerCase().slice(0, 254), ip: clientIp(c) },
      });
      throw new ApiError(401, "invalid_credentials", "The email or password is wrong.");
    }
    for (const limit of limits) await giveBack(db, limit);
    await startStaffSession(c, row.id, false);
    await audit(db, { siteId: row.site_id, staffId: row.id, action: "login_password", detail: { ip: clientIp(c) } });
    const { password_hash: _, ...staffRow } = row;
    return answer(c, StaffMeAnswerSchema, await staffAnswer(db, { ...staffRow, role: row.role }, false));
  })
  /** POST /api/staff/totp.php { code }: the second step; each code works once (staff.totp_last_step). */
  .post("/staff/totp.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    const { code } = await readBody(c, StaffTotpBodySchema);
    const { db } = c.var;
    // Five failed tries a quarter hour per account: a six-digit code cannot be guessed in that.
    // Only failures count (the try is given back on success), as for members' logins: staff who
    // sign in on several devices, or again after a session ends, are never locked out by it.
    const limit = { key: `staff-totp:${me.id}`, max: 5, windowMs: FIFTEEN_MINUTES };
    await takeAttempt(db, limit);
    const step = stepOfCode(me.totp_secret, code);
    const accepted = step !== null && (await acceptTotpStep(db, me.id, step));
    if (!accepted) {
      await audit(db, {
        siteId: me.site_id,
        staffId: me.id,
        action: "totp_failed",
        detail: { replay: step !== null, ip: clientIp(c) },
      });
      throw new ApiError(422, "invalid_code", "The code is wrong or was used already.", { fields: { code: "invalid" } });
    }
    await giveBack(db, limit);
    await startStaffSession(c, me.id, true);
    await audit(db, { siteId: me.site_id, staffId: me.id, action: "login", detail: { ip: clientIp(c) } });
    return answer(c, StaffMeAnswerSchema, await staffAnswer(db, me, true));
  })
  /** POST /api/staff/logout.php: ends the staff session (either step). */
  .post("/staff/logout.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    await endStaffSession(c);
    await audit(c.var.db, { siteId: me.site_id, staffId: me.id, action: "logout" });
    return answer(c, StaffLogoutAnswerSchema, "done");
  })
  /** GET /api/staff/me.php: who is logged in, and whether the code was given. */
  .get("/staff/me.php", async (c) => {
    const me = await requireStaff(c, { halfOk: true });
    return answer(c, StaffMeAnswerSchema, await staffAnswer(c.var.db, me, me.totpOk));
  });
