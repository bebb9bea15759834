/**
 * The chat's composer (app/routes/chat.tsx): the message, its cost and the member's credits, the
 * emoji picker, and what a refused send says; sending keeps the text until the API confirms it.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { EmojiPicker } from "~/components/chat/EmojiPicker";
import { PremiumTeaser } from "~/components/commerce/PremiumTeaser";
import { ErrorList } from "~/components/Field";
import { useTypingSignal } from "~/lib/client/typing";
import { MessageSchema } from "~/lib/forms/chat";
import type { FormReply } from "~/lib/forms/reply";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { MESSAGE_MAX } from "../../../contract/limits";

export function Composer({
  conversation,
  balance,
  cost,
  sendKey,
  actionData,
}: {
  conversation: number;
  balance: number;
  cost: number;
  sendKey: string;
  actionData: FormReply | undefined;
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
        aria-invalid={text.errors ? true : undefined}
        aria-describedby={text.errors ? text.errorId : "chat-cost"}
        onInput={signalTyping}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter makes a new line (with the script; without it Enter is a new line).
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            formRef.current?.requestSubmit();
          }
        }}
      />
      <ErrorList id={text.errorId} errors={text.errors} />
      <div className="chat-composer-row">
        {form.hydrated && <EmojiPicker target={area} />}
        <p className="chat-cost" id="chat-cost">
          {t("chat.cost", { count: cost, balance })}
        </p>
        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {t("chat.send")}
        </button>
      </div>
    </send.Form>
  );
}
