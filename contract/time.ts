/** Times as people read them, for pages and mails alike. */

/**
 * The member's time zone if the runtime knows it, else UTC. The zone comes from the member's
 * browser at sign-up; the server, the browser and the mails format with the same zone, so
 * they agree.
 */
export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}
