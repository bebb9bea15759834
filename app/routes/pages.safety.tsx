import { InfoPage } from "~/components/InfoPage";
import { Blocks, Sections } from "~/components/ContentText";
import { loadContent } from "~/lib/content.server";
import { screeningNotice } from "~/lib/safety-notice.server";
import type { Route } from "./+types/pages.safety";

/**
 * /pages/safety (public; issue 30 point 6): staying safe: never send money, meeting in person,
 * personal details, how to report. Linked from the chat's menu and from the note in a
 * conversation's first messages. Content: app/content/pages/<locale>.json ("safety"); the site's
 * screening notice first when its settings show it (ADR 053).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, settings } = await loadContent(request, context, "safety");
  return { content, notice: screeningNotice(settings, context) };
}

export default function Safety({ loaderData }: Route.ComponentProps) {
  const { content, notice } = loaderData;
  return (
    <InfoPage content={content} className="legal info-page safety-page">
      <div className="legal-text">
        {notice ? (
          <section className="notice-box screening-notice" aria-labelledby="screening">
            <h2 id="screening">{content.strings?.screeningHeading}</h2>
            <p>{notice}</p>
          </section>
        ) : null}
        <Blocks blocks={content.intro} />
        <Sections sections={content.sections} />
      </div>
    </InfoPage>
  );
}
