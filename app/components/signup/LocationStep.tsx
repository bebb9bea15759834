/**
 * Sign-up step 3 (and the location section of /profile): country, region and city. Works without
 * JavaScript; with it, the device's position prefills the form: at sign-up its country and what
 * is still empty; on /profile only what is empty, never the saved place (lib/location-prefill.ts).
 */
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { routePath } from "~/lib/route-path";
import { ErrorList, Field } from "~/components/Field";
import { countryName } from "~/lib/format";
import { LocationSchema } from "~/lib/forms/signup";
import { attributionParts, fieldsFromDevice } from "~/lib/location-prefill";
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
  const response = await fetchResource<typeof geocodeLoader>(`${routePath("/resources/geocode")}?${query}`);
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
  const formFields = { country: form.field("country"), countryregion: form.field("countryregion"), city: form.field("city") };

  const [country, setCountry] = useState(formFields.country.initialValue ?? view.country);
  const [locating, setLocating] = useState(false);
  const [attribution, setAttribution] = useState<string | null>(null);

  // The device is asked only when the member presses "Use my location" (issue 29 point 10), and
  // only where a browser can answer: the button comes with the page's script.
  const [canLocate, setCanLocate] = useState(false);
  const [notFound, setNotFound] = useState(false);
  useEffect(() => setCanLocate("geolocation" in navigator), []);
  const useMyLocation = () => {
    setLocating(true);
    setNotFound(false);
    locate()
      .then((place) => {
        const found = fieldsFromDevice(place, view.countries);
        if (!found) {
          setNotFound(true);
          return;
        }
        if (place.attribution) setAttribution(place.attribution);
        // The country first: choosing one resets the region (docs/product.md §4).
        setCountry(found.country);
        form.update(formFields.country.name, found.country);
        form.update(formFields.countryregion.name, found.countryregion);
        if (view.showCity) form.update(formFields.city.name, found.city);
      })
      .catch((error: unknown) => {
        console.info("geolocation gave no place", error); // docs/product.md §8: logged
        setNotFound(true);
      })
      .finally(() => setLocating(false));
  };

  const regionCountries = view.countries.length > 1 ? view.countries : [view.countries[0] ?? view.country];
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.location.heading")} body={t("signup.location.body")} />
      {locating && <Busy label={t("signup.location.locating")} />}
      <Form method="post" {...form.props} className="stack">
        {canLocate && (
          <p className="use-location">
            <button type="button" className="button secondary" onClick={useMyLocation} disabled={locating}>
              {t("signup.location.useMine")}
            </button>
            {notFound && (
              <span className="field-help" role="status">
                {" "}
                {t("signup.location.notFound")}
              </span>
            )}
          </p>
        )}
        <FormErrors actionData={actionData} />
        {view.countries.length > 1 ? (
          <div className="field">
            <label htmlFor={formFields.country.id}>{t("signup.location.country")}</label>
            <select
              id={formFields.country.id}
              name={formFields.country.name}
              defaultValue={country}
              aria-invalid={formFields.country.errors ? true : undefined}
              aria-describedby={formFields.country.errors ? formFields.country.errorId : undefined}
              onChange={(event) => {
                setCountry(event.currentTarget.value);
                // docs/product.md §4: a new country resets the region.
                form.update(formFields.countryregion.name, "");
              }}
            >
              {view.countries.map((code) => (
                <option key={code} value={code}>
                  {countryName(locale, code)}
                </option>
              ))}
            </select>
            <ErrorList id={formFields.country.errorId} errors={formFields.country.errors} />
          </div>
        ) : (
          <input type="hidden" name="country" value={view.countries[0]} />
        )}
        <div className="field">
          <label htmlFor={formFields.countryregion.id}>{t("signup.location.region")}</label>
          <select
            id={formFields.countryregion.id}
            name={formFields.countryregion.name}
            defaultValue={formFields.countryregion.initialValue ?? ""}
            aria-invalid={formFields.countryregion.errors ? true : undefined}
            aria-describedby={formFields.countryregion.errors ? formFields.countryregion.errorId : undefined}
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
          <ErrorList id={formFields.countryregion.errorId} errors={formFields.countryregion.errors} />
        </div>
        {view.showCity && (
          <Field
            label={t("signup.location.city")}
            inputProps={{ ...inputProps(formFields.city, "text"), autoComplete: "address-level2" }}
            errors={formFields.city.errors}
          />
        )}
        <PartButtons variant={variant} save="signup.location.save" intent="location" skip="signup.location.skip" />
      </Form>
      {attribution && (
        <p className="field-help attribution">
          {attributionParts(attribution).map((part) =>
            part.href ? (
              <a key={part.href} href={part.href} target="_blank" rel="noreferrer">
                {part.text}
              </a>
            ) : (
              part.text
            ),
          )}
        </p>
      )}
    </>
  );
}
