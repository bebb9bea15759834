/**
 * Which push endpoints the API will POST to. A subscription names a URL the API later fetches
 * on its own, so a forged one could point it at the operator's own network (SSRF). Push
 * services are public https hosts; loopback and private addresses are refused except on a
 * developer's loopback site (the tests' fake push service runs on 127.0.0.1).
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
    // fc00::/7 unique local, fe80::/10 link-local
    return /^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6);
  }
  return false;
}

/** Why an endpoint is refused (a field code for the 422), or null when it may be stored. */
export function endpointProblem(endpoint: string, loopbackSite: boolean): "not_https" | "private_host" | null {
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "not_https";
  if (url.username || url.password) return "private_host";
  if (isPrivateOrLoopbackHost(url.hostname) && !loopbackSite) return "private_host";
  return null;
}
