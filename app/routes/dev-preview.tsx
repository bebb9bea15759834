import { ActivateReminder } from "~/components/ActivateReminder";
import { InstallOfferCard } from "~/components/InstallOffer";
import { MatchMoment } from "~/components/MatchMoment";
import { UpdateToastView } from "~/components/UpdateToast";
import { SiteHeader } from "~/components/SiteHeader";
import { LegalLink } from "~/components/signup/LegalDialog";
import { devTools } from "~/lib/api/chat.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { notFound } from "~/lib/page-errors.server";
import { useSite } from "~/lib/root-data";
import type { Route } from "./+types/dev-preview";

/** The previews of spec §2's `/_dev` children, each a component shown alone with sample data. */
const PREVIEWS = ["dialogs", "top-nav", "activate-reminder"] as const;
type Preview = (typeof PREVIEWS)[number];
const isPreview = (value: string | undefined): value is Preview => PREVIEWS.some((p) => p === value);

/** Shown without the site-entry warning in front (root.tsx): the notice links here, or a developer needs it. */
export const handle = { entryWarning: false };

/**
 * /_dev/dialogs, /_dev/top-nav, /_dev/activate-reminder (developer only, docs/product.md §1.9):
 * the shell's parts with sample data, to look at them in both templates without arranging the
 * state they appear in. 404 wherever the development panel is (loopback host, DEV_TOOLS).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tools = await devTools(context.get(apiContext));
  if (!tools.ok || !isPreview(params.preview)) return notFound({ request, context });
  return { preview: params.preview };
}

const SAMPLE_MEMBER = { name: "Sam", photo: null, credits: 120, unreadMessages: 3, newLikes: 12 };

export default function DevPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useSite();
  const siteName = site?.name ?? "";
  return (
    <div className="dev-preview stack">
      <title>{t("devPanel.title")}</title>
      <meta name="robots" content="noindex" />
      <h1>{t(`devPanel.previews.${loaderData.preview}`)}</h1>
      {loaderData.preview === "activate-reminder" ? (
        <ActivateReminder email="sam@example.com" />
      ) : loaderData.preview === "top-nav" ? (
        <>
          {/* inert: pictures of the shell, so their landmarks and links do not double the page's own. */}
          <h2>{t("devPanel.previewMember")}</h2>
          <div inert>
            <SiteHeader siteName={siteName} user={SAMPLE_MEMBER} cdnPrefix="" signupOpen={false} />
          </div>
          <h2>{t("devPanel.previewVisitor")}</h2>
          <div inert>
            <SiteHeader siteName={siteName} user={null} cdnPrefix="" signupOpen />
          </div>
        </>
      ) : (
        <>
          <MatchMoment
            memberId={1}
            me={{ name: "Alex", photo: null }}
            other={{ name: "Sam", photo: null }}
            close="/_dev/dialogs"
            preview
          />
          <UpdateToastView onReload={() => {}} />
          <InstallOfferCard siteName={siteName} canInstall onInstall={() => {}} onDismiss={() => {}} />
          <InstallOfferCard siteName={siteName} canInstall={false} onInstall={() => {}} onDismiss={() => {}} />
          <p>
            <LegalLink page="terms">{t("pages.terms.heading")}</LegalLink> ·{" "}
            <LegalLink page="privacy">{t("pages.privacy.heading")}</LegalLink>
          </p>
        </>
      )}
    </div>
  );
}
