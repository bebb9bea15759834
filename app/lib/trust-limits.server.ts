/**
 * The chat's "new conversations of today are used up" (issue 30 point 3, ADR 056): when the member
 * may start new ones again, as they read time. The API counts UTC days; the moment its day ends is
 * shown in the member's time zone (from sign-up), with the weekday and the zone's name, so
 * "Saturday 01:00 CET" is right wherever the member is.
 */
import { safeTimeZone } from "../../contract/time";
import { dateTimeFormat } from "~/lib/format";

export function limitResetsAt(
  retryAfterSeconds: number | undefined,
  locale: string,
  timeZone: string | null | undefined,
  now = Date.now(),
): string {
  // Without a time from the API (another API), the next UTC midnight: the day the limit counts.
  const day = 24 * 60 * 60 * 1000;
  const at = retryAfterSeconds === undefined ? now - (now % day) + day : now + retryAfterSeconds * 1000;
  return dateTimeFormat(locale, {
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZone: safeTimeZone(timeZone),
    timeZoneName: "short",
  }).format(at);
}
