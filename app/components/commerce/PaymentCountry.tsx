import { Form } from "react-router";
import { countryName } from "~/lib/format";
import { useTranslation } from "~/lib/i18n-react";

/**
 * payment_country (docs/product.md §11): which country the member pays from decides the
 * currency, the VAT and the methods. A GET form, so it works without JavaScript; with it, a
 * change submits at once.
 */
export function PaymentCountry({
  country,
  countries,
  returnTo,
  discountCode = null,
}: {
  country: string;
  countries: string[];
  returnTo: string | null;
  /** A typed discount code, kept when the country changes. */
  discountCode?: string | null;
}) {
  const { t, locale } = useTranslation();
  return (
    <Form method="get" className="payment-country">
      <label htmlFor="payment-country">{t("credits.payingFrom")}</label>
      <select
        id="payment-country"
        name="country"
        defaultValue={country}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(locale, code)}
          </option>
        ))}
      </select>
      {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
      {discountCode && <input type="hidden" name="code" value={discountCode} />}
      <button type="submit" className="button secondary small">
        {t("credits.changeCountry")}
      </button>
    </Form>
  );
}
