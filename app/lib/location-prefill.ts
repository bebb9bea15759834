/**
 * What the device's position may fill in the location form (docs/product.md §2.3, §2.4; issue
 * 16, defect 3). Sign-up step 3 is prefilled from it: the device's country, and the region and
 * city while they are empty. On /profile the saved place wins: the device fills only a place
 * left empty (no region and no city yet), never the country the member saved, and nothing when
 * it is in another country than the saved one. A device's region beside a city the member typed
 * could contradict it, so a half-filled place is left as it is.
 */
export interface DevicePlace {
  country: string | null;
  countryregion: number | null;
  city: string | null;
}

export interface LocationFormValues {
  country: string;
  countryregion: string;
  city: string;
}

export interface PrefillContext {
  variant: "signup" | "profile";
  /** The country stored on the profile (null: none yet; the form then shows a guess). */
  savedCountry: string | null;
  /** The site's countries: a place elsewhere fills nothing. */
  countries: readonly string[];
}

/** Whether to ask the device at all: /profile does only while no region or city is saved. */
export function wantsDevicePlace(
  saved: { country: string | null; countryregion: number | null; city: string },
  variant: "signup" | "profile",
): boolean {
  return variant === "signup" || (saved.countryregion === null && saved.city === "");
}

/** The fields to set from the device's place, given what the form holds now. */
export function prefillFrom(
  place: DevicePlace,
  current: LocationFormValues,
  context: PrefillContext,
): Partial<LocationFormValues> {
  if (!place.country || !context.countries.includes(place.country)) return {};
  const profile = context.variant === "profile";
  if (profile && context.savedCountry !== null && context.savedCountry !== place.country) return {};
  if (profile && (current.countryregion !== "" || current.city !== "")) return {};
  const updates: Partial<LocationFormValues> = {};
  if (!profile || context.savedCountry === null) updates.country = place.country;
  if (place.countryregion && current.countryregion === "") updates.countryregion = String(place.countryregion);
  if (place.city && current.city === "") updates.city = place.city;
  return updates;
}
