/**
 * The demo VAPID key pair of the local demo sites (docs/decisions/021-push-delivery.md). Both
 * halves are public (they are in this repository), so lib/vapid.ts signs with them only for
 * loopback sites and refuses the pair on any other host. It lives here, in production code,
 * because that refusal needs the public half; the seed (seed/sites.ts) reads the pair from here
 * for the demo sites' push_pub, never the other way round (issue 26 point 6). Production keys
 * live in the VAPID_PRIVATE_KEYS secret (README).
 */

/** The public half of Amora's demo VAPID key pair (local use only). */
export const DEMO_VAPID_PUBLIC_KEY = "BP1e0DkLTd5H_rcD7cRqvLp_BDIxeF5BPoRRi_aLVWFjMhHuejsbzlMAmsebeNCH8nonNyK9kXXMLpAZncmPBSQ";

/** The private half (d, base64url): for sending push locally, never in production. */
export const DEMO_VAPID_PRIVATE_KEY = "IT42qfTZK6Gf9Dwf9-NVYRRmJjcOHN939PNDMp9Hwfs";
