/**
 * Sign-up steps 1 to 5: push notifications, photo, location, personal info, about me. Each is a
 * form with a save button and its own continue-without button; all work without JavaScript
 * (step 1 is only offered where the browser can do push, which needs JavaScript).
 */
import { useEffect, useRef, useState } from "react";
import { Form, href, useFetcher, useNavigation, useSubmit } from "react-router";
import { ErrorList, Field } from "~/components/Field";
import type { ProfileField } from "../../../contract/schemas";
import { countryName } from "~/lib/format";
import { AboutSchema, LocationSchema, PersonalInfoSchema } from "~/lib/forms/signup";
import { inputProps, useForm, type FieldConstraint } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import { fetchResource, type AnswerOf } from "~/lib/resource-answer";
import type { loader as geocodeLoader } from "~/routes/resources/geocode";
import type { MessageKey } from "../../../contract/translator";
import { MAX_AGE, MIN_AGE } from "../../../contract/limits";
import { formErrorsOf } from "~/lib/forms/reply";
import { Busy, FormErrors, StepButtons, type StepActionData } from "./SignupChrome";

type Constraint = Record<string, FieldConstraint> | undefined;

/** The same forms serve sign-up (a step: a page heading, save or continue without) and /profile (a section). */
export type FormVariant = "signup" | "profile";

function PartHeading({ variant, heading, body }: { variant: FormVariant; heading: string; body: string }) {
  if (variant === "profile") return <h2>{heading}</h2>;
  return (
    <>
      <h1>{heading}</h1>
      <p>{body}</p>
    </>
  );
}

function PartButtons({
  variant,
  save,
  intent,
  skip,
}: {
  variant: FormVariant;
  save: MessageKey;
  intent: string;
  skip: MessageKey;
}) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  if (variant === "signup") return <StepButtons save={save} intent={intent} skip={skip} />;
  return (
    <div className="step-buttons">
      <button type="submit" name="intent" value={intent} className="button" disabled={submitting} aria-busy={submitting}>
        {t("profile.save")}
      </button>
    </div>
  );
}

// --- Step 1 -----------------------------------------------------------------------------------

