import { redirect } from "react-router";
import { clearTrackingCookie, consentCookie, trackingCookie } from "~/lib/cookies.server";
import { safeRedirect } from "~/lib/redirect";
import { extractTracking, parseConsent, TRACKING_PARAMS, type Tracking } from "~/lib/tracking";
import type { Route } from "./+types/consent";

export function loader() {
  throw redirect("/");
}

/**
 * POST /consent: the visitor's answer to the partner-attribution question (ADR 034), from the
 * banner (components/ConsentBanner.tsx) or from /pages/cookies, where it can be changed at any
 * time. "partners" keeps the partner's values (sent in the form) in the tracking cookie and
 * goes back to the page without them in its address; "none" clears any stored partner and
 * goes back to the page as it was. Anything else changes nothing. Works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirect(form.get("returnTo"), "/");
  const choice = parseConsent(String(form.get("choice") ?? ""));
  if (choice === null) throw redirect(back);
  if (choice === "none") {
    throw redirect(back, {
      headers: [
        ["Set-Cookie", consentCookie(request, choice)],
        ["Set-Cookie", clearTrackingCookie(request)],
      ],
    });
  }
  const sent = new URL("/", request.url);
  for (const name of TRACKING_PARAMS) {
    const value = form.get(`tracking.${name}`);
    if (typeof value === "string" && value) sent.searchParams.set(name, value);
  }
  const tracking: Tracking = extractTracking(sent, {})?.tracking ?? {};
  const clean = extractTracking(new URL(back, request.url), {})?.cleanUrl ?? back;
  const headers: [string, string][] = [["Set-Cookie", consentCookie(request, choice)]];
  if (Object.keys(tracking).length > 0) headers.push(["Set-Cookie", trackingCookie(request, tracking)]);
  throw redirect(clean, { headers });
}
