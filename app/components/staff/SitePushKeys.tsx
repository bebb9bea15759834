/**
 * "Generate a new key pair" in a site's push group (issue 28 point 1; ADR 052): whether the API
 * worker holds the private key for the site's host, the button (a confirm step first when the site
 * has a key: members' subscriptions stop working with a new one), and the answer page that shows
 * the private key once with where it goes. Plain links and posts: it works without JavaScript.
 */
import { Form, Link } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { SitePushKeys } from "../../../contract/site-admin";
import { FormAlert, PageHeading } from "./StaffBasics";

export const PUSH_KEYS_INTENT = "push_keys";
const SECRET_COMMAND = "npx wrangler secret put VAPID_PRIVATE_KEYS -c workers/api/wrangler.jsonc";

function GenerateForm({ version, busy, label }: { version: number; busy: boolean; label: string }) {
  return (
    // The answer page replaces the settings page; it starts at the top.
    <Form method="post" className="site-push-form">
      <input type="hidden" name="intent" value={PUSH_KEYS_INTENT} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className="staff-button" disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export function SitePushKeysPanel({
  siteId,
  host,
  version,
  hasKey,
  held,
  confirming,
  formError,
  busy,
}: {
  siteId: number;
  host: string;
  version: number;
  hasKey: boolean;
  held: boolean;
  confirming: boolean;
  formError: string | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div id="push-keys" className="site-push-keys">
      <h3 id="push-keys-heading">{t("staffPush.heading")}</h3>
      <p>
        {t("staffPush.heldLabel", { host })} <strong>{held ? t("staffPush.heldYes") : t("staffPush.heldNo")}</strong>
      </p>
      <p className="staff-muted">{held ? t("staffPush.heldYesHelp") : t("staffPush.heldNoHelp")}</p>
      <FormAlert error={formError} />
      {!hasKey ? (
        <GenerateForm version={version} busy={busy} label={t("staffPush.generate")} />
      ) : confirming ? (
        <div className="site-push-confirm">
          <h4>{t("staffPush.confirmHeading")}</h4>
          <p>{t("staffPush.replaceWarning")}</p>
          <div className="site-push-buttons">
            <GenerateForm version={version} busy={busy} label={t("staffPush.confirmReplace")} />
            <Link className="staff-button secondary" to={`/staff/sites/${siteId}#push`} preventScrollReset>
              {t("staffPush.cancel")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="staff-muted">{t("staffPush.replaceHint")}</p>
          <Link className="staff-button" to={`/staff/sites/${siteId}?push=replace#push-keys`} preventScrollReset>
            {t("staffPush.generate")}
          </Link>
        </>
      )}
    </div>
  );
}

/** The answer page: the private key, shown this once, and the exact way into the secret. */
export function SitePushKeysAnswer({ name, keys, replaced }: { name: string; keys: SitePushKeys; replaced: boolean }) {
  const { t } = useTranslation();
  const entry = `${JSON.stringify(keys.host)}: ${JSON.stringify(keys.private_key)}`;
  return (
    <>
      <PageHeading heading={t("staffPush.answerHeading", { name })} />
      <p className="staff-status" role="status">
        {t("staffPush.saved", { version: keys.version })}
      </p>
      <section className="staff-panel site-push-answer" aria-labelledby="push-private-heading">
        <h2 id="push-private-heading">{t("staffPush.privateHeading")}</h2>
        <p className="staff-error">{t("staffPush.onceWarning")}</p>
        <label className="site-push-key" htmlFor="push-private-key">
          {t("staffPush.privateLabel", { host: keys.host })}
          <textarea id="push-private-key" readOnly rows={2} spellCheck={false} value={keys.private_key} />
        </label>
        <h3>{t("staffPush.secretHeading")}</h3>
        <ol className="site-push-steps">
          <li>
            {t("staffPush.stepEntry", { host: keys.host })}
            <pre>
              <code>{entry}</code>
            </pre>
          </li>
          <li>
            {t("staffPush.stepCommand")}
            <pre>
              <code>{SECRET_COMMAND}</code>
            </pre>
          </li>
          <li>{t("staffPush.stepAfter")}</li>
        </ol>
        {replaced ? <p className="site-push-warning">{t("staffPush.replacedWarning")}</p> : null}
        <h3>{t("staffPush.publicHeading")}</h3>
        <p className="staff-muted">{t("staffPush.publicHelp")}</p>
        <pre>
          <code>{keys.public_key}</code>
        </pre>
        <p>
          <Link to={`/staff/sites/${keys.id}#push`}>{t("staffPush.back")}</Link>
        </p>
      </section>
    </>
  );
}
