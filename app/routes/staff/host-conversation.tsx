import { useRef, useState } from "react";
import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigation } from "react-router";
import { FieldError, FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { HostMessages, LeaseNote, LocalTime, ProfileCard, useLiveRevalidation } from "~/components/staff/HostParts";
import { NotesForm } from "~/components/staff/NotesForm";
import { hostClaim, hostConversation, hostNotes, hostRelease, hostReply, hostTyping } from "~/lib/api/hosts.server";
import { HostNotesSchema, HostReplySchema } from "~/lib/forms/hosts";
import { parseForm } from "~/lib/forms/parse.server";
import type { FormReply } from "~/lib/forms/reply";
import { formErrors } from "~/lib/forms/reply.server";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { hostApiMessage } from "~/lib/staff-forms.server";
import { loadStaffDetail, readStaffPost, STAFF_HEADERS } from "~/lib/staff.server";
import { MESSAGE_MAX, TYPING_SIGNAL_MS } from "../../../contract/limits";
import { hostReplyProblem } from "../../../contract/rules/host-reply";
import type { Route } from "./+types/host-conversation";

/** While the host reads and types, the conversation reloads itself this often (a member may write again). */
const LIVE_MS = 10_000;
/** Typing tells the API at most this often: the member sees "… is typing", and the lease runs on. */
const TYPING_EVERY_MS = TYPING_SIGNAL_MS;

/**
 * /staff/hosts/:conversationId: one conversation to answer as the entertainment profile (ADR 045):
 * the messages, the reply form, the persona with its notes, and the member with the notes about
 * them. Outside the host's sites and languages: the 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.conversationId);
  const loaded = await loadStaffDetail(args, (api) => hostConversation(api, Number.isSafeInteger(id) && id > 0 ? id : 0));
  // A fresh key for the next reply: a resent form (double click, retry) sends it again, and the API writes it once.
  return { ...loaded, sendKey: crypto.randomUUID() };
}

const reply = (section: string, body: Omit<FormReply, "section">, status: number) =>
  data<FormReply>({ ...body, section }, { status, headers: STAFF_HEADERS });

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const conversation = Number(args.params.conversationId);
  if (!Number.isSafeInteger(conversation) || conversation <= 0) throw redirect("/staff/hosts", { headers: STAFF_HEADERS });
  const intent = form.get("intent");

  if (intent === "claim") {
    const result = await hostClaim(api, conversation);
    if (!result.ok) return reply("lease", { result: formErrors(hostApiMessage(result.error)) }, result.status);
    throw redirect(`/staff/hosts/${conversation}`, { headers: STAFF_HEADERS });
  }
  if (intent === "typing") {
    // From the page's script only (a fetcher): the lease runs on; nothing to show.
    const result = await hostTyping(api, conversation);
    return reply("typing", { result: formErrors() }, result.ok ? 200 : result.status);
  }
  if (intent === "release") {
    await hostRelease(api, conversation);
    throw redirect("/staff/hosts", { headers: STAFF_HEADERS });
  }
  if (intent === "notes") {
    const submission = parseForm(form, HostNotesSchema);
    const section = `notes-${form.get("about") === "member" ? "member" : "profile"}`;
    if (submission.status !== "success") return reply(section, { result: submission.reply() }, 400);
    const { about, text, version } = submission.value;
    const result = await hostNotes(api, { conversation, about, text, version: Number(version) });
    if (!result.ok)
      return reply(section, { result: submission.reply({ formErrors: [hostApiMessage(result.error)] }) }, result.status);
    throw redirect(`/staff/hosts/${conversation}?saved`, { headers: STAFF_HEADERS });
  }

  const submission = parseForm(form, HostReplySchema);
  if (submission.status !== "success") return reply("reply", { result: submission.reply() }, 400);
  // Contact details, links, proposals to meet: refused with the reason, the text kept (the API checks again).
  const problem = hostReplyProblem(submission.value.text);
  if (problem) return reply("reply", { result: submission.reply({ fieldErrors: { text: [`hosts.errors.${problem}`] } }) }, 422);
  const result = await hostReply(api, { conversation, ...submission.value });
  if (!result.ok) {
    const field = result.error.fields?.text;
    // The API's reasons (a link, a phone number…) beside the field; the rest as the form's message. The text stays.
    const result_ = field
      ? submission.reply({ fieldErrors: { text: [`hosts.errors.${field}`] } })
      : submission.reply({ formErrors: [hostApiMessage(result.error)] });
    return reply("reply", { result: result_, sendKey: submission.value.key }, result.status);
  }
  // Sent: on to the next member waiting.
  throw redirect("/staff/hosts?sent", { headers: STAFF_HEADERS });
}

/** A typing signal changes nothing the page shows: no reload after it. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "typing" ? false : defaultShouldRevalidate;
}

export default function HostConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { member, profile, messages, profile_notes, member_notes, lease, refusal, now, saved, site_name } = loaderData;
  useLiveRevalidation(LIVE_MS);
  const heading = t("hosts.conversationHeading", { member: member.name || t("hosts.deletedMember"), profile: profile.name });
  const mayReply = refusal === null && lease?.mine === true;
  return (
    <>
      <PageHeading heading={heading} saved={saved} savedText={t("hosts.notesSaved")} />
      <p className="staff-muted host-context">
        {site_name} · <LocalTime timeZone={member.timezone} now={now} />
        {member.paid ? (
          <>
            {" · "}
            <span className="staff-badge host-paid">{t("hosts.paid")}</span>
          </>
        ) : null}
      </p>
      <div className="staff-grid host-grid">
        <div>
          <section className="staff-panel" aria-labelledby="host-conversation">
            <h2 id="host-conversation">{t("hosts.conversation")}</h2>
            <HostMessages messages={messages} memberName={member.name} profileName={profile.name} now={now} />
          </section>
          <section className="staff-panel" aria-labelledby="host-reply">
            <h2 id="host-reply">{t("hosts.replyAs", { name: profile.name })}</h2>
            <LeaseNote data={loaderData} />
            {actionData?.section === "lease" ? <FormAlert error={actionData.result.error?.[""]?.[0]} /> : null}
            {refusal ? (
              <p className="staff-muted">{t(`hosts.refusals.${refusal}`)}</p>
            ) : mayReply ? (
              <ReplyForm
                reply={actionData?.section === "reply" ? actionData : undefined}
                sendKey={loaderData.sendKey}
                busy={busy}
              />
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="claim" />
                <button type="submit" className="staff-button" disabled={busy || Boolean(lease && !lease.mine)}>
                  {t("hosts.claim")}
                </button>
              </Form>
            )}
            {lease?.mine ? (
              <Form method="post" className="host-leave">
                <input type="hidden" name="intent" value="release" />
                <button type="submit" className="staff-button secondary" disabled={busy}>
                  {t("hosts.leave")}
                </button>
              </Form>
            ) : null}
          </section>
        </div>
        <div>
          <ProfileCard profile={profile} heading={t("hosts.persona")} id="host-persona">
            <NotesForm
              about="profile"
              notes={profile_notes}
              reply={actionData}
              label={t("hosts.personaNotes")}
              help={t("hosts.personaNotesHelp")}
              busy={busy}
              now={now}
            />
          </ProfileCard>
          <ProfileCard profile={member} heading={t("hosts.member")} id="host-member">
            <NotesForm
              about="member"
              notes={member_notes}
              reply={actionData}
              label={t("hosts.memberNotes")}
              help={t("hosts.memberNotesHelp")}
              busy={busy}
              now={now}
            />
          </ProfileCard>
        </div>
      </div>
    </>
  );
}

/** The reply: a character count, the reasons a reply is refused before it is sent, and the text kept on any error. */
function ReplyForm({ reply, sendKey, busy }: { reply: FormReply | undefined; sendKey: string; busy: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ schema: HostReplySchema, lastResult: reply?.result });
  const text = form.field("text");
  const formError = form.formErrors?.[0];
  const [length, setLength] = useState((text.initialValue ?? "").length);
  const typing = useFetcher();
  const lastTyping = useRef(0);
  const onInput = (event: React.FormEvent<HTMLTextAreaElement>) => {
    setLength(event.currentTarget.value.replace(/\r\n?/g, "\n").length);
    if (Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    typing.submit({ intent: "typing" }, { method: "post" });
  };
  return (
    <Form method="post" className="staff-form" {...form.props}>
      <FormAlert error={formError} />
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="key" value={reply?.sendKey ?? sendKey} />
      <label htmlFor="host-reply-text">{t("hosts.replyLabel")}</label>
      <textarea
        id="host-reply-text"
        name={text.name}
        required
        maxLength={MESSAGE_MAX}
        defaultValue={text.initialValue ?? ""}
        onInput={onInput}
        aria-invalid={text.errors ? true : undefined}
        aria-describedby={`host-reply-help${text.errors ? ` ${text.errorId}` : ""}`}
      />
      <span id="host-reply-help" className="staff-help">
        <span className="host-count">{t("hosts.count", { count: length, max: MESSAGE_MAX })}</span> {t("hosts.replyHelp")}
      </span>
      <FieldError id={text.errorId} error={text.errors?.[0]} />
      <button type="submit" disabled={busy}>
        {t("hosts.send")}
      </button>
    </Form>
  );
}
