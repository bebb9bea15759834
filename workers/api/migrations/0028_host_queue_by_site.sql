-- The hosts' queue of one site in several languages (a host of nl,de,en), oldest first, read in
-- index order instead of sorting every waiting row of the site (npm run bench:hosts; ADR 045).
CREATE INDEX host_queue_site ON host_queue (site_id, waiting_since);
