-- search.php at a million profiles (docs/decisions/031-search-at-scale.md).
--
-- A page of results walks members_browse (or, for a region, members_browse_region) in id order
-- from the newest, checking gender, birth date and status in the index itself: page 1 reads
-- about pp / (the share that matches) entries and no rows. The old plan gathered and sorted
-- every match (tens of thousands) for each page. Status comes last on purpose: an index that
-- starts with it draws other `status = 'active'` queries (the cards' id lookup) away from the
-- primary key.
CREATE INDEX members_browse ON members (country, id, gender, date_of_birth, status);
CREATE INDEX members_browse_region ON members (countryregion, id, gender, date_of_birth, status, country);
-- The count of a search for any gender: one contiguous birth-date range per country
-- (members_search answers a search for one gender the same way).
CREATE INDEX members_ages ON members (country, date_of_birth, status);
-- A region's count from the index alone (the search checks the country too).
DROP INDEX members_search_region;
CREATE INDEX members_search_region ON members (countryregion, gender, date_of_birth, status, country);
