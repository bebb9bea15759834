/**
 * Whether an address may be used for an account on this site (sign-up, the step-7 correction,
 * the mail change): the status validate_email.php reports, and the refusal each status gets.
 */
import type { Context } from "hono";
import type { ApiContext } from "../context";
import { banOfAddress } from "../domain/bans";
import { isDeliverable } from "./email";
import { ApiError } from "./errors";

/** What validate_email.php says about an address (docs/product.md §4 "Email check status"). */
export type EmailStatus = "new" | "invalid" | "active" | "not_confirmed" | "deleted";

export async function emailStatus(c: Context<ApiContext>, email: string): Promise<EmailStatus> {
  if (!isDeliverable(email)) return "invalid";
  const existing = await c.var.db
    .selectFrom("members")
    .select("status")
    .where("site_id", "=", c.var.site.id)
    .where("email", "=", email)
    .executeTakeFirst();
  return existing?.status ?? "new";
}

/** The API error for an address that cannot sign up (message keys of docs/product.md §8). */
export function emailRefusal(status: Exclude<EmailStatus, "new">): ApiError {
  if (status === "invalid") {
    return new ApiError(422, "invalid_email", "This address cannot receive mail.", { fields: { email: "invalid_email" } });
  }
  if (status === "deleted") {
    return new ApiError(409, "deleted_account_exists", "An account with this address was deleted.", {
      fields: { email: "deleted_account_exists" },
    });
  }
  return new ApiError(409, "existing_account_active", "An account with this address exists.", {
    fields: { email: "existing_account_active" },
  });
}

/**
 * Refuses an address a ban holds, on any site of this database (docs/decisions/040): sign-up,
 * the step-7 correction and the mail change. 403 address_banned, the field email.
 */
export async function assertAddressNotBanned(c: Context<ApiContext>, email: string): Promise<void> {
  if ((await banOfAddress(c.var.db, email)) === null) return;
  throw new ApiError(403, "address_banned", "An account with this address is banned on this site or another of the operator's.", {
    fields: { email: "address_banned" },
  });
}
