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

function privateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/** A URL's hostname (IPv6 in brackets) that is loopback, private, link-local or an internal name. */
export function isPrivateOrLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return true;
  if (!host.includes(".") && !host.startsWith("[")) return true; // a bare intranet name
  const v4 = ipv4(host);
  if (v4) return privateIpv4(v4);
  if (host.startsWith("[")) {
    const v6 = host.slice(1, -1);
    if (v6 === "::" || v6 === "::1") return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
    if (mapped?.[1]) return privateIpv4(ipv4(mapped[1]) ?? [0]);
    // The URL parser writes IPv4-mapped addresses in hex: [::ffff:7f00:1] is 127.0.0.1.
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
    if (hex?.[1] && hex[2]) {
      const [high, low] = [Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16)];
      return privateIpv4([high >> 8, high & 255, low >> 8, low & 255]);
    }
    // fc00::/7 unique local, fe80::/10 link-local
    return /^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6);
  }
  // Numeric forms a URL parser may turn into a private address (0x7f.1, 2130706433) are refused.
  if (/^[0-9.x]+$/i.test(host)) return true;
  return false;
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
