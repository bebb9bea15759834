/** Request bodies of /api/mail_change.php: asking for the change, and confirming it (?do=1). */
import { z } from "zod";
import { EMAIL_MAX } from "../limits";

/** The password is checked by hand in the API (wrong answers are 403 wrong_password). */
export const MailChangeBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.unknown().optional(),
});
export interface MailChangeBody {
  email: string;
  password: string;
}

/** The token is checked by hand (a bad one is 410 token_invalid). */
export const MailChangeConfirmBodySchema = z.object({ token: z.unknown().optional() });
export interface MailChangeConfirmBody {
  token: string;
}
