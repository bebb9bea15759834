/**
 * The installed app's state in the page (spec §3, §4): a new version waiting (needs-refresh),
 * a failed service-worker registration (registration-error), and the browser's install prompt
 * when it offers one. Kept tiny because it is in every page's bundle; the code that fills it is
 * loaded after the page (lib/client/service-worker.ts, lib/client/install.ts).
 */
import { useSyncExternalStore } from "react";

/** Chrome's install prompt (not in TypeScript's DOM types). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export interface AppState {
  needsRefresh: boolean;
  registrationError: boolean;
  installPrompt: InstallPromptEvent | null;
}

let state: AppState = { needsRefresh: false, registrationError: false, installPrompt: null };
const listeners = new Set<() => void>();

export function setAppState(change: Partial<AppState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function getAppState(): AppState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: AppState = { needsRefresh: false, registrationError: false, installPrompt: null };

export function useAppState(): AppState {
  return useSyncExternalStore(subscribe, getAppState, () => serverState);
}
