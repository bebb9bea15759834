/**
 * Deterministic demo profiles: the i-th profile is the same on every machine and for every
 * profile count, so a 100 000-profile benchmark seed starts with the same 500 as the demo.
 */
import { COUNTRY_CODES, COUNTRY_LANGUAGE, FIRST_NAMES, GEO, type CountryCode } from "./geo-data";
import { INTERESTS, SELECT_FIELDS } from "../data/profile-fields";
import { createRandom } from "./random";

export interface SeedProfile {
  name: string;
  gender: "male" | "female";
  /** Mostly the other gender, some the same, some everyone (issue 16). */
  interestedIn: "male" | "female" | "everyone";
  dateOfBirth: string;
  country: CountryCode;
  regionName: string;
  city: string;
  language: string;
  fictional: boolean;
  photoCount: number;
  personal: Record<string, string>;
  signupDate: number;
  /** Select-field answers and interests (profile_fields.php's names; interests comma-separated). */
  fields: Record<string, string>;
}

const ABOUT = [
  "Coffee first, then adventures.",
  "Weekend hiker, weekday cook.",
  "I laugh at my own jokes so you don't have to.",
  "Looking for someone to share the sofa and the remote.",
  "Dog person, but cats are welcome.",
  "Live music, long walks, good food.",
  "New in town and curious.",
  "Bookworm with a passport.",
];
const LOOKING_FOR = ["Friendship first", "Something serious", "A date this week", "Let's see where it goes"];

/** Reference date for ages and sign-up dates, fixed so the seed does not change over time. */
export const SEED_EPOCH = Date.UTC(2026, 9, 1);

export function seedProfile(index: number): SeedProfile {
  const random = createRandom(index * 7919 + 17);
  const country = COUNTRY_CODES[index % COUNTRY_CODES.length]!;
  const region = random.pick(GEO[country]);
  const city = random.pick(region.cities);
  const gender = random.next() < 0.5 ? "female" : "male";
  const age = random.int(18, 80);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  // Born `age` years before the epoch (1 October), one year earlier if the birthday comes later in the year.
  const year = new Date(SEED_EPOCH).getUTCFullYear() - age - (month > 10 || (month === 10 && day > 1) ? 1 : 0);
  const other = gender === "female" ? "male" : "female";
  // Drawn last, so every earlier value of a profile stays what it was before this field.
  const result: Omit<SeedProfile, "interestedIn" | "fields"> = {
    name: random.pick(FIRST_NAMES[country][gender]),
    gender,
    dateOfBirth: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    country,
    regionName: region.name,
    city: city.name,
    language: COUNTRY_LANGUAGE[country],
    fictional: random.next() < 0.6,
    photoCount: random.int(1, 4),
    personal: { about_me: random.pick(ABOUT), looking_for: random.pick(LOOKING_FOR) },
    signupDate: SEED_EPOCH - random.int(0, 400) * 86_400_000,
  };
  const draw = random.next();
  const interestedIn = draw < 0.85 ? other : draw < 0.93 ? gender : "everyone";
  return { ...result, interestedIn, fields: seedFields(random) };
}

/**
 * Answers as members give them: most fields answered, some skipped, two to four interests.
 * Drawn after everything else, so every earlier value of a profile stays what it was.
 */
function seedFields(random: ReturnType<typeof createRandom>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, values] of Object.entries(SELECT_FIELDS)) {
    if (random.next() < 0.75) fields[name] = random.pick(values);
  }
  const interests = new Set<string>();
  const count = random.int(2, 4);
  while (interests.size < count) interests.add(random.pick(INTERESTS));
  fields.interests = [...interests].join(",");
  return fields;
}
