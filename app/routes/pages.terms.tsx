import { TermsContent, termsData } from "~/components/LegalText";
import { siteSettings } from "~/lib/api/site.server";
import { useTranslation } from "~/lib/i18n-react";
import type { Route } from "./+types/pages.terms";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /pages/terms (public): the terms of service. Sign-up's step 0 loads this route's data with a
 * fetcher and shows <TermsContent> in a dialog; without JavaScript its link opens this page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return termsData(await siteSettings(request, context));
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article className="legal">
      <title>{t("pages.terms.title", { site: loaderData.site })}</title>
      <meta name="description" content={t("pages.terms.description", { site: loaderData.site })} />
      <h1>{t("pages.terms.heading")}</h1>
      <TermsContent data={loaderData} />
    </article>
  );
}
