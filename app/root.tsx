import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { LoadingBar } from "./components/LoadingBar";
import { InlineStylesheet } from "./lib/stylesheet";
import { RouteErrorPage } from "./components/RouteErrorPage";
import { Toasts } from "./components/Toasts";

const InstalledApp = lazy(() => import("./components/InstalledApp"));
// Only visitors of sites with the 18+ notice see it, so it is not in every page's bundle. No
// Suspense boundary around it: the server waits for it before sending the page (it must be
// there without JavaScript), and the browser loads it only where it was sent.
// Only visitors from a partner's link who have not answered see the consent question (ADR 034);
// like the notice, no Suspense: it is in the page sent, with or without JavaScript.
const ConsentBanner = lazy(() => import("./components/ConsentBanner"));
const EntryWarning = lazy(() => import("./components/EntryWarning").then((m) => ({ default: m.EntryWarning })));
import { siteSettings } from "./lib/api/site.server";
import { badgeCount, useAppBadge } from "./lib/client/app-badge";
import { usePageHiddenBeacon } from "./lib/client/page-hidden";
import { useMemberBackground } from "./lib/client/member-background-hook";
import { takeToast } from "./lib/cookies.server";
import { outgoingCookies } from "./lib/context";
import { siteLook } from "./lib/theme.server";
import { trackingContext } from "./lib/context";
import { signupOpen } from "../contract/rules/signup-steps";
import { getOptionalUser } from "./lib/auth.server";
import { needsEntryWarning } from "./lib/entry-warning.server";
import { nameTable, safeTimeZone } from "./lib/format";
import { LOCALES } from "../contract/locales";
import { messagesUrl } from "./lib/i18n";
import { getLocale } from "./lib/i18n.server";
import { rootMiddleware } from "./lib/middleware.server";
import { useLook, useOptionalUser, useRootLocale } from "./lib/root-data";

export const middleware = rootMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  // The site's own icons, drawn from its theme (ADR 061: routes/site-icon.ts).
  { rel: "icon", href: "/icons/site/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/site/192.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await siteSettings(request, context);
  const user = await getOptionalUser(context);
  const { toast, clear } = takeToast(request);
  if (clear) context.get(outgoingCookies).push(clear);
  const { tracking, consent, ask } = context.get(trackingContext);
  return data({
    locale: getLocale(context),
    names: nameTable(getLocale(context), settings.countries, LOCALES),
    look: siteLook(request, context, settings),
    site: {
      name: settings.name,
      companyName: settings.company_name,
      supportEmail: settings.support_email,
      cdnPrefix: settings.cdn_prefix,
      fictionalIcon: settings.fictional_icon,
      fictionalPlural: settings.fictional_plural,
      /** Whether this visitor may sign up (an invite-only site needs a traffic source): "Sign up" links follow it. */
      signupOpen: signupOpen(settings.signups, tracking.network),
      /** Where "Sign up" links go: with the partner's values when they are not stored (ADR 034), so the sign-up still credits them. */
      /** Whether the site sells premium: members are shown where to get it (issue 29 point 21). */
      premiumOffered: settings.commerce.premium_plans.length > 0,
      signupHref:
        consent === "partners" || Object.keys(tracking).length === 0 ? "/signup" : `/signup?${new URLSearchParams(tracking)}`,
    },
    user: user && {
      name: user.profile.name,
      photo: user.profile.main_image?.thumb_filename ?? null,
      credits: user.credits,
      newLikes: user.new_likes,
      unreadMessages: user.unread_messages,
      /** Not confirmed yet: the layout reminds the member to open the activation mail (docs/product.md §4). */
      unconfirmedEmail: user.status === "not_confirmed" ? user.email : null,
      timeZone: safeTimeZone(user.timezone),
      premium: user.profile.premium,
    },
    toast: toast && { ...toast, id: crypto.randomUUID() },
    /** The site-entry warning stands before this page (docs/product.md §2.5), unless the route is exempt (useEntryWarningExempt). */
    entryWarning: (await needsEntryWarning(request, context, settings)) ? { niche: settings.niche } : null,
    /** The partner's values to ask about (ADR 034), or null when there is nothing to ask. */
    askConsent: ask ? tracking : null,
  });
}

/** Refetch the root only after a mutation or a language change, not on every link (Hydrogen's rule). */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

