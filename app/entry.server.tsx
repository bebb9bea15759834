/**
 * Streams the HTML. People get the shell at once and deferred parts as they resolve; bots
 * (and anything isbot recognises, HeadlessChrome included) wait for the whole page, and get
 * no error page at all (docs/product.md §2: the error page is not rendered for bots).
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "./lib/context";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../contract/locales";
import { TranslationProvider } from "./lib/i18n-react";
import { getLocale } from "./lib/i18n.server";
import { messages } from "../contract/messages";
import stylesheet from "./app.css?inline";
import landerStylesheet from "./landers.css?inline";
import { StylesheetContext } from "./lib/stylesheet";
import { withoutMemberArea } from "./lib/member-area-css";
import { scriptsAfterFirstPaint } from "./lib/script-priority.server";

/** A lander's stylesheet: app.css without the member area's rules, then the landers' own (docs/decisions/020). */
const LANDER_CSS = `${withoutMemberArea(stylesheet)}\n${landerStylesheet}`;

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const userAgent = request.headers.get("user-agent");
  const bot = userAgent !== null && isbot(userAgent);
  const errorPage = routerContext.staticHandlerContext.errors !== null;
  if (bot && errorPage) {
    return new Response(`${responseStatusCode}`, {
      status: responseStatusCode,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }

  const { nonce } = loadContext.get(requestContext);
  const locale = localeOf(loadContext);
  let shellRendered = false;
  const body = await renderToReadableStream(
    <StylesheetContext value={{ css: stylesheet, landerCss: LANDER_CSS, nonce }}>
      <TranslationProvider locale={locale} messages={messages[locale]}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </StylesheetContext>,
    {
      nonce,
      // React moves a finished Suspense boundary out of line (to be put in place by a script)
      // once the bytes written before it pass this size, and the inline stylesheet alone does
      // (lib/stylesheet.tsx). A boundary that is ready when the page is written must stay in
      // line: a browser without JavaScript would never see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready are reported by React Router itself.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Bots get whole pages; so does the error page, whose visitor sign-up form is loaded lazily
  // (ErrorPage.tsx) and must be in the HTML for a browser without JavaScript.
  if (bot || errorPage) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(scriptsAfterFirstPaint(body), { headers: responseHeaders, status: responseStatusCode });
}

/** The detected language; English when detection never ran (an error before the middleware). */
function localeOf(context: RouterContextProvider): Locale {
  try {
    const locale = getLocale(context);
    return isLocale(locale) ? locale : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}
