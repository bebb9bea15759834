import { InfoPage } from "~/components/InfoPage";
import { TermsContent, usCompanyOf, type TermsData } from "~/components/LegalText";
import { loadContent } from "~/lib/content.server";
import type { Route } from "./+types/pages.terms";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /pages/terms (public): the terms of service, content in app/content/pages/<locale>.json
 * ("terms"). Sign-up's step 0 loads this route's data with a fetcher and shows <TermsContent>
 * in a dialog; without JavaScript its link opens this page.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<TermsData> {
  const { content, values, settings } = await loadContent(request, context, "terms");
  return { content, values, usCompany: usCompanyOf(settings.company_tradenames) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.content} className="legal">
      <TermsContent data={loaderData} />
    </InfoPage>
  );
}
