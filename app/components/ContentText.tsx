/**
 * Renders info-page content (app/lib/content.ts) as text: paragraphs, lists, sections and FAQ
 * questions (<details>, no JavaScript). Links are the only markup, already limited to this
 * site, mailto: and tel:. Headings start at h2: the page gives the h1.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { parseInline, type ContentBlock, type ContentSection } from "~/lib/content";
import { useTranslation } from "~/lib/i18n-react";
import { dateTimeFormat } from "~/lib/format";

export function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, index) => {
        const key = `${index}-${part.text}`;
        if (!("href" in part)) return <span key={key}>{part.text}</span>;
        return part.href.startsWith("/") ? (
          <Link key={key} to={part.href}>
            {part.text}
          </Link>
        ) : (
          <a key={key} href={part.href}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}

export function Blocks({ blocks }: { blocks: ContentBlock[] | undefined }) {
  if (!blocks) return null;
  return (
    <>
      {blocks.map((block, index) =>
        typeof block === "string" ? (
          <p key={index}>
            <InlineText text={block} />
          </p>
        ) : (
          <ul key={index}>
            {block.list.map((item) => (
              <li key={item}>
                <InlineText text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

export function Sections({
  sections,
  children,
}: {
  sections: ContentSection[] | undefined;
  children?: (section: ContentSection) => ReactNode;
}) {
  if (!sections) return null;
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          <Blocks blocks={section.body} />
          {section.questions ? (
            <div className="faq-list">
              {section.questions.map((question) => (
                <details key={question.id} id={question.id} className="faq-item">
                  <summary>{question.q}</summary>
                  <div className="faq-answer">
                    <Blocks blocks={question.a} />
                  </div>
                </details>
              ))}
            </div>
          ) : null}
          {children?.(section)}
        </section>
      ))}
    </>
  );
}

/** "Last updated: 23 November 2026", in the reader's language; UTC so server and browser agree. */
export function UpdatedOn({ date }: { date: string | undefined }) {
  const { t, locale } = useTranslation();
  if (!date) return null;
  const formatted = dateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
  return (
    <p className="muted">
      <time dateTime={date}>{t("pages.updated", { date: formatted })}</time>
    </p>
  );
}
