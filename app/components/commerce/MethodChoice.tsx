import type { PaymentMethods } from "../../../contract/schemas";
import { useTranslation } from "~/lib/i18n-react";

/** The provider's name of a method; "Card" is the one we translate (brand names are not). */
export function useMethodName() {
  const { t } = useTranslation();
  return (method: PaymentMethods[number]) => (method.id === "creditcard" ? t("credits.card") : method.description);
}

/**
 * "Pay with": the payment methods as radio tiles (`checked`: the one chosen, else the first).
 * Without methods (the provider does not answer) it says so instead.
 */
export function MethodChoice({ methods, checked }: { methods: PaymentMethods | null; checked?: string | undefined }) {
  const { t } = useTranslation();
  const name = useMethodName();
  if (!methods) {
    return (
      <p className="notice-box" role="status">
        {t("credits.methodsUnavailable")}
      </p>
    );
  }
  const chosen = methods.some((m) => m.id === checked) ? checked : methods[0]?.id;
  return (
    <fieldset className="method-choice">
      <legend>{t("credits.payWith")}</legend>
      <div className="method-grid">
        {methods.map((method) => (
          <label key={method.id} className="method">
            <input type="radio" name="method" value={method.id} defaultChecked={method.id === chosen} />
            <span>{name(method)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
