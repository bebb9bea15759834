/**
 * GET /api/activate.php (docs/product.md §7), two uses:
 *
 * - without `token`: the logged-in member's newest activation mail. Sign-up step 6 polls it
 *   every 900 ms until `delivered` (or its timeout): { delivered, status, activated }.
 * - with `token` (the link in the activation mail, opened in the browser through the app's
 *   /api passthrough): confirms the address (it does not log anyone in) and answers 303 to
 *   /activate/done; an invalid, expired, foreign or outdated link answers 303 to /activate/error.
 *   Opening a valid link again lands on /activate/done again.
 */
import { Hono, type Context } from "hono";
import { type ActivationState, ActivationStateSchema } from "../../../contract/schemas/account";
import type { ApiContext } from "../context";
import { confirmAddress, findActivationTarget, newestActivationMail } from "../db/accounts";
import { answer } from "../lib/answer";
import { ApiError } from "../lib/errors";
import { requireSession } from "../lib/member";
import { matchesAddress, readActivationToken } from "../mail/activation";
import { postbackAfterAnswer } from "../domain/postbacks";

export const activation = new Hono<ApiContext>().get("/activate.php", async (c) => {
  const token = c.req.query("token");
  if (token !== undefined) return openLink(c, token);

  const member = requireSession(c);
  const { db, site } = c.var;
  const mail = await newestActivationMail(db, site.id, member.id);
  const status: ActivationState["status"] = !mail
    ? "none"
    : mail.delivered_at !== null
      ? "delivered"
      : mail.failed_at !== null
        ? "failed"
        : "queued";
  c.header("cache-control", "no-store");
  return answer(c, ActivationStateSchema, { delivered: status === "delivered", status, activated: member.status === "active" });
});

async function openLink(c: Context<ApiContext>, token: string) {
  // The token is in the URL: keep it out of caches and out of the next page's Referer.
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  const error = () => c.redirect("/activate/error", 303);

  let claim: Awaited<ReturnType<typeof readActivationToken>>;
  try {
    claim = await readActivationToken(c, token);
  } catch (cause) {
    // No signing secret on a deployed site: logged where it is found; the clicker gets the
    // error page rather than JSON.
    if (cause instanceof ApiError) return error();
    throw cause;
  }
  if (!claim) return error();

  const { db, site } = c.var;
  const member = await findActivationTarget(db, site.id, claim.memberId);
  // A deleted account, or a link sent to an address the member has since changed, is spent.
  if (!member || member.status === "deleted" || !(await matchesAddress(claim.fingerprint, member.email))) {
    return error();
  }

  if (member.status === "not_confirmed" || member.activated_at === null) {
    await confirmAddress(db, member);
    // The address confirmed: the double opt-in conversion for the member's network (sent once).
    await postbackAfterAnswer(c, member.id, "doi");
  }
  // No session is started here: a link is not a login. Otherwise anyone could send a victim their
  // own account's link and have them act logged into it (login CSRF), and mail scanners that
  // open links would hold sessions. The member who signed up is logged in already.
  return c.redirect("/activate/done", 303);
}
