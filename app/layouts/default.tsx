import { useTranslation } from "~/lib/i18n-react";
import { Link, Outlet, useLocation } from "react-router";
import { ActivateReminder } from "~/components/ActivateReminder";
import { LanguageSwitcher } from "~/components/LanguageSwitcher";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { SiteHeader } from "~/components/SiteHeader";
import { useOptionalUser, useSite } from "~/lib/root-data";

/** The default layout: header, page, footer with the language switcher and company details. */
export default function DefaultLayout() {
  const site = useSite();
  const user = useOptionalUser();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!site) return <Outlet />;
  return (
    <>
      <SiteHeader siteName={site.name} user={user} cdnPrefix={site.cdnPrefix} signupOpen={site.signupOpen} />
      {user?.unconfirmedEmail && pathname !== "/signup" ? <ActivateReminder email={user.unconfirmedEmail} /> : null}
      <main id="main" className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <LanguageSwitcher />
        <ul className="footer-links">
          <li>
            <Link to="/pricing">{t("footer.pricing")}</Link>
          </li>
          <li>
            <Link to="/withdrawal">{t("footer.withdraw")}</Link>
          </li>
          <li>
            <Link to="/premium/cancel">{t("footer.cancelContracts")}</Link>
          </li>
          <li>
            <Link to="/pages/terms">{t("footer.terms")}</Link>
          </li>
          <li>
            <Link to="/pages/privacy">{t("footer.privacy")}</Link>
          </li>
          <li>
            <Link to="/pages/cookies">{t("footer.cookies")}</Link>
          </li>
          <li>
            <Link to="/pages/return-policy">{t("footer.returnPolicy")}</Link>
          </li>
          <li>
            <Link to="/pages/faq">{t("footer.faq")}</Link>
          </li>
          <li>
            <Link to="/pages/service">{t("footer.service")}</Link>
          </li>
        </ul>
        <p>
          {t("footer.copyright", { year: new Date().getFullYear(), company: site.companyName })} ·{" "}
          {t("footer.support", { email: site.supportEmail })}
        </p>
      </footer>
    </>
  );
}

/** A page's error (a 404, the API down) shows the error page in place of this layout (it brings its own header); the root keeps running (toasts, the member's counters). */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
