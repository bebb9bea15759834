/**
 * Nudges (issue 30 point 4; docs/product.md "Nudges", ADR 057). The sender's "Are you sure?"
 * before a message with an offensive word goes, inside the composer's form (so "Send anyway"
 * posts the text again with confirm=1, and "Edit" goes back to the composer, with the script and
 * without it); and the receiver's "Does this bother you?" under such a message, with a one-tap
 * report (the report form, prefilled) and, with the script, "No" to hide the line on this device.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

export function NudgePanel({
  text,
  name,
  sending,
  onEdit,
}: {
  text: string;
  name: string;
  sending: boolean;
  /** With the script: back to the composer in place (without it, "Edit" posts and the page comes back with the text). */
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in place of the send button: the member's attention goes there (a screen reader reads it).
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="chat-nudge" aria-labelledby="chat-nudge-title">
      <h2 id="chat-nudge-title" tabIndex={-1} ref={heading}>
        {t("nudges.confirm.title")}
      </h2>
      <p>{t("nudges.confirm.body", { name })}</p>
      <blockquote className="chat-nudge-text" aria-label={t("nudges.confirm.yourMessage")}>
        {text}
      </blockquote>
      <input type="hidden" name="text" value={text} />
      <div className="chat-nudge-actions">
        <button
          type="submit"
          name="intent"
          value="edit"
          className="button secondary"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            onEdit();
          }}
        >
          {t("nudges.confirm.edit")}
        </button>
        <button type="submit" name="confirm" value="1" className="button" disabled={sending} aria-busy={sending}>
          {t("nudges.confirm.send")}
        </button>
      </div>
    </section>
  );
}

const dismissedKey = (message: number) => `nudge-dismissed:${message}`;

/**
 * "Does this bother you?" under a received nudged message: "Report" opens the report form with
 * the message and "harassment" chosen; "No" (with the script only) hides it on this device.
 * Without the script the line stays: a plain link to the report is all it needs.
 */
export function BotherLine({ message, memberId, conversation }: { message: number; memberId: number; conversation: number }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (localStorage.getItem(dismissedKey(message))) setDismissed(true);
  }, [message]);
  if (dismissed) return null;
  const report = `/members/${memberId}/report?chat=${conversation}&message=${message}&category=harassment`;
  return (
    <p className="message-nudge">
      <span>{t("nudges.bother.question")}</span>{" "}
      <Link to={report} aria-label={t("nudges.bother.reportLabel")}>
        {t("nudges.bother.report")}
      </Link>
      {hydrated ? (
        <button
          type="button"
          className="link-button"
          aria-label={t("nudges.bother.noLabel")}
          onClick={() => {
            localStorage.setItem(dismissedKey(message), "1");
            setDismissed(true);
          }}
        >
          {t("nudges.bother.no")}
        </button>
      ) : null}
    </p>
  );
}
