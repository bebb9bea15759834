import { lazy, useEffect } from "react";
import { useRevalidator } from "react-router";
import { AccountStep } from "~/components/signup/AccountStep";
import { InviteOnly, ProgressDots } from "~/components/signup/SignupChrome";
import { useTranslation } from "~/lib/i18n-react";
import { loadSignup, signupAction } from "~/lib/signup/flow.server";
import type { Route } from "./+types/signup";

/*
 * Steps 1 to 7 load with their step, not with the page: most visitors arrive at step 0 (from a
 * lander or an ad) on a slow phone. There is no Suspense boundary around them on purpose: the
 * server renders the whole step into the HTML (which works without JavaScript), and the browser
 * keeps that HTML until the step's code is there.
 */
const mailSteps = () => import("~/components/signup/MailSteps");
const PushStep = lazy(() => import("~/components/signup/PushStep").then((m) => ({ default: m.PushStep })));
const PhotoStep = lazy(() => import("~/components/signup/PhotoStep").then((m) => ({ default: m.PhotoStep })));
const LocationStep = lazy(() => import("~/components/signup/LocationStep").then((m) => ({ default: m.LocationStep })));
const PersonalInfoStep = lazy(() =>
  import("~/components/signup/PersonalInfoStep").then((m) => ({ default: m.PersonalInfoStep })),
);
const AboutStep = lazy(() => import("~/components/signup/AboutStep").then((m) => ({ default: m.AboutStep })));
const ActivationProgressStep = lazy(() => mailSteps().then((m) => ({ default: m.ActivationProgressStep })));
const CheckEmailStep = lazy(() => mailSteps().then((m) => ({ default: m.CheckEmailStep })));

/**
 * /signup (public): the eight-step sign-up of docs/product.md §2 and §4. The loader decides the step from
 * the server's record (lib/signup/flow.server.ts); each step is a form that works without
 * JavaScript; with it, the email is checked as it is typed, photos upload on drop, the location
 * comes from the device, and push can be turned on.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSignup(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context);
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const view = loaderData;

  // Tell the server what this browser can do for push, so it can skip step 1 when push is not
  // offered; a subscription the browser already holds is added to a new account (docs/product.md §4).
  // When the browser had not said before (the member came from a lander), the page asks the
  // server again: push may be offered now.
  const accountPush = view.step === "closed" ? undefined : view.accountPush;
  const { revalidate } = useRevalidator();
  const atPhotoStep = view.step === 2;
  useEffect(() => {
    // The push client loads after the page is up: it is not needed to show any step.
    void import("~/lib/client/push").then(async (push) => {
      const unknownBefore = !push.pushSupportReported();
      const { support, subscription } = await push.detectPushSupport();
      push.reportPushSupport(support);
      if (subscription && accountPush === null) void push.attachSubscription(subscription);
      if (unknownBefore && support === "available" && atPhotoStep && accountPush === null) void revalidate();
    });
  }, [accountPush, atPhotoStep, revalidate]);

  if (view.step === "closed") return <InviteOnly siteName={view.siteName} />;
  return (
    <div className="narrow signup">
      <title>{t("signup.title", { site: view.siteName })}</title>
      <meta name="description" content={t("signup.description", { site: view.siteName })} />
      {view.showDots && <ProgressDots step={view.step} />}
      <StepView view={view} actionData={actionData} />
    </div>
  );
}

function StepView({
  view,
  actionData,
}: {
  view: Exclude<Route.ComponentProps["loaderData"], { step: "closed" }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  switch (view.step) {
    case 0:
      return <AccountStep view={view} actionData={actionData} networkNote={view.networkNote} />;
    case 1:
      return <PushStep publicKey={view.publicKey} />;
    case 2:
      return <PhotoStep images={view.images} cdnPrefix={view.cdnPrefix} networkNote={view.networkNote} actionData={actionData} />;
    case 3:
      return <LocationStep view={view} actionData={actionData} />;
    case 4:
      return <PersonalInfoStep view={view} actionData={actionData} />;
    case 5:
      return <AboutStep view={view} actionData={actionData} />;
    case 6:
      return <ActivationProgressStep tick={view.tick} />;
    case 7:
      return <CheckEmailStep view={view} actionData={actionData} />;
  }
}
