/**
 * The Node half of the outbound address check (docs/decisions/041-probe-findings-outbound-and-input.md):
 * a Worker cannot resolve a name before it fetches it, so the API refuses private hosts by what
 * the URL says (contract/rules/outbound-urls.ts) and Cloudflare refuses private targets in
 * production. Where code runs under Node (scripts/check-settings.ts), each name is also
 * resolved, and a name with any private, loopback or special-purpose answer is refused.
 */
import { lookup } from "node:dns/promises";
import type { z } from "zod";
import { isPrivateAddress } from "../contract/rules/outbound-urls";
import { POSTBACK_EVENTS, type StoredSettingsSchema } from "../contract/schemas";

/** The part of a site's settings that names URLs the API fetches. */
export type OutboundSettings = Pick<z.output<typeof StoredSettingsSchema>, "postbacks" | "partner_feed">;

export type Resolve = (host: string) => Promise<string[]>;

/** Every address the name resolves to (A and AAAA). */
export const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The settings' outbound URL templates with their paths: postbacks and the partner feed. */
export function outboundTemplates(settings: OutboundSettings): { path: string; template: string; allowPrivate: boolean }[] {
  const found: { path: string; template: string; allowPrivate: boolean }[] = [];
  const postbacks = settings.postbacks;
  if (postbacks) {
    for (const [network, templates] of Object.entries(postbacks.networks)) {
      for (const event of POSTBACK_EVENTS) {
        const template = templates[event];
        if (template)
          found.push({ path: `postbacks.networks.${network}.${event}`, template, allowPrivate: postbacks.allow_private_hosts });
      }
    }
  }
  const feed = settings.partner_feed;
  if (feed) found.push({ path: "partner_feed.url", template: feed.url, allowPrivate: feed.allow_private_hosts });
  return found;
}

/**
 * Names that resolve to private addresses (problems: "path: private_host (name → address)") and
 * names that do not resolve here (warnings: the check may run offline). Hosts written as
 * addresses were judged by the schema already; templates that allow private hosts are not looked up.
 */
export async function privateAnswers(
  settings: OutboundSettings,
  resolve: Resolve = resolveAll,
): Promise<{ problems: string[]; warnings: string[] }> {
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const { path, template, allowPrivate } of outboundTemplates(settings)) {
    if (allowPrivate) continue;
    let host: string;
    try {
      host = new URL(template.replace(/\{[^{}]*\}/g, "x")).hostname;
    } catch {
      continue; // the schema has said why
    }
    if (host.startsWith("[") || /^[\d.]+$/.test(host)) continue;
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      warnings.push(`${path}: ${host} does not resolve here; not checked`);
      continue;
    }
    const bad = addresses.find((address) => isPrivateAddress(address));
    if (bad) problems.push(`${path}: private_host (${host} → ${bad})`);
  }
  return { problems, warnings };
}
