/**
 * What the push tests share (push-*.test.ts): subscriptions at the fake push service and what it
 * received, members that subscribe, and the calls that cause a push (a message, a like).
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { z } from "zod";
import { DEMO_VAPID_PUBLIC_KEY } from "../../workers/api/seed/sites";
import { call, createMember, loginAs } from "./helpers";

const SERVICE = env.TEST_PUSH_SERVICE;

export interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Received {
  pending: { topic: string | null; ttl: string | null; urgency: string | null; payload: string }[];
  posts: number;
  rejected: string[];
  trapped: number;
}

/** A browser's subscription at the fake service, for the demo site's key. */
export async function fakeSubscription(mode = "ok"): Promise<Subscription> {
  const response = await fetch(`${SERVICE}/_subscribe`, {
    method: "POST",
    body: JSON.stringify({ applicationServerKey: DEMO_VAPID_PUBLIC_KEY, mode }),
  });
  return response.json();
}

export async function received(subscription: Subscription): Promise<Received> {
  const id = subscription.endpoint.split("/").pop();
  return (await fetch(`${SERVICE}/_messages/${id}`)).json();
}

export async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return schema.parse(body);
}

export async function member(name: string, options: { credits?: number; language?: string } = {}) {
  const created = await createMember({ credits: options.credits });
  await env.DB.prepare("UPDATE members SET name = ?, language = ? WHERE id = ?")
    .bind(name, options.language ?? "en", created.id)
    .run();
  return { ...created, cookie: await loginAs(created) };
}

export const subscribe = (cookie: string, subscription: unknown, host?: string) =>
  call("/api/user.php?push=1", { method: "POST", json: { subscription }, cookie, host });

export async function subscribed(cookie: string, mode = "ok"): Promise<Subscription> {
  const subscription = await fakeSubscription(mode);
  expect((await subscribe(cookie, subscription)).status).toBe(200);
  return subscription;
}

export const subscriptionRows = async (endpoint: string) =>
  (await env.DB.prepare("SELECT id FROM push_subscriptions WHERE endpoint = ?").bind(endpoint).all()).results.length;
