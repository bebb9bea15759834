import { PrivacyContent, privacyData } from "~/components/LegalText";
import { siteSettings } from "~/lib/api/site.server";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/pages.privacy";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /pages/privacy (public): the privacy policy. Sign-up's step 0 loads this route's data with a
 * fetcher and shows <PrivacyContent> in a dialog; without JavaScript its link opens this page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return privacyData(await siteSettings(request, context));
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="legal">
      <title>{t("pages.privacy.title", { site: loaderData.site })}</title>
      <meta name="description" content={t("pages.privacy.description", { site: loaderData.site })} />
      <h1>{t("pages.privacy.heading")}</h1>
      <PrivacyContent data={loaderData} />
    </article>
  );
}
