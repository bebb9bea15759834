import { Blocks, Sections, UpdatedOn } from "~/components/ContentText";
import { loadContent } from "~/lib/content.server";
import type { Route } from "./+types/pages.return-policy";

/**
 * /pages/return-policy (public): withdrawal and refunds as commerce implements them
 * (docs/product.md §10): the 14 days, pro-rata refunds, /withdrawal and /premium/cancel.
 * Content: app/content/pages/<locale>.json ("return-policy").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return (await loadContent(request, context, "return-policy")).content;
}

export default function ReturnPolicy({ loaderData: content }: Route.ComponentProps) {
  return (
    <article className="legal info-page">
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
