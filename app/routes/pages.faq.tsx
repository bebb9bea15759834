import { Blocks, Sections, UpdatedOn } from "~/components/ContentText";
import { loadContent } from "~/lib/content.server";
import type { Route } from "./+types/pages.faq";

/**
 * /pages/faq (public): questions and answers about credits, message costs, fictional profiles,
 * premium, deleting an account and safety. Content: app/content/pages/<locale>.json ("faq");
 * each answer opens with <details>, without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return (await loadContent(request, context, "faq")).content;
}

export default function Faq({ loaderData: content }: Route.ComponentProps) {
  return (
    <article className="legal info-page faq">
      <title>{content.title}</title>
      <meta name="description" content={content.description} />
      <h1>{content.heading}</h1>
      <div className="legal-text">
        <UpdatedOn date={content.updated} />
        <Blocks blocks={content.intro} />
        <Sections sections={content.sections} />
      </div>
    </article>
  );
}
