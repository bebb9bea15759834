import { useTranslation } from "~/lib/i18n-react";
import { Outlet, useRouteLoaderData } from "react-router";
import { LanguageSwitcher } from "~/components/LanguageSwitcher";
import { SiteHeader } from "~/components/SiteHeader";
import type { loader as rootLoader } from "~/root";

/** The default layout: header, page, footer with the language switcher and company details. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  if (!root) return <Outlet />;
  return (
    <>
      <SiteHeader siteName={root.site.name} user={root.user} cdnPrefix={root.site.cdnPrefix} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <footer className="site-footer">
        <LanguageSwitcher />
        <p>
          {t("footer.copyright", { year: new Date().getFullYear(), company: root.site.companyName })} ·{" "}
          {t("footer.support", { email: root.site.supportEmail })}
        </p>
      </footer>
    </>
  );
}
