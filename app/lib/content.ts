/**
 * Info pages as content (issue 15, docs/decisions/027-info-pages-as-content.md): each locale has
 * one JSON file, app/content/pages/<locale>.json, that an operator can edit without touching a
 * component. A page is plain text in a small structure (headings, paragraphs, lists, questions);
 * the only markup is a link, written [label](target), and only to a path of this site, mailto:
 * or tel:. Nothing in content is ever HTML: React renders every piece as text.
 */
import * as v from "valibot";

const Text = v.string();
/** A paragraph, or a bulleted list. */
const BlockSchema = v.union([Text, v.strictObject({ list: v.array(Text) })]);
export type ContentBlock = v.InferOutput<typeof BlockSchema>;

const SectionSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  heading: Text,
  body: v.optional(v.array(BlockSchema)),
  /** An FAQ section: each question opens with <details>, no JavaScript needed. */
  questions: v.optional(
    v.array(v.strictObject({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)), q: Text, a: v.array(BlockSchema) })),
  ),
});
export type ContentSection = v.InferOutput<typeof SectionSchema>;

export const PageContentSchema = v.strictObject({
  title: Text,
  description: Text,
  heading: Text,
  /** When the text last changed (YYYY-MM-DD), shown with Intl in the reader's language. */
  updated: v.optional(v.pipe(v.string(), v.isoDate())),
  intro: v.optional(v.array(BlockSchema)),
  sections: v.optional(v.array(SectionSchema)),
  /** The page's own short texts its component places (a table's notes, the ban page's states). */
  strings: v.optional(v.record(v.string(), Text)),
});
export type PageContent = v.InferOutput<typeof PageContentSchema>;

export const CONTENT_PAGES = [
  "index",
  "terms",
  "privacy",
  "faq",
  "cookies",
  "service",
  "return-policy",
  "ban",
  "safety",
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export const ContentFileSchema = v.strictObject({
  /** /pages: the list of the pages below, each by its own heading and description. */
  index: PageContentSchema,
  /** The legal texts (also shown in sign-up's dialogs); the terms' English-only sections are app/content/en-only.ts. */
  terms: PageContentSchema,
  privacy: PageContentSchema,
  faq: PageContentSchema,
  cookies: PageContentSchema,
  service: PageContentSchema,
  "return-policy": PageContentSchema,
  ban: PageContentSchema,
  /** Staying safe (issue 30 point 6): money, meeting, personal details, reporting. */
  safety: PageContentSchema,
});
export type ContentFile = v.InferOutput<typeof ContentFileSchema>;

/** The site and company values a text may name as {{site}}, {{email}}, ... */
export interface ContentValues {
  site: string;
  company: string;
  address: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  plural: string;
  icon: string;
  /** The company's Chamber of Commerce number and VAT numbers (comma separated); "" when it has none. */
  kvk: string;
  vat: string;
}

/** {{name}} replaced by its value; an unknown name stays as written, so a typo shows. */
export function interpolate(text: string, values: ContentValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof ContentValues] : whole,
  );
}

/** Every string of a page with the values put in (on the server, before the page is rendered). */
export function fillPage(page: PageContent, values: ContentValues): PageContent {
  const text = (s: string) => interpolate(s, values);
  const block = (b: ContentBlock): ContentBlock => (typeof b === "string" ? text(b) : { list: b.list.map(text) });
  return {
    ...page,
    title: text(page.title),
    description: text(page.description),
    heading: text(page.heading),
    intro: page.intro?.map(block),
    sections: page.sections?.map((section) => ({
      ...section,
      heading: text(section.heading),
      body: section.body?.map(block),
      questions: section.questions?.map((q) => ({ ...q, q: text(q.q), a: q.a.map(block) })),
    })),
    strings: page.strings ? Object.fromEntries(Object.entries(page.strings).map(([k, s]) => [k, text(s)])) : undefined,
  };
}

export type Inline = { text: string } | { text: string; href: string };

/** Where a content link may point: a path of this site (not "//host"), mailto: or tel:. */
export function safeContentHref(target: string): string | null {
  if (/^\/(?![/\\])[^\s]*$/.test(target)) return target;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(target)) return target;
  if (/^tel:\+?[\d\s-]+$/.test(target)) return target.replace(/[\s-]/g, "");
  return null;
}

/** A paragraph split into text and links; a link to anywhere else stays text, as written. */
export function parseInline(text: string): Inline[] {
  const parts: Inline[] = [];
  const link = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (let match = link.exec(text); match !== null; match = link.exec(text)) {
    const href = safeContentHref(match[2] ?? "");
    if (href === null) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[1] ?? "", href });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
