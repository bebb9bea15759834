import { ErrorList } from "~/components/Field";

/**
 * The consent an order needs before "payment due" (Consumer Rights Directive art. 16(m) for
 * credits; starting a service at once for premium): a required checkbox with its label and
 * its error, so the browser asks for it without JavaScript too.
 */
export function Consent({ label, errors }: { label: string; errors: string[] | undefined }) {
  return (
    <>
      <div className="consent">
        <input
          type="checkbox"
          id="consent"
          name="consent"
          value="on"
          required
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? "consent-errors" : undefined}
        />
        <label htmlFor="consent">{label}</label>
      </div>
      <ErrorList id="consent-errors" errors={errors} />
    </>
  );
}
