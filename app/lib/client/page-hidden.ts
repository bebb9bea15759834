import { useEffect } from "react";

/** Tells the API when the page goes to the background (docs/product.md §7: a beacon with an empty JSON body). */
export function usePageHiddenBeacon() {
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState !== "hidden") return;
      navigator.sendBeacon?.("/api/page-hidden.php", new Blob(["{}"], { type: "application/json" }));
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
}
