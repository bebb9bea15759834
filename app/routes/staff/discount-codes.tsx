import { Link, redirect } from "react-router";
import {
  AutomaticOffers,
  CodeGives,
  CodePackages,
  CodeTime,
  Revenue,
  StateBadge,
  Uses,
} from "~/components/staff/DiscountCodeParts";
import { PageHeading } from "~/components/staff/StaffParts";
import { discountCodes } from "~/lib/api/discount-codes.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import commerceCss from "~/staff-commerce.css?url";
import type { Route } from "./+types/discount-codes";

/** Orders and codes have styles of their own, a file only their pages load. */
export function links() {
  return [{ rel: "stylesheet", href: commerceCss }];
}

/**
 * /staff/codes: the general discount codes of the admin's sites (docs/product.md §16.4, ADR 049),
 * newest first, with their state, uses and revenue; "New code" makes one. The sites' automatic
 * offers are shown read-only. Admins only.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const result = await discountCodes(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return result.data;
}

export default function DiscountCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { codes, sites } = loaderData;
  const manySites = sites.length > 1;
  return (
    <>
      <PageHeading heading={t("staffCodes.heading")} />
      <p className="ent-lead">
        <span className="staff-muted">{t("staffCodes.lead")}</span>
        <Link to="/staff/codes/new" className="staff-button">
          {t("staffCodes.new")}
        </Link>
      </p>
      {codes.length === 0 ? (
        <p className="staff-panel">{t("staffCodes.empty")}</p>
      ) : (
        <div className="staff-scroll">
          <table className="staff-table staff-cards">
            <caption className="visually-hidden">{t("staffCodes.heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("staffCodes.colCode")}</th>
                <th scope="col">{t("staffCodes.colState")}</th>
                {manySites ? <th scope="col">{t("staffCodes.colSite")}</th> : null}
                <th scope="col">{t("staffCodes.colPackages")}</th>
                <th scope="col">{t("staffCodes.colTime")}</th>
                <th scope="col">{t("staffCodes.colUses")}</th>
                <th scope="col">{t("staffCodes.colRevenue")}</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={code.id}>
                  <td className="staff-card-what">
                    <Link to={`/staff/codes/${code.id}`}>
                      <strong>{code.code}</strong>
                    </Link>{" "}
                    <CodeGives code={code} />
                  </td>
                  <td className="staff-card-age">
                    <StateBadge state={code.state} />
                  </td>
                  {manySites ? <td data-label={t("staffCodes.colSite")}>{code.site_name}</td> : null}
                  <td data-label={t("staffCodes.colPackages")}>
                    <CodePackages code={code} />
                  </td>
                  <td data-label={t("staffCodes.colTime")}>
                    <CodeTime code={code} />
                  </td>
                  <td data-label={t("staffCodes.colUses")}>
                    <Uses code={code} />
                  </td>
                  <td data-label={t("staffCodes.colRevenue")}>
                    <Revenue revenue={code.revenue} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AutomaticOffers sites={sites} />
    </>
  );
}
