import { staffCodes } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound, pageError } from "~/lib/page-errors.server";
import type { Route } from "./+types/dev-codes";

/**
 * /_dev/staff-codes (developer only): the current TOTP code of each demo staff account, so a
 * newcomer can sign in at /staff without an authenticator app. The API answers 404 unless the
 * development tools run (DEV_TOOLS="1" on a loopback host); then this page is a 404 too.
 */
export async function loader(args: Route.LoaderArgs) {
  const result = await staffCodes(args.context.get(apiContext));
  if (!result.ok) {
    if (result.status === 404) return notFound(args);
    pageError(result.status);
  }
  return result.data;
}

export default function StaffDevCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="staff-narrow staff-panel">
      <title>{t("staff.devCodesHeading")}</title>
      <h1>{t("staff.devCodesHeading")}</h1>
      <p>{t("staff.devCodesLead")}</p>
      <dl className="staff-facts">
        {loaderData.codes.map((code) => (
          <div key={code.email} style={{ display: "contents" }}>
            <dt>{code.email}</dt>
            <dd>
              <strong>{code.code}</strong> <span className="staff-muted">{t("staff.validFor", { seconds: code.valid_for })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
