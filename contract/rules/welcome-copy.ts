/**
 * A site's own welcome copy (issue 29 point 23; docs/product.md §1.2, ADR 061): per language an
 * optional headline and text, shown on the welcome page and used as the installed app's
 * description. A language without its own copy gets the default (translated) words, never
 * another language's copy. Too long is refused with a code of its own, so the console names it.
 */
import { z } from "zod";
import { LOCALES, type Locale } from "../locales";

export const WELCOME_HEADLINE_MAX = 80;
export const WELCOME_TEXT_MAX = 300;

const text = (max: number, code: string) =>
  z
    .string()
    .trim()
    .refine((value) => value.length <= max, code)
    .optional();

const LanguageCopySchema = z.object({
  headline: text(WELCOME_HEADLINE_MAX, "welcome_headline_too_long"),
  text: text(WELCOME_TEXT_MAX, "welcome_text_too_long"),
});
type LanguageCopy = z.infer<typeof LanguageCopySchema>;

/** Empty parts and languages are left out (the console's empty fields), and no copy at all is none. */
export const WelcomeCopySchema = z.partialRecord(z.enum(LOCALES), LanguageCopySchema).transform((copy) => {
  const kept: Partial<Record<Locale, LanguageCopy>> = {};
  for (const [locale, own] of Object.entries(copy) as [Locale, LanguageCopy][]) {
    const parts = Object.fromEntries(Object.entries(own).filter(([, value]) => value)) as LanguageCopy;
    if (Object.keys(parts).length > 0) kept[locale] = parts;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
});
export type WelcomeCopy = Partial<Record<Locale, LanguageCopy>>;

/** The site's copy for this language: each part, or null where the default words apply. */
export function welcomeCopyFor(copy: WelcomeCopy | undefined, locale: Locale): { headline: string | null; text: string | null } {
  const own = copy?.[locale];
  return { headline: own?.headline || null, text: own?.text || null };
}