export function PushStep({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [state, setState] = useState<"idle" | "asking" | "failed">("idle");
  const turnOn = async () => {
    setState("asking");
    const result = await import("~/lib/client/push").then((push) => push.subscribePush(publicKey));
    if (result === null) {
      setState("failed");
      return;
    }
    // A refusal is recorded as 'denied' (docs/product.md §8); a subscription is stored on the account.
    await submit({ intent: "push", subscription: result === "denied" ? "denied" : JSON.stringify(result) }, { method: "post" });
  };
  return (
    <>
      <h1>{t("signup.push.heading")}</h1>
      <p>{t("signup.push.body")}</p>
      {state === "failed" && (
        <p className="error-list" role="alert">
          {t("signup.push.failed")}
        </p>
      )}
      {state === "asking" && <Busy label={t("signup.push.asking")} />}
      <Form method="post" className="step-buttons">
        <button type="button" className="button" onClick={() => void turnOn()} disabled={state === "asking"}>
          {t("signup.push.turnOn")}
        </button>
        <button type="submit" name="intent" value="skip" className="button secondary">
          {t("signup.push.decline")}
        </button>
      </Form>
    </>
  );
}

// --- Step 2 -----------------------------------------------------------------------------------

const PHOTO_TYPES = "image/png,image/jpeg";

export function PhotoStep({
  images,
  cdnPrefix,
  actionData,
}: {
  images: { id: number; thumb_filename: string }[];
  cdnPrefix: string;
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const upload = useFetcher<StepActionData>();
  return (
    <>
      <h1>{t("signup.photo.heading")}</h1>
      <p>{t("signup.photo.body")}</p>
      {images.length > 0 && (
        <ul className="photo-grid" aria-label={t("signup.photo.yours")}>
          {images.map((image) => (
            <li key={image.id}>
              <img src={cdnPrefix + image.thumb_filename} alt={t("signup.photo.alt")} width={120} height={120} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      <PhotoUpload upload={upload} actionData={actionData} />
      <Form method="post">
        <input type="hidden" name="step" value="2" />
        <StepButtons skip={images.length > 0 ? "signup.continue" : "signup.photo.skip"} busy={upload.state !== "idle"} />
      </Form>
    </>
  );
}

/**
 * Adding a photo by click, file picker or drop (sign-up step 2 and /profile): with JavaScript it
 * uploads at once through a fetcher; without, a plain multipart form with an upload button.
 */
export function PhotoUpload({
  upload,
  actionData,
}: {
  upload: ReturnType<typeof useFetcher<StepActionData>>;
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const uploading = upload.state !== "idle";
  const errors = formErrorsOf(upload.data) ?? formErrorsOf(actionData);

  const send = (file: File | undefined) => {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", "photo");
    formData.set("file", file);
    void upload.submit(formData, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <Form method="post" encType="multipart/form-data" className="stack">
      <ErrorList id="photo-errors" errors={errors} />
      <label
        className={dragging ? "drop-zone dragging" : "drop-zone"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          send(event.dataTransfer.files[0]);
        }}
      >
        <span className="drop-zone-text">{t("signup.photo.choose")}</span>
        <input
          type="file"
          name="file"
          accept={PHOTO_TYPES}
          aria-describedby={errors?.length ? "photo-errors" : "photo-help"}
          onChange={(event) => send(event.currentTarget.files?.[0])}
        />
      </label>
      <p className="field-help" id="photo-help">
        {t("signup.photo.help")}
      </p>
      {uploading && <Busy label={t("signup.photo.uploading")} />}
      <noscript>
        <button type="submit" name="intent" value="photo" className="button">
          {t("signup.photo.upload")}
        </button>
      </noscript>
    </Form>
  );
}

// --- Step 3 -----------------------------------------------------------------------------------

interface LocationView {
  countries: string[];
  regionData: Record<string, { id: number; name: string }[]>;
  country: string;
  countryregion: number | null;
  city: string;
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
    let cancelled = false;
    setLocating(true);
    locate()
      .then((place) => {
        if (cancelled || !place?.country || !view.countries.includes(place.country)) return;
        // Prefill only what the member has not chosen or typed yet.
        const regionEmpty = currentValue(fields.countryregion.name) === "";
        const cityEmpty = currentValue(fields.city.name) === "";
        form.update(fields.country.name, place.country);
        if (place.attribution) setAttribution(place.attribution);
        if (place.countryregion && regionEmpty) form.update(fields.countryregion.name, String(place.countryregion));
        if (place.city && cityEmpty) form.update(fields.city.name, place.city);
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

// --- Step 4 -----------------------------------------------------------------------------------

interface PersonalInfoView {
  gender: string;
  dob: { year: string; month: string; day: string };
  selects: ProfileField[];
  values: Record<string, string>;
  thisYear: number;
}

export function PersonalInfoStep({
  view,
  actionData,
  variant = "signup",
}: {
  view: PersonalInfoView;
  actionData: StepActionData;
  variant?: FormVariant;
}) {
  const { t, locale } = useTranslation();
  const form = useForm({
    schema: PersonalInfoSchema,
    lastResult: actionData?.result,
    defaultValue: {
      gender: view.gender,
      dobDay: view.dob.day,
      dobMonth: view.dob.month,
      dobYear: view.dob.year,
      fields: view.values,
    },
  });
  const fields = {
    gender: form.field("gender"),
    dobDay: form.field("dobDay"),
    dobMonth: form.field("dobMonth"),
    dobYear: form.field("dobYear"),
  };
  const months = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, i, 1))),
  );
  // docs/product.md §9: the picker covers ages 18 to 100.
  const years = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => view.thisYear - MIN_AGE - i);
  const dobErrors = fields.dobDay.errors;
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.personal.heading")} body={t("signup.personal.body")} />
      <Form method="post" {...form.props} className="stack">
        <FormErrors actionData={actionData} />
        <fieldset className="field choice-group">
          <legend>{t("signup.personal.gender")}</legend>
          {(["female", "male"] as const).map((gender) => (
            <label key={gender} className="choice">
              <input
                type="radio"
                name={fields.gender.name}
                value={gender}
                defaultChecked={fields.gender.initialValue === gender}
              />
              {t(`signup.personal.${gender}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="field" aria-describedby={dobErrors?.length ? "dob-errors" : "dob-help"}>
          <legend>{t("signup.personal.dateOfBirth")}</legend>
          <div className="date-parts">
            <select
              name={fields.dobDay.name}
              defaultValue={fields.dobDay.initialValue ?? ""}
              aria-label={t("signup.personal.day")}
              aria-invalid={dobErrors?.length ? true : undefined}
            >
              <option value="">{t("signup.personal.day")}</option>
              {Array.from({ length: 31 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
            <select
              name={fields.dobMonth.name}
              defaultValue={fields.dobMonth.initialValue ?? ""}
              aria-label={t("signup.personal.month")}
            >
              <option value="">{t("signup.personal.month")}</option>
              {months.map((month, i) => (
                <option key={month} value={i + 1}>
                  {month}
                </option>
              ))}
            </select>
            <select
              name={fields.dobYear.name}
              defaultValue={fields.dobYear.initialValue ?? ""}
              aria-label={t("signup.personal.year")}
            >
              <option value="">{t("signup.personal.year")}</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
          <p className="field-help" id="dob-help">
            {t("signup.personal.ageOnly")}
          </p>
          <ErrorList id="dob-errors" errors={dobErrors} />
        </fieldset>
        {view.selects.map((field) =>
          field.type === "select" ? (
            <div className="field" key={field.name}>
              <label htmlFor={`field-${field.name}`}>{field.label}</label>
              <select
                id={`field-${field.name}`}
                name={`fields.${field.name}`}
                defaultValue={form.field(`fields.${field.name}`).initialValue ?? ""}
              >
                <option value="">{t("signup.personal.noAnswer")}</option>
                {field.allowed_values.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <ErrorList errors={form.field(`fields.${field.name}`).errors} />
            </div>
          ) : null,
        )}
        <PartButtons variant={variant} save="signup.personal.save" intent="personal" skip="signup.personal.skip" />
      </Form>
    </>
  );
}

// --- Step 5 -----------------------------------------------------------------------------------

interface AboutView {
  notes: ProfileField[];
  personal: Record<string, string>;
  interests: { id: string; name: string }[];
  chosen: string[];
}

export function AboutStep({
  view,
  actionData,
  variant = "signup",
}: {
  view: AboutView;
  actionData: StepActionData;
  variant?: FormVariant;
}) {
  const { t } = useTranslation();
  const form = useForm({
    schema: AboutSchema,
    lastResult: actionData?.result,
    defaultValue: { personal: view.personal, interests: view.chosen },
    lists: ["interests"],
  });
  // What the member sent last (after an error) or what is stored.
  const chosen = form.field("interests").initialValues;
  return (
    <>
      <PartHeading variant={variant} heading={t("signup.about.heading")} body={t("signup.about.body")} />
      <Form method="post" {...form.props} className="stack">
        <FormErrors actionData={actionData} />
        {view.notes.map((note) => {
          if (note.type !== "text") return null;
          const field = form.field(`personal.${note.name}`);
          const errors = field.errors;
          const id = `personal-${note.name}`;
          return (
            <div className="field" key={note.name}>
              <label htmlFor={id}>{note.label}</label>
              <textarea
                id={id}
                name={field.name}
                rows={2}
                maxLength={note.max_length}
                defaultValue={field.initialValue ?? ""}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={errors?.length ? `${id}-error` : undefined}
              />
              <ErrorList id={`${id}-error`} errors={errors} />
            </div>
          );
        })}
        {view.interests.length > 0 && (
          <fieldset className="field interest-list">
            <legend>{t("signup.about.interests")}</legend>
            {view.interests.map((interest) => (
              <label key={interest.id} className="choice">
                <input type="checkbox" name="interests" value={interest.id} defaultChecked={chosen.includes(interest.id)} />
                {interest.name}
              </label>
            ))}
            <ErrorList errors={form.field("interests").errors} />
          </fieldset>
        )}
        <PartButtons variant={variant} save="signup.about.save" intent="about" skip="signup.about.skip" />
      </Form>
    </>
  );
}
