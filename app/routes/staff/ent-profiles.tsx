import { Link, redirect } from "react-router";
import { PageHeading } from "~/components/staff/StaffParts";
import { entProfiles } from "~/lib/api/ent-profiles.server";
import { apiContext } from "~/lib/context";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { Route } from "./+types/ent-profiles";

/**
 * /staff/profiles: the entertainment profiles on the admin's sites (docs/product.md §15.6, ADR
 * 045), newest first, with how much they are used; "New profile" makes one. Admins only.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const result = await entProfiles(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return result.data;
}

export default function EntProfiles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const { profiles } = loaderData;
  return (
    <>
      <PageHeading heading={t("entProfiles.heading")} />
      <p className="ent-lead">
        <span className="staff-muted">{t("entProfiles.lead")}</span>
        <Link to="/staff/profiles/new" className="staff-button">
          {t("entProfiles.new")}
        </Link>
      </p>
      {profiles.length === 0 ? (
        <p className="staff-panel">{t("entProfiles.empty")}</p>
      ) : (
        <ul className="ent-list">
          {profiles.map((p) => (
            <li key={p.id} className={p.retired ? "ent-retired" : undefined}>
              <Link to={`/staff/profiles/${p.id}`} className="ent-row">
                {p.thumb_filename ? (
                  <img className="staff-thumb" src={`/api/images/${p.thumb_filename}`} alt="" loading="lazy" />
                ) : (
                  <span className="staff-thumb" aria-hidden="true" />
                )}
                <span className="ent-who">
                  <strong>
                    {p.name}
                    {p.age !== null ? `, ${p.age}` : ""}
                  </strong>
                  <span className="staff-muted">
                    {[p.city, names.language(p.language) ?? p.language, p.site_name].filter(Boolean).join(" · ")}
                  </span>
                  <span className="ent-use">
                    {t("entProfiles.use", { conversations: p.conversations, waiting: p.waiting, replies: p.replies })}
                  </span>
                </span>
                {p.retired ? <span className="staff-badge">{t("entProfiles.retired")}</span> : null}
                {p.only_this_site ? <span className="staff-badge">{t("entProfiles.onlyThisSiteBadge")}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
