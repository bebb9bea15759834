-- Search by distance, recent activity and photo, sorted newest, nearest or recently active
-- (issue 29 point 2, docs/decisions/062).
--
-- A member's place as coordinates: the city's, from `cities` by country and name (the sign-up's
-- and the profile's city come from the geocoder or the member's typing; a name `cities` does not
-- know leaves them NULL, and such a member cannot search by distance until the city is known).
ALTER TABLE members ADD COLUMN lat REAL;
ALTER TABLE members ADD COLUMN lng REAL;

CREATE INDEX cities_country_name ON cities (country, name);

UPDATE members
SET lat = (SELECT c.lat FROM cities c WHERE c.country = members.country AND c.name = members.city ORDER BY c.id LIMIT 1),
    lng = (SELECT c.lng FROM cities c WHERE c.country = members.country AND c.name = members.city ORDER BY c.id LIMIT 1)
WHERE city IS NOT NULL AND country IS NOT NULL;

-- Distance: a latitude band of one country, with the longitude and the other filters in the
-- index, so a box is checked without reading the table (the exact circle is checked after).
CREATE INDEX members_near ON members (country, lat, lng, gender, date_of_birth, status, only_this_site, site_id, is_fictional, promote, main_image_id);

-- Recently active: the members seen since a moment, newest first, with the filters in the index.
CREATE INDEX members_active ON members (country, last_seen, gender, date_of_birth, status, only_this_site, site_id, is_fictional, promote, main_image_id);

-- "With a photo": the count reads the birth-date indexes up to the cap (ADR 031), so they hold
-- main_image_id too, or every entry would cost a table row (44 ms at a million profiles).
DROP INDEX members_ages;
CREATE INDEX members_ages ON members (country, date_of_birth, status, only_this_site, site_id, is_fictional, promote, main_image_id);
DROP INDEX members_search;
CREATE INDEX members_search ON members (country, gender, date_of_birth, status, only_this_site, site_id, is_fictional, promote, main_image_id);
DROP INDEX members_search_region;
CREATE INDEX members_search_region ON members (countryregion, gender, date_of_birth, status, country, only_this_site, site_id, is_fictional, promote, main_image_id);
