/**
 * What the root loader gives every page, read in components: the logged-in member and the
 * site. The one way a component reads or checks the member (loaders and actions use
 * lib/auth.server.ts). The root loader has always run when a page renders; it is missing only
 * when the root loader itself failed, and the root error page copes with that.
 */
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { TEMPLATE_FLAGS } from "../../contract/rules/templates";

type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;
/** The member as pages see them: name, photo, credits, counters and time zone. */
export type RootUser = NonNullable<RootData["user"]>;
export type RootSite = RootData["site"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The logged-in member, or null for a visitor. */
export function useOptionalUser(): RootUser | null {
  return useRootData()?.user ?? null;
}

/** The logged-in member, on pages behind the login guard (routes/guards/login-required.tsx). */
export function useUser(): RootUser {
  const user = useOptionalUser();
  if (!user)
    throw new Error("useUser() on a page without a member: use useOptionalUser(), or put the route behind the login guard");
  return user;
}

/** The site's name, company, support address and image prefix; undefined only when the root loader failed. */
export function useSite(): RootSite | undefined {
  return useRootData()?.site;
}

/** The site's look: theme CSS, template and its feature flags, logo and hero; undefined only when the root loader failed. */
export function useLook(): RootData["look"] | undefined {
  return useRootData()?.look;
}

/** The template's feature flags (contract/rules/theme.ts); the classic ones when the root loader failed. */
export function useTemplateFlags(): RootData["look"]["flags"] {
  return useRootData()?.look.flags ?? TEMPLATE_FLAGS.classic;
}

/** The language the root loader settled on; undefined only when the root loader failed. */
export function useRootLocale(): RootData["locale"] | undefined {
  return useRootData()?.locale;
}
