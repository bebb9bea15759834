/**
 * An info page made of content alone (app/lib/content.ts): its title, description, heading, date,
 * intro and sections. The pages whose loader is contentPageLoader (faq, return-policy) are this
 * component; pages with parts of their own (terms, privacy, cookies) put them in as children.
 */
import type { ReactNode } from "react";
import { Blocks, Sections, UpdatedOn } from "~/components/ContentText";
import type { PageContent } from "~/lib/content";

export function InfoPage({
  content,
  className = "legal info-page",
  children,
}: {
  content: PageContent;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <article className={className}>
      <title>{content.title}</title>
      <meta name="description" content={content.description} />
      <h1>{content.heading}</h1>
      {children ?? (
        <div className="legal-text">
          <UpdatedOn date={content.updated} />
          <Blocks blocks={content.intro} />
          <Sections sections={content.sections} />
        </div>
      )}
    </article>
  );
}
