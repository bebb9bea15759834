import { Form, Link, redirect } from "react-router";
import { devTools, setDevCredits } from "~/lib/api/chat.server";
import { getOptionalUser } from "~/lib/auth.server";
import { toastCookie } from "~/lib/cookies.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/middleware.server";
import { notFound, pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/dev-panel";

/**
 * /_dev (developer only, docs/product.md §1's development panel): tools for trying the product on this
 * machine. It exists only where the API's development tools answer (DEV_TOOLS="1" on a loopback
 * host); everywhere else it is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tools = await devTools(context.get(apiContext));
  if (!tools.ok) return notFound({ request, context });
  return { loggedIn: getOptionalUser(context) !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tools = await devTools(context.get(apiContext));
  if (!tools.ok || !getOptionalUser(context)) throw redirect("/_dev");
  const result = await setDevCredits(context.get(apiContext), 0);
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
          {loaderData.loggedIn ? (
            <Form method="post">
              <button type="submit" className="button secondary">
                {t("devPanel.creditsZero")}
              </button>
            </Form>
          ) : (
            <p>{t("devPanel.loginForCredits")}</p>
          )}
        </li>
      </ul>
    </div>
  );
}
