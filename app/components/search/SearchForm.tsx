/**
 * The members page's search form (docs/product.md §3.9 and §4.6): the spec's filters as pills,
 * and the extras behind "More filters" (docs/decisions/062).
 */
import { useEffect, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import {
  AGE_RANGES,
  ageRangeKey,
  GENDERS,
  SEARCH_DISTANCES,
  SEARCH_SORTS,
  type SearchExtras,
} from "../../../contract/rules/search";
import type { SearchFilters } from "../../../contract/schemas";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import { profileSectionHref } from "~/lib/profile/parts";

/**
 * A GET form, so filters work without JavaScript; with it, any change searches at once.
 * Changing the country resets the region (docs/product.md §4).
 */
export function SearchForm({
  filters,
  verifiedOnly,
  extras,
  askedNear,
  member,
  countries,
  regions,
}: {
  filters: SearchFilters;
  verifiedOnly: boolean;
  extras: SearchExtras & { location_known: boolean };
  askedNear: boolean;
  /** Logged in: the distance and "nearest first" are a member's (they need the member's city). */
  member: boolean;
  countries: string[];
  regions: { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const submit = useSubmit();
  // Once the script runs, a choice searches at once: on phones the Search button then gives its
  // row back to the results (app.css "Search").
  const [appliesItself, setAppliesItself] = useState(false);
  useEffect(() => setAppliesItself(true), []);
  return (
    <Form
      method="get"
      action="/members"
      className="search-form"
      onChange={(event) => {
        const form = event.currentTarget;
        const changed = event.target;
        if (changed instanceof HTMLSelectElement && changed.name === "country") {
          const region = form.elements.namedItem("region");
          if (region instanceof HTMLSelectElement) region.value = "0";
        }
        void submit(form);
      }}
    >
      <div className="field">
        <label htmlFor="search-gender">{t("search.gender")}</label>
        <select id="search-gender" name="gender" defaultValue={filters.gender}>
          <option value="">{t("search.anyGender")}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`search.genders.${gender}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-age">{t("search.age")}</label>
        <select id="search-age" name="age" defaultValue={ageRangeKey(filters.min_age, filters.max_age)}>
          {AGE_RANGES.map((range) => (
            <option key={range.key} value={range.key}>
              {range.key === "all" ? t("search.allAges") : range.key === "65+" ? t("search.over65") : range.key}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-country">{t("search.country")}</label>
        <select id="search-country" name="country" defaultValue={filters.country}>
          {countries.map((country) => (
            <option key={country} value={country}>
              {names.country(country)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-region">{t("search.region")}</label>
        <select id="search-region" name="region" defaultValue={String(filters.countryregion)}>
          <option value="0">{t("search.anyRegion")}</option>
          {regions.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name}
            </option>
          ))}
        </select>
      </div>
      <MoreFilters verifiedOnly={verifiedOnly} extras={extras} askedNear={askedNear} member={member} />
      <button type="submit" className={appliesItself ? "button applies-itself" : "button"}>
        {t("search.submit")}
      </button>
    </Form>
  );
}

/**
 * The extras (ADR 062) behind "More filters": a disclosure, so it opens without JavaScript too,
 * and open whenever one is in use, so a member sees what narrows the results.
 */
function MoreFilters({
  verifiedOnly,
  extras,
  askedNear,
  member,
}: {
  verifiedOnly: boolean;
  extras: SearchExtras & { location_known: boolean };
  /** A distance or "nearest first" was asked for: open, to say why it did not apply. */
  askedNear: boolean;
  member: boolean;
}) {
  const { t } = useTranslation();
  const near = member && extras.location_known;
  const inUse = [extras.distance !== null, extras.active, extras.photo, extras.sort !== "newest", verifiedOnly].filter(
    Boolean,
  ).length;
  return (
    <details className="more-filters" open={inUse > 0 || (askedNear && member && !extras.location_known)}>
      <summary>{inUse > 0 ? t("search.moreFiltersCount", { count: inUse }) : t("search.moreFilters")}</summary>
      <div className="more-filters-body">
        {member ? (
          <div className="field">
            <label htmlFor="search-distance">{t("search.distance")}</label>
            <select id="search-distance" name="distance" defaultValue={String(extras.distance ?? "")} disabled={!near}>
              <option value="">{t("search.anyDistance")}</option>
              {SEARCH_DISTANCES.map((km) => (
                <option key={km} value={km}>
                  {t("search.withinKm", { km })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="search-sort">{t("search.sort")}</label>
          <select id="search-sort" name="sort" defaultValue={extras.sort}>
            {SEARCH_SORTS.filter((sort) => sort !== "nearest" || near).map((sort) => (
              <option key={sort} value={sort}>
                {t(`search.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
        {member && !extras.location_known ? (
          <p className="field-hint more-filters-hint">
            {t("search.locationUnknown")} <Link to={profileSectionHref("location")}>{t("search.addCity")}</Link>
          </p>
        ) : null}
        <label className="choice">
          <input type="checkbox" name="active" value="1" defaultChecked={extras.active} /> {t("search.activeRecently")}
        </label>
        <label className="choice">
          <input type="checkbox" name="photo" value="1" defaultChecked={extras.photo} /> {t("search.withPhoto")}
        </label>
        <label className="choice">
          <input type="checkbox" name="verified" value="1" defaultChecked={verifiedOnly} /> {t("verification.searchFilter")}
        </label>
      </div>
    </details>
  );
}
