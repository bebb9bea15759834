/**
 * Registers /sw.js and keeps the open page up to date (docs/product.md §1.8, ADR 023). Loaded
 * after the page has loaded, in production builds only.
 * - Every build writes builds/latest.json; the page fetches it when the tab becomes visible (at
 *   most every 5 minutes) and every 30 minutes, and when its build id is not the page's own,
 *   asks the browser to look for the new worker (`registration.update()`).
 * - A new worker waits (the worker never skips waiting by itself): the page sets needs-refresh
 *   and shows "New version" (components/UpdateToast.tsx). The member's "Reload" tells the worker
 *   to take over, and the page reloads when it has: at most once per 10 s (spec §9's reload
 *   guard), and text typed into a form is put back after the reload.
 * - A failed registration sets the registration-error flag; the site works on without the worker.
 */
import { setAppState } from "./app-state";

const WORKER_URL = "/sw.js";
const LATEST_BUILD_URL = "/builds/latest.json";
const CHECK_EVERY_MS = 30 * 60_000;
const VISIBLE_CHECK_AFTER_MS = 5 * 60_000;
const RELOAD_GUARD_MS = 10_000;
const RELOADED_AT_KEY = "app-reloaded-at";
const TYPED_TEXT_KEY = "app-typed-text";

let registration: ServiceWorkerRegistration | null = null;
let lastCheck = 0;

export async function startServiceWorker() {
  restoreTypedText();
  try {
    registration = await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  } catch (error) {
    console.warn("service worker registration failed", error);
    setAppState({ registrationError: true });
    return;
  }
  watchForWaitingWorker(registration);
  navigator.serviceWorker.addEventListener("controllerchange", reloadOnce);
  lastCheck = Date.now();
  setInterval(() => void checkForNewBuild(), CHECK_EVERY_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > VISIBLE_CHECK_AFTER_MS) void checkForNewBuild();
  });
}

/** The member chose "Reload": the waiting worker takes over, and controllerchange reloads. */
export function applyUpdate() {
  const waiting = registration?.waiting;
  if (waiting) waiting.postMessage("SKIP_WAITING");
  else reloadOnce();
}

function watchForWaitingWorker(reg: ServiceWorkerRegistration) {
  // Only an update waits: the first worker of a page has no controller to replace.
  const waitingUpdate = () => {
    if (reg.waiting && navigator.serviceWorker.controller) setAppState({ needsRefresh: true });
  };
  waitingUpdate();
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") waitingUpdate();
    });
  });
}

async function checkForNewBuild() {
  lastCheck = Date.now();
  try {
    const response = await fetch(LATEST_BUILD_URL, { cache: "no-store" });
    if (!response.ok) throw new Error(`${LATEST_BUILD_URL} answered ${response.status}`);
    const latest: unknown = await response.json();
    const buildId = typeof latest === "object" && latest !== null ? Reflect.get(latest, "buildId") : undefined;
    if (typeof buildId === "string" && buildId !== pageBuildId()) await registration?.update();
  } catch (error) {
    // Spec §8: a build metadata failure is only logged.
    console.warn("checking for a new version failed", error);
  }
}

/** The build this page came from: React Router's manifest version (scripts/service-worker-build.ts). */
function pageBuildId(): string | undefined {
  const manifest: unknown = Reflect.get(window, "__reactRouterManifest");
  const version: unknown = typeof manifest === "object" && manifest !== null ? Reflect.get(manifest, "version") : undefined;
  return typeof version === "string" ? version : undefined;
}

/** Spec §9's reload guard: a page reloads for a new worker at most once per 10 s (no reload loops). */
export function mayReload(lastReloadAt: number, now: number): boolean {
  return now - lastReloadAt >= RELOAD_GUARD_MS;
}

function reloadOnce() {
  if (!mayReload(Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0), Date.now())) return;
  sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  saveTypedText();
  window.location.reload();
}

interface TypedText {
  path: string;
  name: string;
  value: string;
}

const TEXT_FIELDS =
  "form textarea[name], form input[name]:not([type]), form input[name][type=text], form input[name][type=email], form input[name][type=search], form input[name][type=tel], form input[name][type=url], form input[name][type=number]";

function saveTypedText() {
  const typed: TypedText[] = [];
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    if (field.value !== field.defaultValue) typed.push({ path: location.pathname, name: field.name, value: field.value });
  }
  if (typed.length > 0) sessionStorage.setItem(TYPED_TEXT_KEY, JSON.stringify(typed));
}

function restoreTypedText() {
  const saved = sessionStorage.getItem(TYPED_TEXT_KEY);
  if (!saved) return;
  sessionStorage.removeItem(TYPED_TEXT_KEY);
  let typed: unknown;
  try {
    typed = JSON.parse(saved);
  } catch {
    return;
  }
  if (!Array.isArray(typed)) return;
  for (const entry of typed) {
    if (typeof entry !== "object" || entry === null) continue;
    const path: unknown = Reflect.get(entry, "path");
    const name: unknown = Reflect.get(entry, "name");
    const value: unknown = Reflect.get(entry, "value");
    if (path !== location.pathname || typeof name !== "string" || typeof value !== "string") continue;
    const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`form [name="${CSS.escape(name)}"]`);
    if (!field || field.value !== field.defaultValue) continue;
    // Through the element's own setter and an input event, so React's state follows.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
