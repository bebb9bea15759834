/**
 * The staff second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps), through the
 * otpauth library (ADR 029). A code is accepted one step either side of now (clocks drift), and
 * only once: the step it belongs to is stored as staff.totp_last_step, and a code of that step
 * or an earlier one is refused (db/staff.ts acceptTotpStep makes the store conditional, so two parallel
 * sends of one code cannot both pass).
 */
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;

function totpOf(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** The time step a code belongs to (now ±1 step), or null when it matches none. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of now, and how many seconds it stays valid (the development page of demo codes). */
export function currentCode(secret: string, now = Date.now()): { code: string; validFor: number } {
  const seconds = Math.floor(now / 1000);
  return {
    code: totpOf(secret).generate({ timestamp: now }),
    validFor: TOTP_PERIOD_SECONDS - (seconds % TOTP_PERIOD_SECONDS),
  };
}
