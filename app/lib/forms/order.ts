/**
 * The order summary's form (/credits/:creditId/:paymentMethod; browser and action; the API
 * checks again and computes the price itself). The member confirms that the credits are
 * delivered at once (EU Consumer Rights Directive art. 16(m)); the hidden fields say what the
 * page showed, so a price that changed since is refused rather than charged.
 */
import * as v from "valibot";

const hidden = v.pipe(v.optional(v.string(), ""), v.nonEmpty("errors.generic"));

export const OrderSchema = v.object({
  consent: v.pipe(v.optional(v.string(), ""), v.nonEmpty("validation.consentRequired")),
  key: hidden,
  country: hidden,
  expected_cents: hidden,
  expected_currency: hidden,
  return_to: v.optional(v.string()),
  code: v.optional(v.string()),
});
