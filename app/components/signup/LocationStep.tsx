/**
 * Sign-up step 3 (and the location section of /profile): country, region and city. Works without
 * JavaScript; with it, the device's position prefills the form: at sign-up its country and what
 * is still empty; on /profile only what is empty, never the saved place (lib/location-prefill.ts).
 */
import { useEffect, useRef, useState } from "react";
import { Form, href } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import { countryName } from "~/lib/format";
import { LocationSchema } from "~/lib/forms/signup";
import { prefillFrom, wantsDevicePlace } from "~/lib/location-prefill";
import { inputProps, useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { fetchResource, type AnswerOf } from "~/lib/resource-answer";
import type { loader as geocodeLoader } from "~/routes/resources/geocode";
import { type Constraint, type FormVariant, PartButtons, PartHeading } from "./PartChrome";
import { Busy, FormErrors, type StepActionData } from "./SignupChrome";

interface LocationView {
  countries: string[];
  regionData: Record<string, { id: number; name: string }[]>;
  country: string;
  countryregion: number | null;
  city: string;
  /** The country stored on the profile (`country` above falls back to a guess when there is none). */
  savedCountry: string | null;
  showCity: boolean;
  constraint: Constraint;
}

const GEOCODE_CACHE_KEY = "geolocation_geocode";
const GEO_CACHE_MS = 60 * 60 * 1000; // docs/product.md §9: one hour

/** The place at the device's position, as GET /resources/geocode answers it. */
type Place = AnswerOf<typeof geocodeLoader>;

/**
 * The place an earlier visit to step 3 found, if it is under an hour old (docs/product.md §9).
 * Local storage is anyone's to edit, so each field is checked as it is read.
 */
function cachedPlace(): Place | null {
  try {
    const cached: unknown = JSON.parse(localStorage.getItem(GEOCODE_CACHE_KEY) ?? "null");
    if (typeof cached !== "object" || cached === null) return null;
    const at: unknown = Reflect.get(cached, "at");
    const place: unknown = Reflect.get(cached, "geocode");
    if (typeof at !== "number" || Date.now() - at >= GEO_CACHE_MS || typeof place !== "object" || place === null) return null;
    const [country, countryregion, city, attribution] = ["country", "countryregion", "city", "attribution"].map((name): unknown =>
      Reflect.get(place, name),
    );
    return {
      country: typeof country === "string" ? country : null,
      countryregion: typeof countryregion === "number" ? countryregion : null,
      city: typeof city === "string" ? city : null,
      attribution: typeof attribution === "string" ? attribution : "",
    };
  } catch {
    // An unreadable cache is simply not used.
    return null;
  }
}

/** docs/product.md §4: step 3 asks the device where it is, and the API which place that is (cached an hour). */
async function locate(): Promise<Place> {
  const cached = cachedPlace();
  if (cached) return cached;
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: GEO_CACHE_MS, timeout: 15_000 }),
  );
  const { latitude, longitude } = position.coords;
  const query = new URLSearchParams({ lat: latitude.toFixed(4), lon: longitude.toFixed(4) });
  const response = await fetchResource<typeof geocodeLoader>(`${href("/resources/geocode")}?${query}`);
  if (!response.ok) throw new Error(`geocode answered ${response.status}`);
  const geocode = await response.json();
  localStorage.setItem(GEOCODE_CACHE_KEY, JSON.stringify({ at: Date.now(), geocode }));
  return geocode;
}

