import { CONSENT_COOKIE, parseTracking, TRACKING_COOKIE } from "../tracking";

function cookieValue(name: string): string | undefined {
  const raw = document.cookie
    .split("; ")
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  return raw === undefined ? undefined : decodeURIComponent(raw);
}

/**
 * The tracking cookie is mirrored in local storage (docs/product.md §9), and restored from it when the
 * cookie was cleared, so a returning visitor keeps the affiliate who sent them. Only while the
 * visitor allows it (the consent cookie, ADR 034): without that, the copy is removed.
 */
export function mirrorTracking() {
  try {
    if (cookieValue(CONSENT_COOKIE.name) !== "partners") {
      localStorage.removeItem(TRACKING_COOKIE.name);
      return;
    }
    const cookie = cookieValue(TRACKING_COOKIE.name);
    if (cookie) {
      localStorage.setItem(TRACKING_COOKIE.name, cookie);
      return;
    }
    const stored = localStorage.getItem(TRACKING_COOKIE.name);
    if (stored && Object.keys(parseTracking(stored)).length > 0) {
      const secure = location.protocol === "https:" ? "; Secure" : "";
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers many members use.
      document.cookie = `${TRACKING_COOKIE.name}=${encodeURIComponent(stored)}; Path=/; Max-Age=${TRACKING_COOKIE.maxAgeSeconds}; SameSite=Lax${secure}`;
    }
  } catch {
    // Storage can be disabled (private mode): the cookie alone still works.
  }
}
