/**
 * What the postback tests share (postbacks-*.test.ts): the test site (pb.localhost) and its
 * networks, templates that tell the fake network how to answer, a member signed up with tracking,
 * and what the fake received and the log says.
 */
import { env } from "cloudflare:workers";
import type { StoredSettings } from "../../contract/schemas";
import { DEMO_SITES } from "../../workers/api/seed/sites";
import { createMember } from "./helpers";

export const SITE_ID = 61;

export const HOST = "pb.localhost";

export const RECEIVER = env.TEST_POSTBACK_RECEIVER;

let keyCounter = 0;

/**
 * A key of its own for each postback, so the fake's record of it is this test's alone. The random
 * part keeps it apart from the keys of the other postbacks-*.test.ts files, which count from 1 too
 * and send to the same fake at the same time.
 */
export const newKey = () => `k${Date.now()}x${++keyCounter}${crypto.randomUUID().slice(0, 8)}`;

export function siteSettings(networks: NonNullable<StoredSettings["postbacks"]>["networks"]): StoredSettings {
  const base = DEMO_SITES[0]!.settings;
  return { ...base, domain: HOST, postbacks: { networks, allow_private_hosts: true } };
}

/** Replaces the test site's postback networks. */
export async function setNetworks(networks: NonNullable<StoredSettings["postbacks"]>["networks"]) {
  await env.DB.prepare("INSERT OR REPLACE INTO sites (id, host, is_default, settings) VALUES (?, ?, 0, ?)")
    .bind(SITE_ID, HOST, JSON.stringify(siteSettings(networks)))
    .run();
}

export const template = (mode: string, key: string, extra = "") =>
  `${RECEIVER}/pb/${mode}/${key}?cid={clickid}&s1={sub1}&s2={sub2}&s3={sub3}&s4={sub4}&ev={event}&amt={amount}&cur={currency}&net={network}${extra}`;

export async function memberFrom(tracking: Record<string, string>) {
  const member = await createMember({ siteId: SITE_ID });
  await env.DB.prepare("UPDATE members SET trafficsource = ? WHERE id = ?").bind(JSON.stringify(tracking), member.id).run();
  return member;
}

interface Row {
  id: number;
  event: string;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  url: string;
}

export async function rows(memberId: number): Promise<Row[]> {
  const result = await env.DB.prepare("SELECT * FROM postbacks WHERE member_id = ? ORDER BY id").bind(memberId).all<Row>();
  return result.results;
}

/** Waits until the member's postback for `event` has one of the final states. */
export async function settled(memberId: number, event: string, timeoutMs = 15_000): Promise<Row> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = (await rows(memberId)).find((r) => r.event === event);
    if (row && ["sent", "failed", "refused"].includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`postback ${event} of member ${memberId} still ${row?.status ?? "missing"}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
