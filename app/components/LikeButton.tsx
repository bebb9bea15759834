import { useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { action as likeAction } from "~/routes/member-like";
import { MatchMoment } from "./MatchMoment";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser } from "~/lib/root-data";

/**
 * Like / unlike (docs/product.md §4). The button says what happened ("Liked") and is pressed
 * while the like stands: a form post that works without JavaScript (the page reloads at the
 * same place); with JavaScript a fetcher sends it, the button shows the new state at once and
 * is busy until the likes are saved and reloaded. A visitor's tap leads to sign-up (or log in)
 * instead (routes/member-like.ts), so for them the button does not pretend to have liked.
 */
export function LikeButton({
  profileId,
  name,
  liked,
  photo,
  compact = false,
}: {
  profileId: number;
  name: string;
  liked: boolean;
  /** The member's main photo (thumbnail), for the match moment: the card or profile has it at hand. */
  photo: string | null;
  /** A small round button with the heart only (on cards, over the photo); the words stay for screen readers. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof likeAction>();
  const [dismissed, setDismissed] = useState<unknown>(null);
  const matched = fetcher.state === "idle" && fetcher.data?.match === true && dismissed !== fetcher.data;
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const member = useOptionalUser() !== null;
  const pending = member ? fetcher.formData?.get("intent") : undefined;
  const shownLiked = pending ? pending === "like" : liked;
  return (
    <>
      <fetcher.Form method="post" action={`/members/${profileId}/like`} className="like-form">
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <input type="hidden" name="intent" value={shownLiked ? "unlike" : "like"} />
        <button
          ref={button}
          type="submit"
          className={[compact ? "card-action" : "button small", shownLiked ? "liked" : ""].join(" ").trim()}
          aria-pressed={shownLiked}
          aria-busy={fetcher.state !== "idle"}
          title={compact ? `${shownLiked ? t("card.liked") : t("card.like")} ${name}` : undefined}
        >
          <span className={shownLiked ? "button-icon i-heart-filled" : "button-icon i-heart"} aria-hidden="true" />
          <span className={compact ? "visually-hidden" : undefined}>{shownLiked ? t("card.liked") : t("card.like")}</span>
          <span className="visually-hidden"> {name}</span>
        </button>
      </fetcher.Form>
      {matched ? (
        <MatchMoment
          memberId={profileId}
          other={{ name, photo }}
          close={() => {
            setDismissed(fetcher.data);
            // Back where the member was: on the like button (the moment's dialog is gone by then).
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      ) : null}
    </>
  );
}