function handleSays(handle: unknown, key: string, value: boolean): boolean {
  return typeof handle === "object" && handle !== null && Reflect.get(handle, key) === value;
}

/**
 * Pages shown without the site-entry warning's blocking page: the landers (`hydrate: false`: their
 * sign-up form carries the warning instead) and pages whose handle says `entryWarning: false`
 * (the terms and privacy pages the notice links to, the development tools).
 */
function useEntryWarningExempt(): boolean {
  return useMatches().some((m) => handleSays(m.handle, "hydrate", false) || handleSays(m.handle, "entryWarning", false));
}

/**
 * Routes whose handle says `hydrate: false` (landers) ship no JavaScript at all. When such a
 * route's loader threw, the error page is a normal page (with scripts).
 */
function useHydrate(): boolean {
  const match = useMatches().find((m) => {
    const handle: unknown = m.handle;
    return typeof handle === "object" && handle !== null && Reflect.get(handle, "hydrate") === false;
  });
  return !match || match.loaderData === undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrate = useHydrate();
  useHydratedMark();
  const staffPage = useMatches().some((m) => m.id.startsWith("routes/staff/"));
  const { t, locale: currentLocale } = useTranslation();
  const locale = useRootLocale() ?? currentLocale;
  const look = useLook();
  // The catalog this page hydrates with (members' or the staff console's): entry.client.tsx
  // reads it from <html data-messages>, and the link below fetches it early.
  const messages = hydrate ? messagesUrl(locale, staffPage ? "staff" : "messages") : undefined;
  return (
    <html lang={locale} data-template={look?.template} data-messages={messages}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={look?.brand ?? "#b0124f"} />
        {messages && <link rel="preload" as="fetch" href={messages} crossOrigin="anonymous" />}
        <InlineStylesheet lander={!hydrate} />
        <Meta />
        {hydrate ? <Links /> : <link rel="icon" href="/icons/site/favicon.svg" type="image/svg+xml" />}
        {look ? (
          // The site's brand as CSS custom properties (lib/theme.server.ts), after the stylesheet so they win.
          <style nonce={look.nonce} suppressHydrationWarning>
            {look.css}
          </style>
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("nav.skipToContent")}
        </a>
        <LoadingBar />
        {children}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const user = useOptionalUser();
  useMemberBackground(user !== null);
  useAppBadge(user ? badgeCount(user.unreadMessages, user.newLikes) : null);
  usePageHiddenBeacon();
  useTrackingMirrorWhenNeeded();
  const exempt = useEntryWarningExempt();
  const site = loaderData.site;
  return (
    <>
      {loaderData.entryWarning && !exempt ? (
        <EntryWarning siteName={site.name} niche={loaderData.entryWarning.niche} />
      ) : (
        <>
          {/* Before the page: read first, and on wide screens shown above it, never over it (app.css). */}
          {loaderData.askConsent && <ConsentBanner tracking={loaderData.askConsent} />}
          <Outlet />
        </>
      )}
      <Toasts toast={loaderData.toast} />
      <AfterHydration>
        <InstalledApp member={user !== null} />
      </AfterHydration>
    </>
  );
}

/**
 * The partner cookie's copy in local storage (lib/client/tracking-mirror.ts) concerns only
 * visitors who answered the partner question or have a copy: only they load its code.
 */
function useTrackingMirrorWhenNeeded() {
  useEffect(() => {
    let needed = document.cookie.includes("consent=");
    try {
      needed ||= localStorage.getItem("tracking") !== null;
    } catch {
      // Storage disabled: nothing to mirror into.
    }
    if (needed) void import("./lib/client/tracking-mirror").then((m) => m.mirrorTracking());
  }, []);
}

/**
 * `<html data-hydrated>` once the page's scripts have taken over. They start only after the
 * first paint (ADR 067), so a page can be used as plain HTML before; the e2e suite waits for this
 * before it tests what the scripts do (tests/e2e/support/fixtures.ts). React leaves the attribute
 * alone: it is not one of the element's props.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

/**
 * Renders its children (lazily loaded) only once the page has hydrated. Its own state, so the
 * page around it does not render a second time.
 */
function AfterHydration({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Errors of the root itself (its loader, the layouts); a page's error is shown by its layout's boundary. */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
