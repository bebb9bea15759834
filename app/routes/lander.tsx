import { redirect } from "react-router";
import { Brand, LanderForm, LanderHead } from "~/components/landers/LanderParts";
import { useDesign } from "~/components/landers/Designs";
import { InviteOnly } from "~/components/signup/SignupChrome";
import { countVisit } from "~/lib/api/business-figures.server";
import { siteSettings } from "~/lib/api/site.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { isLanderType, LANDER_MEMBER_PARAM, landerMember } from "~/lib/landers";
import { checkSlug, landerData } from "~/lib/landers.server";
import { notFound } from "~/lib/page-errors.server";
import { landerSignupAction } from "~/lib/signup/flow.server";
import type { Route } from "./+types/lander";

/**
 * /landers/:type/:slug (lander layout): the eight affiliate landers (docs/product.md §11,
 * docs/decisions/022). No JavaScript at all: photos from the site's own search, the design's
 * CSS, and sign-up step 0 as plain HTML posting to /signup. The slug carries the niche prefix
 * and the language; a wrong one redirects, junk is the 404 page.
 */
export const handle = { hydrate: false };

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  const type = params.type;
  if (!isLanderType(type)) return notFound(args);
  const links = await checkSlug(args, await siteSettings(args.request, context), `/landers/${type}`, params["*"] ?? "");
  if (await getOptionalUser(context)) throw redirect("/home");
  const { settings, form, photos, place } = await landerData(args);
  countVisit(args.request, context, "lander");
  const search = new URL(args.request.url).searchParams;
  // "Say hi to Hannah": the form names her (when she is on the page) and sign-up ends at her page.
  const member = photos.find((p) => p.id === landerMember(search)) ?? null;
  search.delete(LANDER_MEMBER_PARAM);
  return { type, form, photos, place, siteName: settings.name, member: member?.name ?? null, query: search.toString(), ...links };
}

/** Sign-up step 0 posts here; mistakes come back on this page, the typing kept (docs/product.md §11.3). */
export function action({ request, context }: Route.ActionArgs) {
  return landerSignupAction(request, context, landerMember(new URL(request.url).searchParams));
}

export default function Lander({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { type, form, photos, place, siteName, member, query } = loaderData;
  const design = useDesign(type, { photos, place, site: siteName, query });
  if (!form.open) return <InviteOnly siteName={siteName} />;
  return (
    <div className={`lander-page ld ld-${type}`}>
      <LanderHead
        title={t("landers.title", { heading: design.heading, site: siteName })}
        description={
          place ? t("landers.description", { site: siteName, place }) : t("landers.anywhere.description", { site: siteName })
        }
        canonical={loaderData.canonical}
        alternates={loaderData.alternates}
      />
      <Brand name={siteName} />
      <div className="ld-top">{design.top}</div>
      <LanderForm
        form={form}
        actionData={actionData}
        heading={member ? t("landers.formHeadingMember", { name: member }) : undefined}
      />
      {design.more ? <div className="ld-more">{design.more}</div> : null}
    </div>
  );
}
