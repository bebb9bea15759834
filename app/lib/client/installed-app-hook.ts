/**
 * The installable app in the page (docs/product.md §1.8): keeps the browser's install prompt
 * for the install offer, and, for members, registers the service worker once the page has
 * loaded (production builds only: the development server has no /sw.js). Visitors get no
 * worker: its precache (the shell, about 125 KB) would compete with the first page on a slow connection,
 * and it serves returning members.
 */
import { useEffect } from "react";
import { type InstallPromptEvent, setAppState } from "./app-state";

function isInstallPrompt(event: Event): event is InstallPromptEvent {
  return "prompt" in event && typeof event.prompt === "function";
}

export function useInstalledApp(member: boolean) {
  useEffect(() => {
    const keepPrompt = (event: Event) => {
      if (!isInstallPrompt(event)) return;
      // Not the browser's own banner: the offer comes at a better moment (components/InstallOffer.tsx).
      event.preventDefault();
      setAppState({ installPrompt: event });
    };
    const installed = () => setAppState({ installPrompt: null });
    window.addEventListener("beforeinstallprompt", keepPrompt);
    window.addEventListener("appinstalled", installed);
    const start = () => void import("./service-worker").then(({ startServiceWorker }) => startServiceWorker());
    if (member && import.meta.env.PROD && "serviceWorker" in navigator) {
      if (document.readyState === "complete") start();
      else window.addEventListener("load", start, { once: true });
    }
    return () => {
      window.removeEventListener("beforeinstallprompt", keepPrompt);
      window.removeEventListener("appinstalled", installed);
      window.removeEventListener("load", start);
    };
  }, [member]);
}
