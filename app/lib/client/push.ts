/**
 * Web push in the browser (docs/product.md §1, §4, §6): what this browser can do, and subscribing with the
 * site's VAPID key through the push worker at /sw-push.js?v=2. The sign-up page reports the
 * support in a cookie, so the server can skip step 1 where push is not offered.
 */
import { routePath } from "~/lib/route-path";
import { PUSH_SUPPORT_COOKIE, type PushSupport } from "../../../contract/rules/signup-steps";

export const PUSH_WORKER_URL = "/sw-push.js?v=2";
/** Its own scope: "/" belongs to /sw.js, and push reaches a registration whatever its scope. */
const PUSH_SCOPE = "/push/";

function capable(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The subscription this browser already holds for our push worker, if any. */
async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function detectPushSupport(): Promise<{ support: PushSupport; subscription: PushSubscriptionJSON | null }> {
  if (!capable()) return { support: "unsupported", subscription: null };
  if (Notification.permission === "denied") return { support: "denied", subscription: null };
  try {
    const subscription = await existingSubscription();
    return subscription
      ? { support: "subscribed", subscription: subscription.toJSON() }
      : { support: "available", subscription: null };
  } catch {
    return { support: "available", subscription: null };
  }
}

/** Remembers the support for the server (read by the sign-up loader and action). */
export function reportPushSupport(support: PushSupport): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers many members use.
  document.cookie = `${PUSH_SUPPORT_COOKIE}=${support}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Resolves once the registration's worker is active (subscribing needs an active worker). */
function activation(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
    });
  });
}

/**
 * Asks for permission and subscribes. "denied" when the member (or the browser) refuses;
 * null when subscribing failed for another reason (no push service reachable, say).
 */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON | "denied" | null> {
  if (!capable()) return null;
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return null;
  try {
    const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_SCOPE });
    await activation(registration);
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return subscription.toJSON();
  } catch (error) {
    console.warn("push subscription failed", error);
    return Notification.permission === "denied" ? "denied" : null;
  }
}

async function postSubscription(subscription: PushSubscriptionJSON): Promise<Response> {
  return fetch(routePath("/resources/push-subscription"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subscription }),
    credentials: "same-origin",
  });
}

/** Whether the API asked for a fresh subscription (the endpoint is stored with these keys on another account). */
async function askedToResubscribe(response: Response): Promise<boolean> {
  if (response.status !== 422) return false;
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== "object" || body === null || !("fields" in body)) return false;
  const fields = body.fields;
  return (
    typeof fields === "object" &&
    fields !== null &&
    "subscription.endpoint" in fields &&
    fields["subscription.endpoint"] === "resubscribe"
  );
}

/**
 * A fresh subscription in place of this browser's: new keys from the push service, which is what
 * moves an endpoint from the account it was stored on (docs/decisions/041).
 */
async function renewedSubscription(): Promise<PushSubscriptionJSON | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_SCOPE);
  const old = await registration?.pushManager.getSubscription();
  const key = old?.options.applicationServerKey;
  if (!registration || !old || !key) return null;
  await old.unsubscribe();
  return (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
}

/** Stores a subscription this browser already had on the logged-in account (POST /resources/push-subscription). */
export async function attachSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  try {
    let response = await postSubscription(subscription);
    if (await askedToResubscribe(response)) {
      const renewed = await renewedSubscription();
      if (renewed) response = await postSubscription(renewed);
    }
    if (!response.ok) console.warn("push subscription not stored", response.status);
  } catch (error) {
    console.warn("push subscription not stored", error);
  }
}

/** Whether the browser has reported its push support before (on an earlier page). */
export function pushSupportReported(): boolean {
  return document.cookie.split("; ").some((pair) => pair.startsWith(`${PUSH_SUPPORT_COOKIE}=`));
}

/** Ends this browser's subscription (push turned off on /profile); failures only logged. */
export async function unsubscribePush(): Promise<void> {
  if (!capable()) return;
  try {
    await (await existingSubscription())?.unsubscribe();
  } catch (error) {
    console.warn("push unsubscribe failed", error);
  }
}
