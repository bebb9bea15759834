import { Link } from "react-router";
import { PageHeading, When } from "~/components/staff/StaffParts";
import { staffAudit } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage } from "~/lib/staff.server";
import type { MessageKey } from "../../../contract/translator";
import type { Route } from "./+types/audit";

/** /staff/audit: who did what, newest first (an admin: everyone on their scope; a moderator: themselves). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  const result = await staffAudit(context.get(apiContext), before && /^\d{1,15}$/.test(before) ? before : undefined);
  if (!result.ok) pageError(result.status);
  return { entries: result.data.entries, now: Date.now() };
}

function detailText(entry: {
  member_id: number | null;
  case_id: number | null;
  decision_id: number | null;
  detail: Record<string, unknown>;
}) {
  const parts: string[] = [];
  if (entry.member_id) parts.push(`member #${entry.member_id}`);
  if (entry.case_id) parts.push(`case #${entry.case_id}`);
  if (entry.decision_id) parts.push(`decision #${entry.decision_id}`);
  for (const [key, value] of Object.entries(entry.detail)) {
    if (value === undefined || value === null) continue;
    // A settings change (ADR 047): each setting that changed, before → after.
    if (key === "changes" && Array.isArray(value)) parts.push(...value.map(changeText));
    else parts.push(`${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`);
  }
  return parts.join(" · ");
}

function changeText(change: unknown): string {
  if (typeof change !== "object" || change === null) return String(change);
  const { path, before, after } = change as { path?: unknown; before?: unknown; after?: unknown };
  return `${String(path)}: ${before === null ? "—" : String(before)} → ${after === null ? "—" : String(after)}`;
}

export default function StaffAuditLog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, now } = loaderData;
  const last = entries.at(-1);
  return (
    <>
      <PageHeading heading={t("staff.auditHeading")} />
      {entries.length === 0 ? (
        <p className="staff-panel">{t("staff.auditEmpty")}</p>
      ) : (
        <div className="staff-scroll">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">{t("staff.colWhen")}</th>
                <th scope="col">{t("staff.colWho")}</th>
                <th scope="col">{t("staff.colAction")}</th>
                <th scope="col">{t("staff.colDetail")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const key = `staff.auditActions.${entry.action}` as MessageKey;
                const action = t(key);
                return (
                  <tr key={entry.id}>
                    <td>
                      <When at={entry.created_at} now={now} />
                    </td>
                    <td>{entry.staff_name ?? "–"}</td>
                    <td>{action === key ? entry.action : action}</td>
                    <td>{detailText(entry)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {last && entries.length >= 50 ? (
        <p>
          <Link to={`/staff/audit?before=${last.id}`}>{t("staff.olderEntries")}</Link>
        </p>
      ) : null}
    </>
  );
}
