/**
 * GET/POST/DELETE /api/likes.php (docs/product.md §7) and GET /api/profile.php (designed: one member's page).
 * Likes and unlikes are idempotent; opening a profile that liked you marks that like as seen.
 */
import { Hono, type Context } from "hono";
import { LikeBodySchema, LikesQuerySchema, ProfileQuerySchema } from "../../../contract/requests/discover";
import { LikeRecordSchema, LikesAnswerSchema, MemberAnswerSchema } from "../../../contract/schemas";
import type { ApiContext } from "../context";
import { findMember } from "../db/members";
import { blockedBetween } from "../db/blocks";
import { deleteLike, hasLiked, insertLike, likedByCards, likedCards, markLikeSeen } from "../db/likes";
import { toProfile } from "../db/members";
import { findShownMember } from "../db/profile-lookups";
import { toCard } from "../db/profiles";
import { ApiError } from "../lib/errors";
import { requireSession, viewerOf } from "../lib/member";
import { answer } from "../lib/answer";
import { readBody, readQuery } from "../lib/request";
import { enqueuePush } from "../domain/push";

/**
 * A profile a member of this site may see: active, in one of the site's countries, and not one
 * who chose to be shown on another site only; for an advertisement (`promotion`: a member lander)
 * also an entertainment profile or a member who opted in (docs/product.md "Visibility across sites").
 */
async function findVisibleProfile(c: Context<ApiContext>, profileId: number, promotion = false) {
  const profile = await findShownMember(c.var.db, c.var.site.id, profileId, promotion);
  if (!profile?.country || !c.var.site.settings.countries.includes(profile.country)) {
    throw new ApiError(404, "profile_not_found", "No such profile.");
  }
  return profile;
}

/** Each list of likes.php shows at most this many. */
const LIST_LIMIT = 200;

export const likes = new Hono<ApiContext>()
  .get("/likes.php", async (c) => {
    const me = requireSession(c).id;
    const { db } = c.var;
    // ?list=liked_by (designed): only who likes the member, for a page that shows nothing else
    // (the home); `profiles` is then empty because it was not asked for (docs/api.md).
    const { list } = readQuery(c, LikesQuerySchema, "Some parameters are invalid.");
    const now = new Date();
    const [mine, theirs] = await Promise.all([
      list === "liked_by" ? [] : likedCards(db, me, LIST_LIMIT),
      // The same rule as the new-likes count (db/likes.ts).
      likedByCards(db, me, LIST_LIMIT),
    ]);
    return answer(c, LikesAnswerSchema, {
      profiles: mine.map((row) => ({ ...toCard(row, now), like_new: false })),
      liked_by: theirs.map((row) => ({ ...toCard(row, now), like_new: row.is_new === 1 })),
    });
  })
  .post("/likes.php", async (c) => {
    const me = requireSession(c).id;
    const { profile } = await readBody(c, LikeBodySchema);
    if (profile === me) throw new ApiError(422, "cannot_like_self", "You cannot like yourself.", { fields: { profile: "self" } });
    await findVisibleProfile(c, profile);
    if (await blockedBetween(c.var.db, me, profile)) throw new ApiError(404, "profile_not_found", "No such profile.");
    const inserted = await insertLike(c.var.db, me, profile);
    const mutual = await hasLiked(c.var.db, profile, me);
    // A new like (not a repeated one) is pushed to the liked member: a match when mutual.
    if (inserted) {
      await enqueuePush(c, { kind: mutual ? "match" : "like", recipient: profile, actor: me });
    }
    return answer(c, LikeRecordSchema, { id: profile, did_like_profile: true, mutual });
  })
  .delete("/likes.php", async (c) => {
    const me = requireSession(c).id;
    const { profile } = await readBody(c, LikeBodySchema);
    await deleteLike(c.var.db, me, profile);
    return answer(c, LikeRecordSchema, { id: profile, did_like_profile: false, mutual: false });
  })
  .get("/profile.php", async (c) => {
    const query = readQuery(c, ProfileQuerySchema, "Give a profile id (and promotion as 1 or 0).");
    const { db } = c.var;
    const viewer = viewerOf(c);
    // A member's own page is their preview, whatever others may see yet (an address not confirmed:
    // issue 29 point 4); everyone else's goes by what the site shows.
    const own = viewer?.id === query.id && !query.promotion ? await findMember(db, c.var.site.id, query.id) : undefined;
    const profile = own ?? (await findVisibleProfile(c, query.id, query.promotion));
    const other = viewer && viewer.id !== profile.id ? viewer : null;
    // Started together, these reads are one round trip to D1 (db/client.ts).
    const [blocked, liked, likedUnseen, shown] = await Promise.all([
      other ? blockedBetween(db, other.id, profile.id) : false,
      viewer ? hasLiked(db, viewer.id, profile.id) : false,
      other ? hasLiked(db, profile.id, other.id, true) : false,
      toProfile(db, profile),
    ]);
    // Blocked either way, the page is not there for either of the two.
    if (blocked) throw new ApiError(404, "profile_not_found", "No such profile.");
    // docs/product.md §4: opening a profile that liked you marks that like as seen.
    if (other && likedUnseen) await markLikeSeen(db, profile.id, other.id);
    // Others see the age, never the birth date (docs/product.md §2: only the age is shown).
    if (viewer?.id !== profile.id) {
      shown.date_of_birth = null;
      shown.interested_in = null;
    }
    return answer(c, MemberAnswerSchema, { profile: { ...shown, liked } });
  });
