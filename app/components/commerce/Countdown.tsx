import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n-react";
import { useOptionalUser } from "~/lib/root-data";
import { dateTimeFormat } from "~/lib/format";

/**
 * When a time bonus ends: the end time as the server renders it (no JavaScript needed), and
 * with JavaScript the time left, counting down each second. The first render in the browser
 * matches the server's, so hydration does not differ; the countdown starts after it.
 */
export function Countdown({ until }: { until: number }) {
  const { t, locale } = useTranslation();
  const timeZone = useOptionalUser()?.timeZone ?? "UTC";
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const end = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(until);
  if (now === null) return <time dateTime={new Date(until).toISOString()}>{t("credits.endsAt", { time: end })}</time>;
  const left = Math.max(0, Math.floor((until - now) / 1000));
  const clock = [Math.floor(left / 3600), Math.floor((left % 3600) / 60), left % 60]
    .map((part, i) => (i === 0 ? String(part) : String(part).padStart(2, "0")))
    .join(":");
  return (
    <time dateTime={new Date(until).toISOString()} title={end}>
      {left > 0 ? t("credits.endsIn", { time: clock }) : t("credits.ended")}
    </time>
  );
}
