import { Link, redirect } from "react-router";
import { categoryText, PageHeading, When } from "~/components/staff/StaffParts";
import { staffQueue } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { QueueItem } from "../../../contract/staff";
import type { MessageKey } from "../../../contract/translator";
import type { Route } from "./+types/queue";

/** /staff: what waits for a decision, newest first (open reports and notices, appeals, new photos). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  // Hosts have no moderation queue: theirs is the members waiting for an answer.
  if (staff.role === "host") throw redirect("/staff/hosts", { headers: STAFF_HEADERS });
  const result = await staffQueue(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { items: result.data.items, now: Date.now() };
}

function hrefOf(item: QueueItem): string {
  if (item.type === "case") return `/staff/cases/${item.id}`;
  if (item.type === "appeal") return `/staff/appeals/${item.id}`;
  return `/staff/members/${item.member.id}?photo=${item.id}`;
}

export default function StaffQueue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, now } = loaderData;
  return (
    <>
      <PageHeading heading={t("staff.queueHeading")} />
      {items.length === 0 ? (
        <p className="staff-panel">{t("staff.queueEmpty")}</p>
      ) : (
        // A table for wide screens and screen readers; on a phone each row shows as a card
        // (app/staff.css .staff-cards), the column names beside the values.
        <div className="staff-scroll">
          <table className="staff-table staff-cards">
            <thead>
              <tr>
                <th scope="col">{t("staff.colWhat")}</th>
                <th scope="col">{t("staff.colCategory")}</th>
                <th scope="col">{t("staff.colMember")}</th>
                <th scope="col">{t("staff.colSite")}</th>
                <th scope="col">{t("staff.colAge")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const what = t(`staff.types.${item.type === "case" ? item.kind : item.type}` as MessageKey);
                return (
                  <tr key={`${item.type}-${item.id}`}>
                    <td className="staff-card-what">
                      <Link to={hrefOf(item)} className="staff-what">
                        {item.photo_url ? <img className="staff-thumb" src={item.photo_url} alt="" loading="lazy" /> : null}
                        <span>
                          {what}
                          {item.reference ? ` ${item.reference}` : ""}
                        </span>
                      </Link>
                    </td>
                    <td data-label={t("staff.colCategory")}>{item.category ? categoryText(t, item.category) : "–"}</td>
                    <td data-label={t("staff.colMember")}>
                      {item.member.name} (#{item.member.id})
                    </td>
                    <td data-label={t("staff.colSite")}>{item.site_name}</td>
                    <td className="staff-card-age">
                      <When at={item.created_at} now={now} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
