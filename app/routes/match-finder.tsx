import { redirect } from "react-router";
import { Brand, FictionalMark, FictionalNote, LanderForm, Photo, useNameAge } from "~/components/landers/LanderParts";
import { InviteOnly } from "~/components/signup/SignupChrome";
import { search } from "~/lib/api/discover.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { landerData, landerPhotos } from "~/lib/landers.server";
import { apiContext, trackingContext } from "~/lib/context";
import { useSite } from "~/lib/root-data";
import { AGE_RANGES, ageRange } from "../../contract/rules/search";
import { landerSignupAction } from "~/lib/signup/flow.server";
import type { Route } from "./+types/match-finder";

/**
 * /match-finder (public, empty layout; docs/product.md §11.4): a short quiz as GET forms, one
 * question a page, each carrying the answers before it, then members from the site's search
 * that match, and sign-up step 0. No JavaScript.
 */
export const handle = { hydrate: false };

const GENDERS = ["female", "male"] as const;
const INTENTS = ["chat", "date", "friends"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  if (await getOptionalUser(context)) throw redirect("/members");
  const url = new URL(request.url);
  const settings = await siteSettings(request, context);
  const country = settings.geoip_selected_country;
  const regions = settings.region_data[country] ?? [];
  const gender = GENDERS.find((g) => g === url.searchParams.get("gender")) ?? null;
  const age = AGE_RANGES.find((r) => r.key === url.searchParams.get("age"))?.key ?? null;
  const regionParam = url.searchParams.get("region");
  const region = regionParam === null ? null : (regions.find((r) => String(r.id) === regionParam)?.id ?? 0);
  const intent = INTENTS.find((i) => i === url.searchParams.get("intent")) ?? null;
  const answers = { gender, age, region, intent };
  const step = gender === null ? 1 : age === null ? 2 : region === null ? 3 : intent === null ? 4 : 5;
  if (step < 5 || gender === null || age === null || region === null) return { step, answers, regions, matches: [], form: null };
  const { form } = await landerData(args, 0);
  const range = ageRange(age);
  const network = context.get(trackingContext).tracking.network;
  const found = await search(context.get(apiContext), {
    firstLoad: false,
    page: 1,
    doNotSave: true,
    trafficsource: network,
    // An advertisement: entertainment profiles and members who opted in only (docs/product.md "Visibility across sites").
    promotion: true,
    filters: { gender, min_age: range.min, max_age: range.max, country, countryregion: region },
  }).catch(() => null);
  const matches = found?.ok ? landerPhotos(found.data.profiles, settings.cdn_prefix) : [];
  return { step, answers, regions, matches: matches.slice(0, 6), form };
}

/** Sign-up step 0 posts here; mistakes come back on this page, the typing kept (docs/product.md §11.3). */
export function action({ request, context }: Route.ActionArgs) {
  return landerSignupAction(request, context);
}

export default function MatchFinder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const nameAge = useNameAge();
  const { step, answers, regions, matches, form } = loaderData;
  const siteName = useSite()?.name ?? "";
  const kept = Object.entries(answers).flatMap(([name, value]) =>
    value === null ? [] : [<input key={name} type="hidden" name={name} value={String(value)} />],
  );
  if (form && !form.open) return <InviteOnly siteName={siteName} />;
  return (
    <div className="lander-page ld ld-quiz">
      <title>{t("landers.matchFinder.title", { site: siteName })}</title>
      <meta name="description" content={t("landers.matchFinder.lead")} />
      <Brand name={siteName} />
      <div className="ld-top">
        {step < 5 ? (
          <form method="get" action="/match-finder" className="ld-hero card-surface">
            <p className="muted">{t("landers.matchFinder.stepOf", { step, total: 4 })}</p>
            <fieldset className="ld-choices">
              <legend>
                <h1>
                  {step === 1
                    ? t("landers.matchFinder.q1")
                    : step === 2
                      ? t("landers.matchFinder.q2")
                      : step === 3
                        ? t("landers.matchFinder.q3")
                        : t("landers.matchFinder.q4")}
                </h1>
              </legend>
              {kept}
              {step === 1 &&
                GENDERS.map((g, i) => (
                  <label key={g}>
                    <input type="radio" name="gender" value={g} required defaultChecked={i === 0} /> {t(`search.genders.${g}`)}
                  </label>
                ))}
              {step === 2 &&
                AGE_RANGES.map((r, i) => (
                  <label key={r.key}>
                    <input type="radio" name="age" value={r.key} required defaultChecked={i === 0} />{" "}
                    {r.key === "all" ? t("search.allAges") : r.key === "65+" ? t("search.over65") : r.key}
                  </label>
                ))}
              {step === 3 && (
                <label>
                  {t("search.region")}
                  <select name="region" defaultValue="0">
                    <option value="0">{t("search.anyRegion")}</option>
                    {regions.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {step === 4 &&
                INTENTS.map((intent, i) => (
                  <label key={intent}>
                    <input type="radio" name="intent" value={intent} required defaultChecked={i === 0} />{" "}
                    {intent === "chat"
                      ? t("landers.matchFinder.chat")
                      : intent === "date"
                        ? t("landers.matchFinder.date")
                        : t("landers.matchFinder.friends")}
                  </label>
                ))}
            </fieldset>
            <button type="submit" className="button large">
              {t("landers.matchFinder.next")}
            </button>
          </form>
        ) : (
          <section className="ld-hero">
            <div className="ld-intro">
              <h1>{t("landers.matchFinder.resultHeading")}</h1>
              <p className="lead">{matches.length > 0 ? t("landers.matchFinder.resultLead") : t("landers.matchFinder.none")}</p>
              <a href="/match-finder">{t("landers.matchFinder.again")}</a>
            </div>
            <ul className="ld-grid">
              {matches.map((p, i) => (
                <li key={p.id}>
                  <Photo photo={p} eager={i < 3} />
                  <FictionalMark photo={p} />
                  <span className="ld-cap">{nameAge(p)}</span>
                </li>
              ))}
            </ul>
            <FictionalNote photos={matches} />
          </section>
        )}
      </div>
      {form ? <LanderForm form={form} actionData={actionData} /> : null}
    </div>
  );
}
