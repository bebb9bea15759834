/**
 * A part of a page that its own API call fills (the home page's lists, the blocked members on
 * /profile): its content, or `null` when the call failed. The page then says that part could not
 * be loaded (PartFailed), instead of an empty list that reads as "there is nothing" (docs/product.md
 * §2 "Errors").
 */
import type { ApiResult } from "./api/client.server";

export type Part<T> = T | null;

export function pagePart<D, T>(answer: ApiResult<D>, pick: (data: D) => T): Part<T> {
  if (answer.ok) return pick(answer.data);
  console.warn("a part of the page could not be loaded", answer.status, answer.error.error);
  return null;
}
