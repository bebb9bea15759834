import { Link } from "react-router";
import { InfoPage } from "~/components/InfoPage";
import { Blocks } from "~/components/ContentText";
import { loadPageList } from "~/lib/content.server";
import type { Route } from "./+types/pages.index";

/**
 * /pages (public; docs/product.md §2): the info pages listed, each by its heading and
 * description from app/content/pages/<locale>.json, so the list follows the content.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPageList(request, context);
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { index, pages } = loaderData;
  return (
    <InfoPage content={index}>
      <div className="legal-text">
        <Blocks blocks={index.intro} />
        <ul>
          {pages.map(({ page, heading, description }) => (
            <li key={page}>
              <Link to={`/pages/${page}`}>{heading}</Link>
              <p>{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </InfoPage>
  );
}
