import { Form, NavLink, Outlet } from "react-router";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { staffMe } from "~/lib/api/staff.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { STAFF_HEADERS } from "~/lib/staff.server";
import staffCss from "~/staff.css?url";
import type { Route } from "./+types/layout";

/** Staff pages stand outside the site-entry warning: staff are not visitors of the site. */
export const handle = { entryWarning: false };

/**
 * The console's look, one cacheable file (not inlined: inside the script it weighed on every staff
 * page's JavaScript budget, and staff pages are not landing pages).
 */
export function links() {
  return [{ rel: "stylesheet", href: staffCss }];
}

export function headers() {
  return STAFF_HEADERS;
}

/**
 * The staff console's layout (docs/product.md "Moderation", "Chat hosts"): a plain bar with what
 * the role may open (moderators the queue, hosts the conversations, admins both and the host
 * figures), the audit log,
 * who is signed in and log out; none of the member shell. Its route modules are
 * their own, so nothing of it reaches a member's bundle.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await staffMe(context.get(apiContext));
  return { staff: me?.ok && me.data.totp_ok ? me.data.staff : null };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { staff } = loaderData;
  return (
    <div className="staff-shell">
      <meta name="robots" content="noindex, nofollow" />
      <header className="staff-header">
        <div className="staff-header-inner">
          <span className="staff-brand">{staff?.role === "host" ? t("hosts.title") : t("staff.title")}</span>
          {staff ? (
            <>
              <nav className="staff-nav" aria-label={t("staff.title")}>
                {staff.role !== "host" ? (
                  <NavLink to="/staff" end>
                    {t("staff.navQueue")}
                  </NavLink>
                ) : null}
                {staff.role !== "host" ? <NavLink to="/staff/verifications">{t("staffVerification.nav")}</NavLink> : null}
                {staff.role !== "moderator" ? <NavLink to="/staff/hosts">{t("staff.navHosts")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/profiles">{t("staff.navProfiles")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/business">{t("staff.navBusiness")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/host-figures">{t("staff.navFigures")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/sites">{t("staff.navSites")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/orders">{t("staffOrders.nav")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/codes">{t("staffCodes.nav")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/postbacks">{t("staffPostbacks.nav")}</NavLink> : null}
                {staff.role === "admin" ? <NavLink to="/staff/transparency">{t("staff.navTransparency")}</NavLink> : null}
                <NavLink to="/staff/audit">{t("staff.navAudit")}</NavLink>
              </nav>
              <div className="staff-who">
                <span>{t("staff.signedInAs", { name: staff.name, scope: staff.site_name ?? t("staff.allSites") })}</span>
                <Form method="post" action="/staff/logout">
                  <button type="submit">{t("staff.logout")}</button>
                </Form>
              </div>
            </>
          ) : null}
        </div>
      </header>
      <main id="main" className="staff-main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
