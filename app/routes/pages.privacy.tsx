import { InfoPage } from "~/components/InfoPage";
import { PrivacyContent, type LegalData } from "~/components/LegalText";
import { loadContent } from "~/lib/content.server";
import type { Route } from "./+types/pages.privacy";

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /pages/privacy (public): the privacy policy, content in app/content/pages/<locale>.json
 * ("privacy"). Sign-up's step 0 loads this route's data with a fetcher and shows
 * <PrivacyContent> in a dialog; without JavaScript its link opens this page.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<LegalData> {
  const { content, values } = await loadContent(request, context, "privacy");
  return { content, values };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.content} className="legal">
      <PrivacyContent data={loaderData} />
    </InfoPage>
  );
}
