import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser, useSite } from "~/lib/root-data";

/** One side of the match: a name and the main photo's thumbnail (null: no photo yet). */
export type MatchSide = { name: string; photo: string | null };

/**
 * The match moment (docs/product.md §4.5): a like back makes a match, and both members' photos,
 * their names, "Write to …" and "Keep looking" fill the screen (a large card on a desktop). With
 * JavaScript it is a modal dialog over the page where the like was given (focus inside, Escape
 * closes it, the caller returns focus to the like button); without, the like's post leads to the
 * member's page with `?match`, which shows the same moment and "Keep looking" is a link back
 * (routes/member.tsx). The viewer's photo comes from the root data, the other's from the card or
 * profile at hand: no extra request. "Write to …" opens the conversation with the composer
 * focused (`?write`, routes/member-chat.tsx).
 */
export function MatchMoment({
  memberId,
  other,
  close,
  preview = false,
  me: sample,
}: {
  memberId: number;
  other: MatchSide;
  /** A function closes it in place (with JavaScript); a path is where "Keep looking" leads. */
  close: (() => void) | string;
  /** In the development preview: drawn in the page, not over it. */
  preview?: boolean;
  /** The viewer, when not the logged-in member (the development preview's sample). */
  me?: MatchSide;
}) {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const cdn = useSite()?.cdnPrefix ?? "";
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const write = useRef<HTMLAnchorElement>(null);
  const me: MatchSide = sample ?? { name: user?.name ?? "", photo: user?.photo ?? null };
  const dismiss = () => (typeof close === "string" ? navigate(close, { preventScrollReset: true }) : close());

  useEffect(() => {
    const element = dialog.current;
    if (preview || !element) return;
    // Rendered `open` by the server (no script yet): made modal now, so the page behind is inert.
    if (element.open) element.close();
    element.showModal();
    write.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, [preview]);

  return (
    <dialog
      ref={dialog}
      className={preview ? "match-moment preview" : "match-moment"}
      aria-labelledby="match-heading"
      aria-describedby="match-text"
      aria-modal={preview ? undefined : "true"}
      open
      onCancel={(event) => {
        // Escape: closed the app's way (state or link), not only hidden by the browser.
        event.preventDefault();
        dismiss();
      }}
    >
      <div className="match-inner">
        <h2 id="match-heading" className="match-title">
          {t("match.heading")}
        </h2>
        <p id="match-text" className="match-text">
          {t("match.text", { name: other.name })}
        </p>
        <div className="match-photos">
          <MatchPhoto side={me} cdn={cdn} className="mine" alt={t("match.yourPhoto", { name: me.name })} />
          <span className="match-heart" aria-hidden="true" />
          <MatchPhoto side={other} cdn={cdn} className="theirs" alt={t("match.photoOf", { name: other.name })} />
        </div>
        <div className="match-actions">
          <Link ref={write} className="button" to={`/members/${memberId}/chat?write`} autoFocus={!preview}>
            <span className="button-icon i-chat" aria-hidden="true" />
            {t("match.write", { name: other.name })}
          </Link>
          {typeof close === "string" ? (
            <Link className="button ghost" to={close} preventScrollReset>
              {t("match.later")}
            </Link>
          ) : (
            <button type="button" className="button ghost" onClick={close}>
              {t("match.later")}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

function MatchPhoto({ side, cdn, className, alt }: { side: MatchSide; cdn: string; className: string; alt: string }) {
  return (
    <figure className={`match-photo ${className}`}>
      {side.photo ? (
        <img src={cdn + side.photo} alt={alt} width={160} height={160} decoding="async" />
      ) : (
        <span className="match-initial" role="img" aria-label={alt}>
          {side.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <figcaption>{side.name}</figcaption>
    </figure>
  );
}
