import { Form, Link, redirect } from "react-router";
import { devTools, setDevCredits } from "~/lib/api/chat.server";
import { devHostWait, devRenewPremium, devTimeBonus } from "~/lib/api/dev.server";
import { getOptionalUser } from "~/lib/auth.server";
import { ENTRY_WARNING_COOKIE, entryWarningCookie, readCookie, toastCookie } from "~/lib/cookies.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/dev-panel";
import { siteSettings } from "~/lib/api/site.server";
import { designCookie, templateFor } from "~/lib/theme.server";
import { isTemplateName, TEMPLATES } from "../../contract/rules/templates";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /_dev (developer only, docs/product.md §1's development panel): tools for trying the product on this
 * machine. It exists only where the API's development tools answer (DEV_TOOLS="1" on a loopback
 * host); everywhere else it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tools = await devTools(context.get(apiContext));
  if (!tools.ok) return notFound({ request, context });
  const settings = await siteSettings(request, context);
  return {
    loggedIn: (await getOptionalUser(context)) !== null,
    template: templateFor(request, settings),
    siteTemplate: settings.template,
    /** Whether this site shows the site-entry warning, and whether this browser has skipped it. */
    entryWarning: settings.entry_warning,
    entryWarningSkipped: readCookie(request, ENTRY_WARNING_COOKIE.name) === "1",
  };
}

/** What the panel's buttons do for the logged-in member. */
const INTENTS = ["credits-zero", "credits-add", "bonus-start", "bonus-expire", "premium-renew", "host-wait"] as const;
/** The panel's time bonus: this much off for this long (the API takes any 1–90% and up to 30 days). */
const BONUS = { percent: 35, hours: 2 };

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const tools = await devTools(api);
  if (!tools.ok) throw redirect("/_dev");
  const intent = String((await request.formData().catch(() => new FormData())).get("intent") ?? "credits-zero");
  if (intent === "entry-warning-reset") {
    // "Delete the skipped-site-entry-warning flag" (spec §1): the next page shows the warning again.
    const headers = new Headers();
    headers.append("Set-Cookie", entryWarningCookie(request, false));
    headers.append("Set-Cookie", toastCookie(request, { key: "entryWarningReset" }));
    throw redirect("/_dev", { headers });
  }
  const design = /^design-(.+)$/.exec(intent)?.[1];
  if (design !== undefined) {
    // "Switch design version" (spec §1): this browser only, on this machine only (lib/theme.server.ts).
    const settings = await siteSettings(request, context);
    const template = isTemplateName(design) && design !== settings.template ? design : null;
    throw redirect("/_dev", { headers: { "Set-Cookie": designCookie(request, template) } });
  }
  const user = await getOptionalUser(context);
  if (!user) throw redirect("/_dev");
  if (!(INTENTS as readonly string[]).includes(intent)) return pageError(400);
  const result =
    intent === "credits-zero"
      ? await setDevCredits(api, 0)
      : intent === "credits-add"
        ? await setDevCredits(api, user.credits + 100)
        : intent === "bonus-start"
          ? await devTimeBonus(api, { action: "start", ...BONUS })
          : intent === "bonus-expire"
            ? await devTimeBonus(api, { action: "expire" })
            : intent === "host-wait"
              ? await devHostWait(api)
              : await devRenewPremium(api);
  if (!result.ok) pageError(result.status);
  throw redirect("/_dev", { headers: { "Set-Cookie": toastCookie(request, { key: "profileSaved" }) } });
}

export default function DevPanel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="narrow">
      <title>{t("devPanel.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t("devPanel.heading")}</h1>
      <p className="lead">{t("devPanel.lead")}</p>
      <ul className="stack">
        <li>
          <Link to="/_dev/mailbox">{t("devPanel.mailbox")}</Link>
        </li>
        <li>
          <Link to="/_dev/postbacks">{t("devPanel.postbacks")}</Link>
        </li>
        <li>
          {t("devPanel.previewsLead")} <Link to="/_dev/dialogs">{t("devPanel.previews.dialogs")}</Link> ·{" "}
          <Link to="/_dev/top-nav">{t("devPanel.previews.top-nav")}</Link> ·{" "}
          <Link to="/_dev/activate-reminder">{t("devPanel.previews.activate-reminder")}</Link>
        </li>
        <li>
          {loaderData.loggedIn ? (
            <Form method="post" className="step-buttons">
              <button type="submit" name="intent" value="credits-zero" className="button secondary">
                {t("devPanel.creditsZero")}
              </button>
              <button type="submit" name="intent" value="credits-add" className="button secondary">
                {t("devPanel.creditsAdd")}
              </button>
              <button type="submit" name="intent" value="bonus-start" className="button secondary">
                {t("devPanel.bonusStart", BONUS)}
              </button>
              <button type="submit" name="intent" value="bonus-expire" className="button secondary">
                {t("devPanel.bonusExpire")}
              </button>
              <button type="submit" name="intent" value="premium-renew" className="button secondary">
                {t("devPanel.premiumRenew")}
              </button>
              <button type="submit" name="intent" value="host-wait" className="button secondary">
                {t("devPanel.hostWait")}
              </button>
            </Form>
          ) : (
            <p>{t("devPanel.loginForCredits")}</p>
          )}
        </li>
        <li>
          <Form method="post" className="stack">
            <p>
              {t("devPanel.designNow", { template: t(`devPanel.templates.${loaderData.template}`) })}{" "}
              {loaderData.template !== loaderData.siteTemplate ? t("devPanel.designOverride") : null}
            </p>
            <div className="step-buttons">
              {TEMPLATES.map((template) => (
                <button
                  key={template}
                  type="submit"
                  name="intent"
                  value={`design-${template}`}
                  className="button secondary"
                  aria-pressed={template === loaderData.template}
                >
                  {t("devPanel.designSwitch", { template: t(`devPanel.templates.${template}`) })}
                </button>
              ))}
            </div>
          </Form>
        </li>
        <li>
          <Form method="post" className="stack">
            <p>
              {loaderData.entryWarning ? t("devPanel.entryWarningOn") : t("devPanel.entryWarningOff")}{" "}
              {loaderData.entryWarningSkipped ? t("devPanel.entryWarningSkipped") : t("devPanel.entryWarningNotSkipped")}
            </p>
            <div className="step-buttons">
              <button type="submit" name="intent" value="entry-warning-reset" className="button secondary">
                {t("devPanel.entryWarningReset")}
              </button>
            </div>
          </Form>
        </li>
      </ul>
    </div>
  );
}
