import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import { cancelPremium, cancelPremiumByMail, fetchPremium } from "~/lib/api/commerce.server";
import { getOptionalUser } from "~/lib/auth.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { apiErrorMessage, formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { pageError } from "~/lib/page-errors.server";
import { useOptionalUser } from "~/lib/root-data";
import type { Route } from "./+types/premium-cancel";

/**
 * /premium/cancel (public; docs/product.md §11.8): "Cancel contracts here" (§312k BGB), linked
 * from every page's footer. A member sees the contract and one "Cancel now" button; a visitor
 * gives the address of the account instead, without logging in. Either way the cancellation is
 * confirmed at once by mail, and the page says when premium ends.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get("done");
  if (!getOptionalUser(context)) return { loggedIn: false as const, done, premium: null };
  const state = await fetchPremium(context.get(apiContext));
  if (!state.ok) pageError(state.status);
  return { loggedIn: true as const, done, premium: state.data.premium };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  if (getOptionalUser(context)) {
    const result = await cancelPremium(api);
    if (!result.ok) return formReply(formErrors(apiErrorMessage(result.error, [])), result.status);
    throw redirect("/premium/cancel?done=member");
  }
  const email = String((await request.formData()).get("email") ?? "").trim();
  if (email === "" || email.length > 254 || !email.includes("@")) return formReply(formErrors("validation.email"), 400);
  const result = await cancelPremiumByMail(api, email);
  if (!result.ok) return formReply(formErrors(apiErrorMessage(result.error, ["rate_limited"])), result.status);
  throw redirect("/premium/cancel?done=mail");
}

export default function PremiumCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const user = useOptionalUser();
  const busy = useNavigation().state !== "idle";
  const { premium, done, loggedIn } = loaderData;
  const date = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: user?.timeZone ?? "UTC" }).format(ms);
  const errors = formErrorsOf(actionData);

  if (done === "mail") {
    return (
      <div className="narrow transaction">
        <title>{t("premiumCancel.doneHeading")}</title>
        <h1>{t("premiumCancel.doneHeading")}</h1>
        <p className="lead" role="status">
          {t("premiumCancel.doneByMail")}
        </p>
      </div>
    );
  }
  if (loggedIn && premium && !premium.renews) {
    return (
      <div className="narrow transaction">
        <title>{t("premiumCancel.doneHeading")}</title>
        <div className="transaction-icon paid" aria-hidden="true" />
        <h1>{t("premiumCancel.doneHeading")}</h1>
        <p className="lead" role="status">
          {t("premiumCancel.done", { received: date(premium.canceled_at ?? Date.now()), ends: date(premium.until) })}
        </p>
        <p>
          <Link to="/premium">{t("premiumCancel.toPremium")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow order">
      <title>{t("premiumCancel.title")}</title>
      <h1>{t("premiumCancel.heading")}</h1>
      {loggedIn ? (
        premium?.renews ? (
          <>
            <dl className="order-summary">
              <dt>{t("premiumCancel.contract")}</dt>
              <dd>{t("premium.months", { count: premium.months })}</dd>
              <dt>{t("premiumCancel.renewsOn")}</dt>
              <dd>{date(premium.until)}</dd>
            </dl>
            <p>{t("premiumCancel.explain", { date: date(premium.until) })}</p>
            <Form method="post" className="stack">
              <ErrorList errors={errors} />
              <button type="submit" className="button large danger" disabled={busy} aria-busy={busy}>
                {t("premiumCancel.confirm")}
              </button>
            </Form>
          </>
        ) : (
          <p className="notice-box">{t("premiumCancel.nothing")}</p>
        )
      ) : (
        <>
          <p>{t("premiumCancel.visitor")}</p>
          <Form method="post" className="stack">
            <div className="field">
              <label htmlFor="cancel-email">{t("premiumCancel.email")}</label>
              <input
                id="cancel-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? "cancel-errors" : undefined}
              />
            </div>
            <ErrorList id="cancel-errors" errors={errors} />
            <button type="submit" className="button large danger" disabled={busy} aria-busy={busy}>
              {t("premiumCancel.confirm")}
            </button>
          </Form>
          <p className="fine-print">
            <Link to="/login?redirectTo=/premium/cancel">{t("premiumCancel.orLogin")}</Link>
          </p>
        </>
      )}
    </div>
  );
}
