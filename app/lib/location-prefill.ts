/**
 * What the device's position fills in the location form when the member asks for it ("Use my
 * location" on sign-up step 3 and on /profile; docs/product.md §2.3, issue 29 point 10): the
 * device is never asked without that press. The member asked, so the device's place replaces
 * what the form holds; a place in a country the site does not serve fills nothing.
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

/** The fields to set from the device's place; null when it is nowhere the site serves. */
export function fieldsFromDevice(place: DevicePlace, countries: readonly string[]): LocationFormValues | null {
  if (!place.country || !countries.includes(place.country)) return null;
  return {
    country: place.country,
    countryregion: place.countryregion ? String(place.countryregion) : "",
    city: place.city ?? "",
  };
}

/**
 * An attribution line with its addresses as links: each comma-separated part written
 * "Label (https://…)" becomes the label, linked ("Places from GeoNames (https://…), CC BY 4.0
 * (https://…)" → two links and the comma between them).
 */
export function attributionParts(text: string): { text: string; href?: string }[] {
  return text.split(/,\s*/).flatMap((segment, index) => {
    const separator = index > 0 ? [{ text: ", " }] : [];
    const linked = /^(.*?)\s*\((https?:\/\/[^)\s]+)\)$/.exec(segment);
    return [...separator, linked ? { text: linked[1] ?? segment, href: linked[2] } : { text: segment }];
  });
}
