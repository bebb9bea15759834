/**
 * The site-branded mail layout: an HTML version (inline styles only, no tables, no images, no
 * external resources, so every mail client shows it the same) and a plain-text version with the
 * same content. Every interpolated value is escaped in the HTML; the texts come from
 * app/locales (key "mail"), interpolated first and escaped as a whole.
 */
import type { StoredSettings } from "../../../contract/schemas";
import type { Locale } from "../../../contract/locales";
import { messages } from "../../../contract/messages";
import { createTranslator } from "../../../contract/translator";

export const BRAND_COLOUR = "#b0124f";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export interface MailContent {
  locale: Locale;
  subject: string;
  /** Hidden preview line most mail clients show after the subject. */
  preheader: string;
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** Label and value lines after the intro (a receipt's order lines); `strong` for a total. */
  details?: { label: string; value: string; strong?: boolean }[];
  /** More footer lines after the company line (a receipt's registration and VAT numbers). */
  legal?: string[];
  button: { label: string; url: string };
  /** "Or copy this link…": the button's URL is shown in full after it. */
  linkIntro: string;
  /** Paragraphs after the link. */
  outro: string[];
  signature: string;
  /** Why the reader got this mail. */
  reason: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** "Demo Dating B.V. · Keizersgracht 1 · Amsterdam · Netherlands": the parts a site has. */
export function companyLine(settings: StoredSettings, separator: string): string {
  return [settings.company_name, settings.company_address, settings.company_city, settings.company_country]
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .join(separator);
}

/** Label and value lines in a bordered box (no tables: every client shows plain paragraphs the same). */
function details(lines: NonNullable<MailContent["details"]>): string {
  if (lines.length === 0) return "";
  const line = (d: (typeof lines)[number]) =>
    `<p style="margin:0 0 6px;font-size:15px;line-height:1.4${d.strong ? ";font-weight:bold" : ""}"><span style="color:#5f5f5f">${escapeHtml(d.label)}:</span> ${escapeHtml(d.value)}</p>`;
  return `<div style="margin:0 0 16px;padding:12px 16px;border:1px solid #e6e0e2;border-radius:6px">${lines.map(line).join("")}</div>`;
}

/**
 * The site's screening notice under every mail when its settings show it (issue 30 point 6, ADR
 * 053: "… does not conduct criminal background screenings of its members"), in the mail's language.
 */
export function screeningNoticeLine(settings: Pick<StoredSettings, "name" | "screening_notice">, locale: Locale): string | null {
  if (!settings.screening_notice) return null;
  return createTranslator(locale, messages[locale]).t("safety2.screeningNotice", { site: settings.name });
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function renderMail(settings: StoredSettings, content: MailContent): RenderedMail {
  const e = escapeHtml;
  const notice = screeningNoticeLine(settings, content.locale);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${e(text)}</p>`;
  const url = e(content.button.url);
  const html = `<!doctype html>
<html lang="${e(content.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f1f2;color:#1f1f1f;${FONT}">
<div style="display:none;max-height:0;overflow:hidden">${e(content.preheader)}</div>
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<div style="background:${BRAND_COLOUR};color:#ffffff;padding:20px 24px;border-radius:8px 8px 0 0;font-size:24px;font-weight:bold">${e(settings.name)}</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
${paragraph(content.greeting)}
${content.intro.map(paragraph).join("\n")}
${details(content.details ?? [])}
<div style="margin:24px 0;text-align:center">
<a href="${url}" style="display:inline-block;background:${BRAND_COLOUR};color:#ffffff;padding:14px 28px;border-radius:6px;font-size:18px;font-weight:bold;text-decoration:none">${e(content.button.label)}</a>
</div>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5">${e(content.linkIntro)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;word-break:break-all"><a href="${url}" style="color:${BRAND_COLOUR}">${url}</a></p>
${content.outro.map(paragraph).join("\n")}
${paragraph(content.signature)}
</div>
<div style="padding:16px 8px;color:#5f5f5f;font-size:12px;line-height:1.5;text-align:center">
<p style="margin:0 0 8px">${e(content.reason)}</p>
${notice ? `<p style="margin:0 0 8px;font-weight:bold">${e(notice)}</p>` : ""}
<p style="margin:0">${e(companyLine(settings, " · "))}</p>
${(content.legal ?? []).map((line) => `<p style="margin:0">${e(line)}</p>`).join("\n")}
</div>
</div>
</body>
</html>
`;

  const text = [
    settings.name,
    "",
    content.greeting,
    "",
    ...content.intro.flatMap((p) => [p, ""]),
    ...(content.details?.length ? [...content.details.map((d) => `${d.label}: ${d.value}`), ""] : []),
    `${content.button.label}:`,
    content.button.url,
    "",
    ...content.outro.flatMap((p) => [p, ""]),
    content.signature,
    "",
    "-- ",
    content.reason,
    ...(notice ? [notice] : []),
    companyLine(settings, ", "),
    ...(content.legal ?? []),
    "",
  ].join("\n");

  return { subject: content.subject, html, text };
}
