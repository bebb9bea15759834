/**
 * The mail a support message becomes (POST /api/support.php): to the site's support address, in
 * the site's language, with the sender as Reply-To, so support answers with one click. What
 * the sender typed is text: escaped in the HTML, kept with its line breaks.
 */
import type { StoredSettings } from "../../../contract/schemas";
import type { SupportBody } from "../../../contract/rules/support";
import { translatorFor } from "../lib/i18n";
import { BRAND_COLOUR, companyLine, escapeHtml, type RenderedMail } from "./template";

export interface SupportMailInput extends SupportBody {
  reference: string;
  /** The sender's account when they were logged in: support sees who wrote, not only the address they typed. */
  memberId: number | null;
  memberEmail: string | null;
  ip: string;
}

export function renderSupportMail(settings: StoredSettings, input: SupportMailInput): RenderedMail {
  const { t } = translatorFor(settings.domain_language);
  const topic = t(`service.topics.${input.topic}`);
  const subject = t("mail.support.subject", { site: settings.name, topic, reference: input.reference });
  const lines: [string, string][] = [
    [t("mail.support.from"), `${input.name} <${input.email}>`],
    [t("mail.support.topic"), topic],
    [t("mail.support.reference"), input.reference],
    [
      t("mail.support.account"),
      input.memberId === null ? t("mail.support.noAccount") : `#${input.memberId} ${input.memberEmail ?? ""}`.trim(),
    ],
    ["IP", input.ip],
  ];
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(settings.domain_language)}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px 16px;background:#f4f1f2;color:#1f1f1f;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border-top:4px solid ${BRAND_COLOUR};border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold">${e(subject)}</p>
${lines.map(([label, value]) => `<p style="margin:0 0 6px;font-size:15px"><span style="color:#5f5f5f">${e(label)}:</span> ${e(value)}</p>`).join("\n")}
<div style="margin:16px 0 0;padding:16px;border:1px solid #e6e0e2;border-radius:6px;font-size:15px;line-height:1.5;white-space:pre-wrap;word-break:break-word">${e(input.message)}</div>
<p style="margin:16px 0 0;color:#5f5f5f;font-size:13px">${e(t("mail.support.replyHint"))}</p>
<p style="margin:8px 0 0;color:#5f5f5f;font-size:12px">${e(companyLine(settings, " · "))}</p>
</div>
</body>
</html>
`;
  const text = [
    subject,
    "",
    ...lines.map(([label, value]) => `${label}: ${value}`),
    "",
    input.message,
    "",
    "-- ",
    t("mail.support.replyHint"),
    "",
  ].join("\n");
  return { subject, html, text };
}
