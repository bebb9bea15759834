/**
 * Request bodies of the password calls: the reset (POST /api/password_reset.php, then with
 * ?do=1) and the change (PUT /api/password.php). The new password and the token are checked by
 * hand in the API, for the contract's field codes (and a bad token is 410, not 422).
 */
import { z } from "zod";
import { EMAIL_MAX } from "../limits";

export const PasswordResetRequestBodySchema = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX) });
export type PasswordResetRequestBody = z.input<typeof PasswordResetRequestBodySchema>;

/** POST /api/password_reset.php?do=1. */
export const PasswordResetBodySchema = z.object({ token: z.unknown().optional(), password: z.unknown().optional() });
/** What a caller sends; the schema itself accepts anything, to answer with the contract's codes. */
export interface PasswordResetBody {
  token: string;
  password: string;
}

/** PUT /api/password.php. */
export const PasswordChangeBodySchema = z.object({ current: z.unknown().optional(), password: z.unknown().optional() });
export interface PasswordChangeBody {
  current: string;
  password: string;
}
