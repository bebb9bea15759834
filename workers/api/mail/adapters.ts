/**
 * How mail leaves the platform (docs/decisions/006-mail-delivery.md). Every mail is first
 * written to mail_outbox (mail/outbox.ts); an adapter then delivers it:
 *
 * - "outbox" (local development, the default): the row in mail_outbox IS the delivery; the
 *   development mailbox (/_dev/mailbox) shows it, so the activation link can be clicked.
 * - "resend": Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email),
 *   authenticated with the secret RESEND_API_KEY.
 *
 * Chosen by the MAIL_ADAPTER variable. An adapter resolves when the mail was accepted and
 * throws (with a message for operators) when it was not.
 */

export interface OutgoingMail {
  /** mail_outbox.id: makes the send idempotent at the provider. */
  id: number;
  /** "Site name <address>". */
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
}

export interface MailAdapter {
  readonly name: "outbox" | "resend";
  send(mail: OutgoingMail): Promise<void>;
}

export const outboxAdapter: MailAdapter = {
  name: "outbox",
  // Nothing to do: the outbox row is the mail.
  send: async () => {},
};

export const RESEND_ENDPOINT = "https://api.resend.com/emails";
const RESEND_TIMEOUT_MS = 10_000;

export function resendAdapter(apiKey: string | undefined, fetcher?: typeof fetch): MailAdapter {
  return {
    name: "resend",
    async send(mail) {
      if (!apiKey) throw new Error("RESEND_API_KEY is not set (wrangler secret put RESEND_API_KEY)");
      const response = await (fetcher ?? fetch)(RESEND_ENDPOINT, {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          // Resend answers a repeated key with the first answer instead of sending twice.
          "idempotency-key": `mail_outbox/${mail.id}`,
        },
        body: JSON.stringify({
          from: mail.from,
          to: [mail.to],
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
        }),
        signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
      });
      if (!response.ok) {
        // Resend answers errors as { statusCode, name, message }; keep it short for the row.
        const detail = (await response.text().catch(() => "")).slice(0, 500);
        throw new Error(`Resend answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
    },
  };
}

/** The adapter MAIL_ADAPTER names; anything unknown is a configuration error, not silence. */
export function mailAdapter(env: { MAIL_ADAPTER?: string; RESEND_API_KEY?: string }, fetcher?: typeof fetch): MailAdapter {
  switch (env.MAIL_ADAPTER ?? "outbox") {
    case "outbox":
      return outboxAdapter;
    case "resend":
      return resendAdapter(env.RESEND_API_KEY, fetcher);
    default:
      throw new Error(`Unknown MAIL_ADAPTER "${env.MAIL_ADAPTER}" (use "outbox" or "resend")`);
  }
}
