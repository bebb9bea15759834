/** Money as people read it, for pages and mails alike (docs/product.md §10.1). */

/** An amount in minor units (cents) as the locale writes money: "€19.99", "19,99 €". */
export function formatMoney(locale: string, cents: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 10 ** digits);
}
