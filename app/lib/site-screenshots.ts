/**
 * The install dialog's screenshots per site (ADR 061): `npm run screenshots:sites`
 * (scripts/site-screenshots.ts) takes each demo site's own search page and writes
 * public/screenshots/<host>/search-{narrow,wide}.jpg, then lists the hosts here. A host not
 * listed (a site made in the console since) shows the generic screenshots.
 */
export const HOSTS_WITH_SCREENSHOTS: readonly string[] = ["localhost", "127.0.0.1", "velvet.localhost"];

export function siteScreenshots(host: string) {
  const base = HOSTS_WITH_SCREENSHOTS.includes(host) ? `/screenshots/${host}` : "/screenshots";
  return [
    { src: `${base}/search-narrow.jpg`, sizes: "390x844", type: "image/jpeg", form_factor: "narrow" },
    { src: `${base}/search-wide.jpg`, sizes: "1280x800", type: "image/jpeg", form_factor: "wide" },
  ];
}
