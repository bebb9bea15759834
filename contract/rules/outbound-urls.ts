/**
 * URLs the API fetches on its own (postbacks, the partner feed): checked when a site's settings
 * are saved (StoredSettingsSchema) and again when sent (workers/api/domain/postbacks.ts,
 * adapters/cams.ts). Docs: docs/decisions/025-conversion-postbacks.md, 026-partner-feed.md.
 */

function ipv4(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/**
 * IPv4 addresses no outbound request may reach: IANA's IPv4 Special-Purpose Address Registry
 * whole (RFC 6890 and its updates, the globally reachable anycast entries too: no push service
 * or postback receiver lives there), multicast and the reserved 240/4 with broadcast.
 */
export function isSpecialIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // 0.0.0.0/8 "this network"
    a === 10 || // 10/8 private
    (a === 100 && b >= 64 && b <= 127) || // 100.64/10 shared address space (CGN)
    a === 127 || // 127/8 loopback
    (a === 169 && b === 254) || // 169.254/16 link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) || // 172.16/12 private
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // 192.0.0/24 IETF protocol assignments, 192.0.2/24 TEST-NET-1
    (a === 192 && b === 31 && c === 196) || // 192.31.196/24 AS112
    (a === 192 && b === 52 && c === 193) || // 192.52.193/24 AMT
    (a === 192 && b === 88 && c === 99) || // 192.88.99/24 6to4 relay anycast (deprecated)
    (a === 192 && b === 168) || // 192.168/16 private
    (a === 192 && b === 175 && c === 48) || // 192.175.48/24 AS112 direct delegation
    (a === 198 && (b === 18 || b === 19)) || // 198.18/15 benchmarking
    (a === 198 && b === 51 && c === 100) || // 198.51.100/24 TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // 203.0.113/24 TEST-NET-3
    a >= 224 // 224/4 multicast, 240/4 reserved, 255.255.255.255 broadcast
  );
}

