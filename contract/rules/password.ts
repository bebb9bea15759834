/**
 * The one rule for a password a member chooses: at sign-up, by a reset link and on /profile
 * (docs/product.md §5; issue 16). The browser's form schemas, the app's actions and the API all
 * apply it, so sign-up cannot accept a password /profile would refuse.
 */
import { NEW_PASSWORD_MIN, PASSWORD_MAX } from "../limits";

export type NewPasswordProblem = "required" | "invalid_type" | "too_small" | "too_big";

/** The field code for a new password that breaks the rule (8 to 1000 characters, not only spaces), or null. */
export function newPasswordProblem(password: unknown): NewPasswordProblem | null {
  if (password === undefined || password === null || password === "") return "required";
  if (typeof password !== "string") return "invalid_type";
  if (password.length > PASSWORD_MAX) return "too_big";
  if (password.length < NEW_PASSWORD_MIN || password.trim() === "") return "too_small";
  return null;
}
