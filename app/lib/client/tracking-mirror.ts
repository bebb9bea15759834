import { useEffect } from "react";
import { parseTracking, TRACKING_COOKIE } from "../tracking";

/**
 * The tracking cookie is mirrored in local storage (docs/product.md §9), and restored from it when the
 * cookie was cleared, so a returning visitor keeps the affiliate who sent them.
 */
export function useTrackingMirror() {
  useEffect(() => {
    try {
      const cookie = document.cookie
        .split("; ")
        .find((part) => part.startsWith(`${TRACKING_COOKIE.name}=`))
        ?.slice(TRACKING_COOKIE.name.length + 1);
      if (cookie) {
        localStorage.setItem(TRACKING_COOKIE.name, decodeURIComponent(cookie));
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
  }, []);
}
