/** All interface languages. English is the source of truth; a test fails when another lacks a key. */
import de from "./de.json";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";
import it from "./it.json";
import nl from "./nl.json";
import pl from "./pl.json";

export const messages = { en, nl, de, it, fr, es, pl };

/** The same messages in i18next's resource shape (one "translation" namespace per language). */
export const i18nextResources = Object.fromEntries(
  Object.entries(messages).map(([locale, tree]) => [locale, { translation: tree }]),
);

/**
 * What a browser downloads of a language (docs/product.md §7; ADR 046 addendum): members' pages
 * get the messages without those only the server reads (mail) and only the staff console shows;
 * the staff console's pages get every message but the mail. The staff console's namespaces are
 * `staff…` and these.
 */
const SERVER_ONLY = new Set(["mail"]);
// "brand": the console's words for a site's welcome copy (ADR 061); members see the copy itself, not these.
const STAFF_ONLY = new Set(["moderation", "hosts", "entProfiles", "hostFigures"]);
export const CATALOGS = ["messages", "staff"] as const;
export type Catalog = (typeof CATALOGS)[number];

export function isStaffNamespace(namespace: string): boolean {
  return namespace.startsWith("staff") || STAFF_ONLY.has(namespace);
}

export function catalogOf<T extends Record<string, unknown>>(tree: T, catalog: Catalog): Partial<T> {
  return Object.fromEntries(
    Object.entries(tree).filter(
      ([namespace]) => !SERVER_ONLY.has(namespace) && (catalog === "staff" || !isStaffNamespace(namespace)),
    ),
  ) as Partial<T>;
}
