/**
 * Landers ship no JavaScript and must show their first view within the first 14 KB (docs/architecture.md
 * §6): their page inlines the stylesheet (about 3 KB compressed) instead of linking it, which
 * saves a round trip on a slow connection. The root layout reads this from the lander route's
 * loader data, which is never serialised to the browser (no scripts, no hydration data).
 */
import type { RouterContextProvider } from "react-router";
import stylesheet from "../app.css?inline";
import { requestContext } from "./context";

export interface LanderHead {
  css: string;
  nonce: string;
}

export function landerHead(context: Readonly<RouterContextProvider>): LanderHead {
  return { css: stylesheet, nonce: context.get(requestContext).nonce };
}
