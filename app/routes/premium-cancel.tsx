import { Form, Link, redirect, useNavigation } from "react-router";
import { ErrorList } from "~/components/Field";
import {
  cancelPremium,
  cancelPremiumByMail,
  checkPremiumCancelToken,
  confirmPremiumCancel,
  fetchPremium,
} from "~/lib/api/commerce.server";
import { getOptionalUser } from "~/lib/auth.server";
import { formErrorsOf } from "~/lib/forms/reply";
import { apiErrorMessage, formErrors, formReply } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { useOptionalUser } from "~/lib/root-data";
import type { Route } from "./+types/premium-cancel";
import { dateTimeFormat } from "~/lib/format";

/**
 * /premium/cancel (public; docs/product.md §11.8): "Cancel contracts here" (§312k BGB), linked
 * from every page's footer. A member sees the contract and one "Cancel now" button; a visitor
 * gives the address of the account instead, without logging in: that mails a confirmation link
 * to the account's address (issue 25), and only that link (/premium/cancel?token=…, a page that
 * asks, then a post) cancels. Either way the cancellation is confirmed by mail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const token = url.searchParams.get("token");
  if (token !== null) {
    const check = token === "" ? null : await checkPremiumCancelToken(context.get(apiContext), token);
    const valid = check?.ok === true && check.data.valid;
    return { loggedIn: false as const, done, premium: null, token: valid ? token : null, tokenInvalid: !valid };
  }
  if (!(await getOptionalUser(context)))
    return { loggedIn: false as const, done, premium: null, token: null, tokenInvalid: false };
  const state = await fetchPremium(context.get(apiContext));
  if (!state.ok) pageError(state.status);
  return { loggedIn: true as const, done, premium: state.data.premium, token: null, tokenInvalid: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return formReply(formErrors("errors.generic"), 400);
  }
  const token = form.get("token");
  if (token !== null) {
    // The link from the mail: the one way a cancellation asked for without logging in takes effect.
    const result = await confirmPremiumCancel(api, String(token));
    if (!result.ok) {
      if (result.status >= 500) return formReply(formErrors("errors.generic"), result.status);
      return formReply(formErrors(), 410, { expired: true });
    }
    throw redirect("/premium/cancel?done=confirmed");
  }
  if (await getOptionalUser(context)) {
    const result = await cancelPremium(api);
    if (!result.ok) return formReply(formErrors(apiErrorMessage(result.error, [])), result.status);
    throw redirect("/premium/cancel?done=member");
  }
  const email = String(form.get("email") ?? "").trim();
  if (email === "" || email.length > 254 || !email.includes("@")) return formReply(formErrors("validation.email"), 400);
  const result = await cancelPremiumByMail(api, email);
  if (!result.ok) return formReply(formErrors(apiErrorMessage(result.error, ["rate_limited"])), result.status);
  throw redirect("/premium/cancel?done=mail");
}

export default function PremiumCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const user = useOptionalUser();
  const busy = useNavigation().state !== "idle";
  const { premium, done, loggedIn, token, tokenInvalid } = loaderData;
  const date = (ms: number) =>
    dateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: user?.timeZone ?? "UTC" }).format(ms);
  const errors = formErrorsOf(actionData);

  if (done === "mail") {
    return (
      <div className="narrow transaction">
        <title>{t("premiumCancel.checkMailHeading")}</title>
        <h1>{t("premiumCancel.checkMailHeading")}</h1>
        <p className="lead" role="status">
          {t("premiumCancel.doneByMail")}
        </p>
      </div>
    );
  }
  if (done === "confirmed") {
    return (
      <div className="narrow transaction">
        <title>{t("premiumCancel.doneHeading")}</title>
        <div className="transaction-icon paid" aria-hidden="true" />
        <h1>{t("premiumCancel.doneHeading")}</h1>
        <p className="lead" role="status">
          {t("premiumCancel.doneConfirmed")}
        </p>
      </div>
    );
  }
  if (tokenInvalid || actionData?.expired) {
    return (
      <div className="narrow">
        <title>{t("premiumCancel.invalidHeading")}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("premiumCancel.invalidHeading")}</h1>
        <p>{t("premiumCancel.invalidText")}</p>
        <p>
          <Link className="button" to="/premium/cancel">
            {t("premiumCancel.heading")}
          </Link>
        </p>
      </div>
    );
  }
  if (token) {
    return (
      <div className="narrow order">
        <title>{t("premiumCancel.confirmHeading")}</title>
        <meta name="robots" content="noindex" />
        <h1>{t("premiumCancel.confirmHeading")}</h1>
        <p>{t("premiumCancel.confirmText")}</p>
        <Form method="post" className="stack">
          <ErrorList errors={errors} />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button large danger" disabled={busy} aria-busy={busy}>
            {t("premiumCancel.confirm")}
          </button>
        </Form>
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
