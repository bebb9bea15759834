/**
 * Pieces of the hosts' workplace (app/routes/staff/host*.tsx; ADR 045): the page's own reloading,
 * a profile's card, the conversation, and the notes forms. Everything members and hosts wrote is
 * rendered as React text, never as HTML.
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { When } from "~/components/staff/StaffParts";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import type { HostConversationAnswer, HostMessage } from "../../../contract/hosts";
import type { Profile } from "../../../contract/schemas";
import { dateTimeFormat } from "~/lib/format";

/**
 * Reloads the page's data every `everyMs` while the tab is visible and nothing is being sent:
 * the queue and the open conversation stay current without a reload (no input is touched: the
 * forms keep what was typed).
 */
export function useLiveRevalidation(everyMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, revalidator]);
}

/** The member's clock now, in their time zone (null when they never told it). */
export function LocalTime({ timeZone, now }: { timeZone: string | null; now: number }) {
  const { t, locale } = useTranslation();
  if (!timeZone) return <>{t("hosts.unknownTime")}</>;
  try {
    const text = dateTimeFormat(locale, { timeStyle: "short", weekday: "short", timeZone }).format(now);
    return <>{t("hosts.localTime", { time: text, zone: timeZone })}</>;
  } catch {
    return <>{t("hosts.unknownTime")}</>;
  }
}

/** A profile as the host sees it: photos, age, city, country, what they wrote about themselves. */
export function ProfileCard({
  profile,
  heading,
  id,
  children,
}: {
  profile: Profile;
  heading: string;
  id: string;
  children?: React.ReactNode;
}) {
  const { t, has } = useTranslation();
  const names = useDisplayNames();
  const about = Object.entries(profile.personal).filter(([, text]) => text.trim() !== "");
  const place = [profile.city, names.country(profile.country)].filter(Boolean).join(", ");
  return (
    <section className="staff-panel host-card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {profile.images.length > 0 ? (
        <ul className="host-photos">
          {profile.images.slice(0, 4).map((image) => (
            <li key={image.id}>
              <img
                src={`/api/images/${image.thumb_filename}`}
                alt={t("staff.photoAlt", { id: image.id, name: profile.name })}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-muted">{t("staff.noPhotos")}</p>
      )}
      <p className="host-card-name">
        <strong>{profile.name || t("hosts.deletedMember")}</strong>
        {profile.age !== null ? `, ${profile.age}` : ""}
        {place ? <span className="staff-muted"> · {place}</span> : null}
      </p>
      {about.length > 0 ? (
        <dl className="staff-facts">
          {about.map(([name, text]) => (
            <div key={name} className="host-fact">
              <dt>{has(`member.notes.${name}`) ? t(`member.notes.${name}` as never) : name}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}

/** The conversation, oldest first: the member's messages on one side, the profile's on the other. */
export function HostMessages({
  messages,
  memberName,
  profileName,
  now,
}: {
  messages: HostMessage[];
  memberName: string;
  profileName: string;
  now: number;
}) {
  const { t } = useTranslation();
  if (messages.length === 0) return <p className="staff-muted">{t("hosts.noMessages")}</p>;
  return (
    <ol className="host-messages">
      {messages.map((m) => (
        <li key={m.id} className={m.from === "profile" ? "from-profile" : "from-member"}>
          <span className="host-message-meta">
            {m.from === "profile" ? profileName : memberName} · <When at={m.created_at} now={now} />
          </span>
          <p>{m.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** What the lease banner says: the host's own (until when), someone else's, or none. */
export function LeaseNote({ data }: { data: Pick<HostConversationAnswer, "lease" | "waiting" | "now"> }) {
  const { t } = useTranslation();
  const { lease, waiting, now } = data;
  if (!waiting) return null;
  if (!lease) return <p className="host-lease-note">{t("hosts.free")}</p>;
  // Minutes left, from the loader's clock (the same text on the server and in the browser).
  const minutes = Math.max(1, Math.ceil((lease.expires_at - now) / 60_000));
  return (
    <p className={`host-lease-note${lease.mine ? " mine" : ""}`} role="status">
      {lease.mine ? t("hosts.yoursFor", { count: minutes }) : t("hosts.openBy", { name: lease.staff_name })}
    </p>
  );
}
