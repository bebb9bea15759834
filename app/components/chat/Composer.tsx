/**
 * The chat's composer (app/routes/chat.tsx): the message, its cost and the member's credits, the
 * emoji picker, and what a refused send says; sending keeps the text until the API confirms it.
 * A message with a word of the site's offensive list asks "Are you sure?" first (ADR 057): with
 * the script before anything is sent, without it when the action answers `nudge`.
 */
import { Suspense, useEffect, useRef, useState } from "react";
import { lazyOrNothing } from "~/lib/lazy-or-nothing";
import { Link, useFetcher, useLocation } from "react-router";
import { NudgePanel } from "~/components/chat/Nudges";
import { PremiumTeaser } from "~/components/commerce/PremiumTeaser";
import { ErrorList } from "~/components/Field";
import { useTypingSignal } from "~/lib/client/typing";
import { MessageSchema } from "~/lib/forms/chat";
import type { FormReply } from "~/lib/forms/reply";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { MESSAGE_MAX } from "../../../contract/limits";
import type { findOffensiveWord } from "../../../contract/rules/offensive-words";

// Only with the script, once the page is live, and not on every phone (their keyboards have
// emoji): loaded when shown, so the conversation page's first load does not carry it.
// Offline the chunk cannot come: the composer goes on without the picker.
const EmojiPicker = lazyOrNothing(() => import("~/components/chat/EmojiPicker").then((m) => m.EmojiPicker));

