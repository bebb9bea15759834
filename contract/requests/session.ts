/** Request bodies of the session calls: POST /api/login.php. */
import { z } from "zod";
import { EMAIL_MAX, PASSWORD_MAX } from "../limits";

export const LoginBodySchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.input<typeof LoginBodySchema>;
export type LoginBodyParsed = z.output<typeof LoginBodySchema>;
