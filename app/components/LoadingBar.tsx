import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** docs/product.md §9: shown only after 200 ms, grows over 2 000 ms, hides 500 ms after the end, resets 400 ms later. */
const THROTTLE_MS = 200;
const HIDE_DELAY_MS = 500;
const RESET_DELAY_MS = 400;

type Phase = "idle" | "loading" | "done" | "hidden";

export function LoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the navigation state drives the bar; phase is read to know whether it was shown.
  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("loading"), THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    if (phase !== "loading") return;
    setPhase("done");
    const hide = setTimeout(() => setPhase("hidden"), HIDE_DELAY_MS);
    const reset = setTimeout(() => setPhase("idle"), HIDE_DELAY_MS + RESET_DELAY_MS);
    return () => {
      clearTimeout(hide);
      clearTimeout(reset);
    };
  }, [busy]);

  return <div className="loading-bar" data-phase={phase} aria-hidden="true" />;
}