export function Composer({
  conversation,
  balance,
  cost,
  sendKey,
  actionData,
  name,
  nudgeWords,
  focusOnArrival = false,
}: {
  conversation: number;
  balance: number;
  cost: number;
  sendKey: string;
  actionData: FormReply | undefined;
  /** The other side's name, for "Are you sure?". */
  name: string;
  /** The site's offensive words for this member (the messages answer's nudge_words). */
  nudgeWords: readonly string[];
  /** Arrived from the match moment's "Write to …" (`?write`): the composer is ready to type in. */
  focusOnArrival?: boolean;
}) {
  const { t } = useTranslation();
  const send = useFetcher<FormReply>();
  // A fetcher keeps its last answer through a later send that redirected (went through): that
  // answer is then stale, and neither its error nor its text may stay on screen.
  const [stale, setStale] = useState<FormReply | undefined>(undefined);
  const answerAtSend = useRef<FormReply | undefined>(undefined);
  // A fetcher's answer when the script runs; the page's own answer without it.
  const answer = (send.data !== stale ? send.data : undefined) ?? actionData;
  const form = useForm({ schema: MessageSchema, lastResult: answer?.result });
  const text = form.field("text");
  const area = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = send.state !== "idle";
  const wasSending = useRef(false);
  const { pathname } = useLocation();
  const signalTyping = useTypingSignal(conversation);
  // The unsent text of each conversation (spec §3) stays on the device until it is sent: it
  // survives going offline, a failed send, a reload and leaving the conversation.
  const draftKey = `chat-draft:${pathname}`;
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const draft = localStorage.getItem(draftKey);
    if (draft && area.current && area.current.value === "") area.current.value = draft;
  }, [draftKey]);
  useEffect(() => {
    const busy = send.state !== "idle";
    if (busy && !wasSending.current) answerAtSend.current = send.data;
    // Sent (the action redirected, so no new answer): the composer is empty again.
    if (wasSending.current && !busy && send.data === answerAtSend.current) {
      setStale(send.data);
      formRef.current?.reset();
      localStorage.removeItem(draftKey);
    }
    wasSending.current = busy;
  }, [send.state, send.data, draftKey]);
  // "Are you sure?": found by the script before sending, or answered by the action (without the
  // script, or with words the page did not know); "Edit" closes it until the next answer.
  const [nudgeText, setNudgeText] = useState<string | null>(null);
  const [editedAnswer, setEditedAnswer] = useState<FormReply | undefined>(undefined);
  const nudge = nudgeText ?? (answer?.nudge && answer !== editedAnswer ? (text.initialValue ?? "") : null);
  useEffect(() => {
    // An answer came (or the send went through): the question was answered.
    if (send.state === "idle") setNudgeText(null);
  }, [send.state]);
  // The matcher is a chunk of its own, fetched when the member starts to write: the page's first
  // load stays within its budget (docs/architecture.md §6). Not here yet, the API asks instead.
  const matcher = useRef<typeof findOffensiveWord | null>(null);
  const loadMatcher = () => {
    if (matcher.current || nudgeWords.length === 0) return;
    import("../../../contract/rules/offensive-words").then(
      (module) => {
        matcher.current = module.findOffensiveWord;
      },
      () => undefined,
    );
  };
  const short = answer?.credits ?? (balance < cost ? { balance, cost } : null);
  return (
    <send.Form
      method="post"
      {...form.props}
      onInput={(event) => {
        form.props.onInput(event);
        const value = area.current?.value ?? "";
        if (value.trim() === "") localStorage.removeItem(draftKey);
        else localStorage.setItem(draftKey, value);
        setOffline(false);
      }}
      onSubmit={(event) => {
        // Offline, a send could only fail: the text stays where it is, and the member is told.
        if (!navigator.onLine) {
          event.preventDefault();
          setOffline(true);
          return;
        }
        // An offensive word, not yet confirmed: ask first, send nothing (ADR 057).
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const value = area.current?.value.trim() ?? "";
        if (nudge === null && submitter?.getAttribute("name") !== "confirm" && matcher.current?.(value, nudgeWords)) {
          event.preventDefault();
          setNudgeText(value);
          return;
        }
        form.props.onSubmit(event);
      }}
      ref={formRef}
      className="chat-composer"
      preventScrollReset
    >
      {offline ? (
        <p className="notice-box chat-offline" role="alert">
          {t("chat.offline")}
        </p>
      ) : null}
      {send.formData ? (
        <p className="chat-sending visually-hidden" role="status">
          {t("chat.sending")}
        </p>
      ) : null}
      <ErrorList
        id={`${form.id}-errors`}
        errors={form.formErrors?.filter((e) => e !== "errors.insufficient_credits" && e !== "errors.email_not_confirmed")}
      />
      {form.formErrors?.includes("errors.email_not_confirmed") || answer?.resentTo ? (
        // Writing waits for a confirmed address (docs/decisions/040): the link again, from here.
        <p className="notice-box chat-confirm" role="alert">
          {answer?.resentTo ? (
            t("bans.resent", { email: answer.resentTo })
          ) : (
            <>
              {t("errors.email_not_confirmed")}{" "}
              <button type="submit" name="intent" value="resend-activation" className="link-button" formNoValidate>
                {t("bans.resend")}
              </button>
            </>
          )}
        </p>
      ) : null}
      {short && (
        <p className="notice-box chat-credits-low" role={answer?.credits ? "alert" : undefined}>
          {t("chat.tooFewCredits", { cost: short.cost, balance: short.balance })}{" "}
          {/* Back here after paying: the transaction page's "continue" returns to this chat. */}
          <Link to={`/credits?return_to=${encodeURIComponent(pathname)}`}>{t("chat.buyCredits")}</Link>
        </p>
      )}
      {short && <PremiumTeaser />}
      <input type="hidden" name="key" value={answer?.sendKey ?? sendKey} />
      <label htmlFor={text.id} className="visually-hidden">
        {t("chat.message")}
      </label>
      <textarea
        ref={area}
        id={text.id}
        name={text.name}
        defaultValue={text.initialValue ?? ""}
        rows={1}
        maxLength={MESSAGE_MAX}
        required
        placeholder={t("chat.placeholder")}
        // Hidden while "Are you sure?" asks (the panel posts the text), and kept as typed for "Edit".
        hidden={nudge !== null}
        disabled={nudge !== null}
        aria-invalid={text.errors ? true : undefined}
        aria-describedby={text.errors ? text.errorId : "chat-cost"}
        // biome-ignore lint/a11y/noAutofocus: the member asked to write ("Write to …"); nowhere else.
        autoFocus={focusOnArrival}
        onInput={signalTyping}
        onFocus={loadMatcher}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter makes a new line (with the script; without it Enter is a new line).
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            formRef.current?.requestSubmit();
          }
        }}
      />
      <ErrorList id={text.errorId} errors={text.errors} />
      {nudge !== null ? (
        <NudgePanel
          text={nudge}
          name={name}
          sending={sending}
          onEdit={() => {
            setNudgeText(null);
            setEditedAnswer(answer);
            // The textarea shows again on the next render, with the text as typed.
            requestAnimationFrame(() => area.current?.focus());
          }}
        />
      ) : null}
      <div className="chat-composer-row">
        {form.hydrated && nudge === null && (
          <Suspense fallback={null}>
            <EmojiPicker target={area} />
          </Suspense>
        )}
        <p className="chat-cost" id="chat-cost">
          {t("chat.cost", { count: cost, balance })}
        </p>
        {nudge === null ? (
          <button type="submit" className="button" disabled={sending} aria-busy={sending}>
            {t("chat.send")}
          </button>
        ) : null}
      </div>
    </send.Form>
  );
}
