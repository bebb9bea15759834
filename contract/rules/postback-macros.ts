/**
 * The conversion events a postback is sent for and the macros its URL template may use
 * (docs/product.md §11.5, docs/decisions/025), without zod: the console's pages list the macros
 * beside the template fields in the browser, where the contract's schemas must not go (budget).
 * One list: the settings schema (contract/schemas/site.ts), the sender (workers/api/domain/
 * postbacks.ts) and the console (docs/decisions/050) all read it from here.
 */
export const POSTBACK_EVENTS = ["soi", "doi", "sale"] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];

/** The macros a postback URL template may use, as `{name}`. */
export const POSTBACK_MACROS = [
  "clickid",
  "sub1",
  "sub2",
  "sub3",
  "sub4",
  "sub5",
  "event",
  "amount",
  "currency",
  "network",
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** The macros as written in a template: "{clickid} {sub1} …" (the console's hint). */
export function macroList(): string {
  return POSTBACK_MACROS.map((name) => `{${name}}`).join(" ");
}

export function isPostbackEvent(value: string): value is PostbackEvent {
  return (POSTBACK_EVENTS as readonly string[]).includes(value);
}