/** An IPv6 address (without brackets) as eight 16-bit groups, or null when it is not one. */
export function ipv6Groups(text: string): number[] | null {
  let address = text.toLowerCase();
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (tail?.[1] && tail[2]) {
    const v4 = ipv4(tail[2]);
    if (!v4) return null;
    address = `${tail[1]}${((v4[0] ?? 0) * 256 + (v4[1] ?? 0)).toString(16)}:${((v4[2] ?? 0) * 256 + (v4[3] ?? 0)).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part ? part.split(":") : []);
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest].map((g) => Number.parseInt(g, 16));
}

/**
 * IPv6 addresses no outbound request may reach. Only global unicast (2000::/3) is let through,
 * less IANA's special-purpose blocks inside it; everything else (unspecified, loopback,
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, SRv6 5f00::/16,
 * unique local fc00::/7, link-local fe80::/10, site-local fec0::/10, multicast ff00::/8) is
 * refused. An IPv4-mapped address (::ffff:a.b.c.d) is judged by its IPv4 address.
 */
export function isSpecialIpv6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroHead = groups.slice(0, 5).every((g) => g === 0);
  if (zeroHead && g5 === 0xffff) return isSpecialIpv4([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]);
  if (g0 < 0x2000 || g0 > 0x3fff) return true; // outside global unicast 2000::/3
  return (
    (g0 === 0x2001 && g1 < 0x200) || // 2001::/23 IETF protocol assignments (Teredo 2001::/32 embeds IPv4)
    (g0 === 0x2001 && g1 === 0xdb8) || // 2001:db8::/32 documentation
    g0 === 0x2002 || // 2002::/16 6to4 (embeds an IPv4 address)
    (g0 === 0x2620 && g1 === 0x4f && g2 === 0x8000) || // 2620:4f:8000::/48 AS112 direct delegation
    (g0 & 0xfff0) === 0x3ff0 // 3fff::/20 documentation
  );
}

/**
 * Wildcard DNS names that answer with an address written into the name (nip.io, sslip.io,
 * xip.io: 10.0.0.1.nip.io, app-127-0-0-1.sslip.io, 7f000001.nip.io): the embedded IPv4 address,
 * or "unknown" when the name is such a service's but no address can be read from it.
 */
function embeddedIpv4(host: string): number[] | "unknown" | null {
  const service = /(?:^|\.)(?:nip\.io|sslip\.io|xip\.io)$/.exec(host);
  if (!service) return null;
  const name = host.slice(0, service.index);
  const dotted = /(?:^|[.-])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(name);
  if (dotted?.[1]) return ipv4(dotted[1]) ?? "unknown";
  const dashed = /(?:^|[.-])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})$/.exec(name);
  if (dashed) return ipv4(dashed.slice(1, 5).join(".")) ?? "unknown";
  const hex = /(?:^|[.-])([0-9a-f]{8})$/.exec(name);
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  }
  return "unknown";
}

/**
 * Public names whose DNS answers loopback (127.0.0.1 or ::1) for the name and every subdomain:
 * a Worker cannot resolve a name before fetching it, so these are refused by name. Cloudflare
 * itself refuses to connect a Worker's fetch to a private or loopback address in production
 * (docs/decisions/041-probe-findings-outbound-and-input.md); Node paths also resolve the name
 * (scripts/check-settings.ts).
 */
const LOOPBACK_NAMES = ["localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localhost.direct", "fuf.me"];

/** A URL's hostname (IPv6 in brackets) that is loopback, private, special-purpose or an internal name. */
export function isPrivateOrLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  if (host.endsWith(".home.arpa") || host.endsWith(".lan") || host.endsWith(".intranet") || host.endsWith(".corp")) return true;
  if (LOOPBACK_NAMES.some((name) => host === name || host.endsWith(`.${name}`))) return true;
  if (host.startsWith("[")) {
    const groups = host.endsWith("]") ? ipv6Groups(host.slice(1, -1)) : null;
    return groups ? isSpecialIpv6(groups) : true;
  }
  if (!host.includes(".")) return true; // a bare intranet name
  const v4 = ipv4(host);
  if (v4) return isSpecialIpv4(v4);
  // Numeric forms a URL parser may turn into a private address (0x7f.1, 2130706433) are refused.
  if (/^[0-9.x]+$/i.test(host)) return true;
  const embedded = embeddedIpv4(host);
  if (embedded) return embedded === "unknown" || isSpecialIpv4(embedded);
  return false;
}

/** An address as DNS answers it (no brackets): whether no outbound request may reach it. */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4(address);
  if (v4) return isSpecialIpv4(v4);
  const groups = ipv6Groups(address);
  return groups ? isSpecialIpv6(groups) : true;
}

export type OutboundProblem = "invalid_url" | "not_http" | "private_host" | "unknown_macro" | "macro_in_host" | "too_long";

/** The longest template or finished URL we send. */
export const OUTBOUND_URL_MAX = 2000;

/**
 * Why a URL template is refused, or null. `macros` are the names allowed between braces; the
 * scheme and host must be literal (a macro may not choose where the request goes).
 */
export function templateProblem(template: string, macros: readonly string[], allowPrivate: boolean): OutboundProblem | null {
  if (template.length > OUTBOUND_URL_MAX) return "too_long";
  for (const [, name] of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!macros.includes(name ?? "")) return "unknown_macro";
  }
  const filled = template.replace(/\{[^{}]*\}/g, "x");
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return "invalid_url";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "not_http";
  if (url.username || url.password) return "private_host";
  if (!allowPrivate && isPrivateOrLoopbackHost(url.hostname)) return "private_host";
  // The host as written must be the host parsed: no macro in it, nothing the parser rewrote.
  const origin = `${url.protocol}//${url.host}`;
  if (!template.toLowerCase().startsWith(origin.toLowerCase())) return "macro_in_host";
  const rest = template.slice(origin.length);
  if (rest !== "" && !/^[/?#]/.test(rest)) return "macro_in_host";
  return null;
}

/** Why a finished URL may not be fetched, or null (checked again at send: settings may have changed). */
export function outboundUrlProblem(href: string, allowPrivate: boolean): OutboundProblem | null {
  if (href.length > OUTBOUND_URL_MAX) return "too_long";
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "invalid_url";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "not_http";
  if (url.username || url.password) return "private_host";
  if (!allowPrivate && isPrivateOrLoopbackHost(url.hostname)) return "private_host";
  return null;
}

/** The longest value a macro puts into a URL; longer tracking values are cut. */
export const MACRO_VALUE_MAX = 255;

/** Replaces `{name}` with the URL-encoded value (cut to MACRO_VALUE_MAX characters; unknown or missing: empty). */
export function fillTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === null || value === undefined) return "";
    return encodeURIComponent([...String(value)].slice(0, MACRO_VALUE_MAX).join(""));
  });
}