export function LocationStep({
  view,
  actionData,
  variant = "signup",
}: {
  view: LocationView;
  actionData: StepActionData;
  variant?: FormVariant;
}) {
  const { t, locale } = useTranslation();
  const form = useForm({
    schema: LocationSchema,
    lastResult: actionData?.result,
    constraint: view.constraint,
    defaultValue: { country: view.country, countryregion: view.countryregion ? String(view.countryregion) : "", city: view.city },
  });
  const fields = { country: form.field("country"), countryregion: form.field("countryregion"), city: form.field("city") };
  const [country, setCountry] = useState(fields.country.initialValue ?? view.country);
  const [locating, setLocating] = useState(false);
  const [attribution, setAttribution] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** What the member has chosen or typed so far (the place from the device fills only what is empty). */
  const currentValue = (name: string) => {
    const element = formRef.current?.elements.namedItem(name);
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.value : "";
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step opens (docs/product.md §4: step 3 triggers geolocation).
  useEffect(() => {
    if (!("geolocation" in navigator)) return;
    const saved = { country: view.savedCountry, countryregion: view.countryregion, city: view.city };
    if (!wantsDevicePlace(saved, variant)) return;
    let cancelled = false;
    setLocating(true);
    locate()
      .then((place) => {
        if (cancelled) return;
        // What the member has chosen or typed, and on /profile the saved place, stay.
        const current = {
          country: currentValue(fields.country.name),
          countryregion: currentValue(fields.countryregion.name),
          city: view.showCity ? currentValue(fields.city.name) : "",
        };
        const updates = prefillFrom(place, current, { variant, savedCountry: view.savedCountry, countries: view.countries });
        if (Object.keys(updates).length === 0) return;
        if (place.attribution) setAttribution(place.attribution);
        // The country first: choosing one resets the region (docs/product.md §4).
        if (updates.country !== undefined) form.update(fields.country.name, updates.country);
        if (updates.countryregion !== undefined) form.update(fields.countryregion.name, updates.countryregion);
        if (updates.city !== undefined && view.showCity) form.update(fields.city.name, updates.city);
      })
      .catch((error: unknown) => console.info("geolocation gave no place", error)) // docs/product.md §8: logged only
      .finally(() => !cancelled && setLocating(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const regionCountries = view.countries.length > 1 ? view.countries : [view.countries[0] ?? view.country];
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.location.heading")} body={t("signup.location.body")} />
      {locating && <Busy label={t("signup.location.locating")} />}
      <Form method="post" {...form.props} ref={formRef} className="stack">
        <FormErrors actionData={actionData} />
        {view.countries.length > 1 ? (
          <div className="field">
            <label htmlFor={fields.country.id}>{t("signup.location.country")}</label>
            <select
              id={fields.country.id}
              name={fields.country.name}
              defaultValue={country}
              aria-invalid={fields.country.errors ? true : undefined}
              aria-describedby={fields.country.errors ? fields.country.errorId : undefined}
              onChange={(event) => {
                setCountry(event.currentTarget.value);
                // docs/product.md §4: a new country resets the region.
                form.update(fields.countryregion.name, "");
              }}
            >
              {view.countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(locale, code)}
                </option>
              ))}
            </select>
            <ErrorList id={fields.country.errorId} errors={fields.country.errors} />
          </div>
        ) : (
          <input type="hidden" name="country" value={view.countries[0]} />
        )}
        <div className="field">
          <label htmlFor={fields.countryregion.id}>{t("signup.location.region")}</label>
          <select
            id={fields.countryregion.id}
            name={fields.countryregion.name}
            defaultValue={fields.countryregion.initialValue ?? ""}
            aria-invalid={fields.countryregion.errors ? true : undefined}
            aria-describedby={fields.countryregion.errors ? fields.countryregion.errorId : undefined}
          >
            <option value="">{t("signup.location.noRegion")}</option>
            {/* Without JavaScript every allowed country's regions are there, grouped; with it, the chosen country's. */}
            {regionCountries.map((code) => (
              <optgroup key={code} label={countryName(locale, code)} hidden={form.hydrated && code !== country}>
                {(view.regionData[code] ?? []).map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <ErrorList id={fields.countryregion.errorId} errors={fields.countryregion.errors} />
        </div>
        {view.showCity && (
          <Field
            label={t("signup.location.city")}
            inputProps={{ ...inputProps(fields.city, "text"), autoComplete: "address-level2" }}
            errors={fields.city.errors}
          />
        )}
        <PartButtons variant={variant} save="signup.location.save" intent="location" skip="signup.location.skip" />
      </Form>
      {attribution && <p className="field-help attribution">{attribution}</p>}
    </>
  );
}
