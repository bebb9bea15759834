/** Loads a page's content in the reader's language (app/lib/content.ts), with the site's values put in. */
import * as v from "valibot";
import type { RouterContextProvider } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "../../contract/locales";
import type { Settings } from "../../contract/schemas";
import { siteSettings } from "./api/site.server";
import { CONTENT_PAGES, ContentFileSchema, fillPage, type ContentPage, type ContentValues, type PageContent } from "./content";
import { requestLocale } from "./i18n.server";

// One module per locale, loaded when first asked for: a worker isolate reads only the languages it serves.
const files = import.meta.glob<{ default: unknown }>("../content/pages/*.json");
const parsed = new Map<string, v.InferOutput<typeof ContentFileSchema>>();

async function contentFile(locale: Locale) {
  const cached = parsed.get(locale);
  if (cached) return cached;
  const load = files[`../content/pages/${locale}.json`] ?? files[`../content/pages/${DEFAULT_LOCALE}.json`];
  if (!load) throw new Error(`no content file for ${locale}`);
  // A broken file is an operator's mistake: it fails loudly here (and in the unit test), not as a half page.
  const file = v.parse(ContentFileSchema, (await load()).default);
  parsed.set(locale, file);
  return file;
}

export function contentValues(settings: Settings): ContentValues {
  return {
    site: settings.name,
    company: settings.company_name,
    address: settings.company_address,
    city: settings.company_city,
    country: settings.company_country,
    email: settings.support_email,
    phone: settings.support_phone,
    plural: settings.fictional_plural,
    icon: settings.fictional_icon,
    kvk: settings.company_kvk,
    vat: settings.company_vat_numbers.join(", "),
  };
}

/** The page in the request's language with the site's values in it, those values, and the site's settings. */
export async function loadContent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: ContentPage,
): Promise<{ content: PageContent; values: ContentValues; settings: Settings }> {
  const [settings, locale] = [await siteSettings(request, context), requestLocale(context)];
  const values = contentValues(settings);
  return { content: fillPage((await contentFile(locale))[page], values), values, settings };
}

/** The info pages of the language in their order, each with its heading and description (the /pages index). */
export async function loadPageList(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ index: PageContent; pages: { page: ContentPage; heading: string; description: string }[] }> {
  const [settings, locale] = [await siteSettings(request, context), requestLocale(context)];
  const values = contentValues(settings);
  const file = await contentFile(locale);
  const pages = CONTENT_PAGES.filter((page) => page !== "index").map((page) => {
    const { heading, description } = fillPage(file[page], values);
    return { page, heading, description };
  });
  return { index: fillPage(file.index, values), pages };
}

/** The loader of a page that is content alone (faq, return-policy): its content in the reader's language. */
export function contentPageLoader(page: ContentPage) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) =>
    (await loadContent(request, context, page)).content;
}
