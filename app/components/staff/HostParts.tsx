/**
 * Pieces of the hosts' workplace (app/routes/staff/host*.tsx; ADR 045): the page's own reloading,
 * a profile's card, the conversation, and the notes forms. Everything members and hosts wrote is
 * rendered as React text, never as HTML.
 */
import { useEffect, useRef } from "react";
import { Form, useRevalidator } from "react-router";
import { FieldError, FormAlert, errorProps, When } from "~/components/staff/StaffParts";
import { useDisplayNames } from "~/lib/display-names";
import type { FormReply } from "~/lib/forms/reply";
import { HostNotesSchema } from "~/lib/forms/hosts";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { HostConversationAnswer, HostMessage, HostNotes } from "../../../contract/hosts";
import { HOST_NOTES_MAX } from "../../../contract/rules/hosts";
import type { Profile } from "../../../contract/schemas";

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

/** The hosts' desk socket: "the queue changed" (ADR 045); a keep-alive ping every 30 s. */
const DESK_PATH = "/api/staff/host_live.php";
const DESK_PING_MS = 30_000;
const DESK_RETRY_MS = 5_000;
/** With the socket open, the queue still reloads this often: a lease that runs out sends no event. */
const DESK_OPEN_POLL_MS = 60_000;

/**
 * The hosts' queue, live: the page loads its data again when the desk says the queue changed (a
 * member waits, a conversation is claimed, released or answered), and polls every `everyMs`
 * while the socket is down (or every minute while it is up). Nothing when the tab is hidden.
 */
export function useLiveQueue(everyMs: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let open = false;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let lastPoll = Date.now();
    const reload = () => {
      lastPoll = Date.now();
      if (document.visibilityState === "visible" && latest.current.state === "idle") void latest.current.revalidate();
    };
    const connect = () => {
      if (stopped || !("WebSocket" in window)) return;
      const url = new URL(DESK_PATH, window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      const opened = new WebSocket(url);
      socket = opened;
      opened.addEventListener("open", () => {
        open = true;
      });
      opened.addEventListener("message", (event) => {
        if (event.data !== "pong") reload();
      });
      opened.addEventListener("close", () => {
        open = false;
        if (!stopped) retry = setTimeout(connect, DESK_RETRY_MS);
      });
    };
    connect();
    const ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), DESK_PING_MS);
    const poll = setInterval(() => {
      if (Date.now() - lastPoll >= (open ? DESK_OPEN_POLL_MS : everyMs) - 100) reload();
    }, everyMs);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      clearInterval(poll);
      socket?.close();
    };
  }, [everyMs]);
}

/** The member's clock now, in their time zone (null when they never told it). */
export function LocalTime({ timeZone, now }: { timeZone: string | null; now: number }) {
  const { t, locale } = useTranslation();
  if (!timeZone) return <>{t("hosts.unknownTime")}</>;
  try {
    const text = new Intl.DateTimeFormat(locale, { timeStyle: "short", weekday: "short", timeZone }).format(now);
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

/**
 * A notes form (the persona's, or the member's with this profile): the version edited travels
 * along, so a save over another host's newer notes is refused and the text kept.
 */
export function NotesForm({
  about,
  notes,
  reply,
  label,
  help,
  busy,
  now,
}: {
  about: "profile" | "member";
  notes: HostNotes;
  reply: FormReply | undefined;
  label: string;
  help: string;
  busy: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const mine = reply?.section === `notes-${about}` ? reply : undefined;
  const form = useForm({ schema: HostNotesSchema, lastResult: mine?.result, defaultValue: { text: notes.text } });
  const text = form.field("text");
  const formError = form.formErrors?.[0];
  const id = `notes-${about}`;
  return (
    <Form method="post" className="staff-form host-notes" {...form.props}>
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="about" value={about} />
      <input type="hidden" name="version" value={notes.version} />
      <FormAlert error={formError} />
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        // A new stored version (another host saved) shows their text, unless this form came back with the host's own.
        key={mine ? "returned" : notes.version}
        name={text.name}
        maxLength={HOST_NOTES_MAX}
        defaultValue={text.initialValue ?? notes.text}
        aria-describedby={`${id}-help${text.errors ? ` ${text.errorId}` : ""}`}
        aria-invalid={errorProps(text)["aria-invalid"]}
      />
      <span id={`${id}-help`} className="staff-help">
        {help}
        {notes.updated_by && notes.updated_at ? (
          <>
            {" "}
            {t("hosts.notesBy", { name: notes.updated_by })} <When at={notes.updated_at} now={now} />
          </>
        ) : null}
      </span>
      <FieldError id={text.errorId} error={text.errors?.[0]} />
      {mine && notes.version > 0 && notes.text !== text.initialValue ? (
        // Saved over by another host meanwhile: their text beside the host's own, to merge by hand.
        <div className="host-their-notes">
          <span className="staff-help">{t("hosts.theirNotes", { name: notes.updated_by ?? "" })}</span>
          <p className="staff-text">{notes.text}</p>
        </div>
      ) : null}
      <button type="submit" className="staff-button secondary" disabled={busy}>
        {t("hosts.saveNotes")}
      </button>
    </Form>
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
