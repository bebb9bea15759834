-- The postback console (issue 28 point 5, docs/decisions/050-postbacks-console.md) reads one
-- network's postbacks of a site: the counts per status since a time and the delivery log newest
-- first (by created_at, then id). This index serves both without scanning the site's other
-- networks.
CREATE INDEX postbacks_site_network_created ON postbacks (site_id, network, created_at);
