/** GET /api/settings.php (designed), /api/companyinfo.php and /api/regions.php (docs/product.md §7). */
import { Hono } from "hono";
import { RegionsQuerySchema } from "../../../contract/requests/site";
import { RegionsAnswerSchema } from "../../../contract/schemas/members";
import { CompanyInfoSchema, type Settings, SettingsSchema } from "../../../contract/schemas/site";
import type { ApiContext } from "../context";
import { regionsOfCountries, regionsOfCountry } from "../db/places";
import { networkSiteNames } from "../db/sites";
import { answer } from "../lib/answer";
import { readQuery } from "../lib/request";

export const site = new Hono<ApiContext>()
  .get("/settings.php", async (c) => {
    // Postback templates and the feed's address stay on the server (they may carry partner keys),
    // and the hosts' reply target is the operator's business (issue 27).
    const {
      postbacks: _postbacks,
      partner_feed,
      host_reply_target_minutes: _target,
      // The words refused in first messages are the API's to apply (ADR 053).
      first_message_handles: _handles,
      // And so are the new conversations a member may start a day (ADR 056).
      new_conversations_per_day: _perDay,
      new_conversations_per_day_verified: _perDayVerified,
      // The chat's messages answer gives each sender the offensive words that apply (ADR 057).
      offensive_words: _offensive,
      ...settings
    } = c.var.site.settings;
    const [regions, network_sites] = await Promise.all([
      regionsOfCountries(c.var.db, settings.countries),
      networkSiteNames(c.var.db, c.var.site),
    ]);
    const region_data: Settings["region_data"] = {};
    for (const country of settings.countries) region_data[country] = [];
    for (const { id, name, country } of regions) region_data[country]?.push({ id, name });
    // The country the edge saw the visitor in, forwarded by the app.
    const geo = c.req.header("x-client-country")?.toUpperCase() ?? "";
    const geoip_country = /^[A-Z]{2}$/.test(geo) ? geo : null;
    c.header("Cache-Control", "private, max-age=60");
    return answer(c, SettingsSchema, {
      ...settings,
      partner_image_hosts: partner_feed?.hosts ?? [],
      region_data,
      geoip_country,
      geoip_selected_country: geoip_country && settings.countries.includes(geoip_country) ? geoip_country : settings.countries[0],
      network_sites,
    });
  })
  .get("/companyinfo.php", (c) => {
    const s = c.var.site.settings;
    return answer(c, CompanyInfoSchema, {
      name: s.company_name,
      address: s.company_address,
      kvk: s.company_kvk,
      city: s.company_city,
      country: s.company_country,
      tradenames: s.company_tradenames,
      vat_numbers: s.company_vat_numbers,
      support_phone: s.support_phone,
      delete_discount: s.delete_discount,
    });
  })
  .get("/regions.php", async (c) => {
    const { country } = readQuery(c, RegionsQuerySchema, "Give a two-letter country code.");
    const regions = await regionsOfCountry(c.var.db, country);
    return answer(c, RegionsAnswerSchema, { country, regions });
  });
