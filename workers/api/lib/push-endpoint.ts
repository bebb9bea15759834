/**
 * Which push endpoints the API will POST to. A subscription names a URL the API later fetches
 * on its own, so a forged one could point it at the operator's own network (SSRF). Push
 * services are public https hosts; loopback and private addresses are refused except on a
 * developer's loopback site (the tests' fake push service runs on 127.0.0.1).
 */

export { isPrivateOrLoopbackHost } from "../../../contract/rules/outbound-urls";
import { isPrivateOrLoopbackHost } from "../../../contract/rules/outbound-urls";

/** Why an endpoint is refused (a field code for the 422), or null when it may be stored. */
export function endpointProblem(endpoint: string, loopbackSite: boolean): "not_https" | "private_host" | null {
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "not_https";
  if (url.username || url.password) return "private_host";
  if (isPrivateOrLoopbackHost(url.hostname) && !loopbackSite) return "private_host";
  return null;
}
