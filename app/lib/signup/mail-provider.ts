/**
 * Step 7's mail-provider button (docs/product.md §2): members whose mailprovider is 2 (Gmail, see
 * rules.mailproviderOf) get a link that searches their mailbox for our mail. Android opens the
 * Gmail app, other phones the mobile web app, everything else the desktop web app.
 */
export const WEBMAIL_PROVIDER = 2;

export type Device = "android" | "mobile" | "desktop";

export function deviceOf(userAgent: string): Device {
  if (/Android/i.test(userAgent)) return "android";
  if (/iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The search URL for mail from `siteName`, or null when the provider has none. */
export function mailSearchUrl(mailprovider: number, siteName: string, device: Device): string | null {
  if (mailprovider !== WEBMAIL_PROVIDER) return null;
  const query = encodeURIComponent(`"${siteName}" in:anywhere`);
  switch (device) {
    case "android":
      return `intent://mail.google.com/mail/mu/mp/#tl/search/${query}#Intent;scheme=https;package=com.google.android.gm;S.browser_fallback_url=${encodeURIComponent(`https://mail.google.com/mail/mu/mp/#tl/search/${query}`)};end`;
    case "mobile":
      return `https://mail.google.com/mail/mu/mp/#tl/search/${query}`;
    case "desktop":
      return `https://mail.google.com/mail/u/0/#search/${query}`;
  }
}
