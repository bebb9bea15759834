/**
 * The stylesheet is written into every page's head instead of linked (docs/decisions/020): the
 * first paint then needs no second request, which on a slow mobile connection is a whole round
 * trip, and it cannot queue behind the page's scripts. The server passes the text in through
 * this context (entry.server.tsx); the browser's bundle never carries it: on hydration the
 * component reads the text back from the element the server wrote.
 */
import { createContext, useContext, useState } from "react";

export interface InlineStyles {
  css: string;
  /** A lander page's whole stylesheet: app.css without the member area's rules, then app/landers.css. */
  landerCss: string;
  nonce: string;
}

export const StylesheetContext = createContext<InlineStyles | null>(null);

const ELEMENT_ID = "app-css";

/**
 * Lander pages (no scripts, so never hydrated) get their own sheet: without the member area's
 * rules and with the landers' (lib/member-area-css.ts).
 */
export function InlineStylesheet({ lander }: { lander: boolean }) {
  const server = useContext(StylesheetContext);
  const [css] = useState(
    () =>
      (server && (lander ? server.landerCss : server.css)) ??
      (typeof document === "undefined" ? "" : (document.getElementById(ELEMENT_ID)?.textContent ?? "")),
  );
  return (
    // The nonce is hidden from scripts once the page has loaded, so the browser renders none.
    <style id={ELEMENT_ID} nonce={server?.nonce} suppressHydrationWarning>
      {css}
    </style>
  );
}
