/**
 * The sign-up step machine (docs/product.md §4): steps 0 to 7, each skippable; where an account creation
 * goes; where a logged-in member resumes; the auto-skips past steps whose data exists. Pure, so
 * the loader, the action and the unit tests share it.
 *
 *   0 account · 1 push · 2 photo · 3 location · 4 personal info · 5 about me · 6 activation mail
 *   progress · 7 check your email
 */
export type SignupStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const FIRST_STEP: SignupStep = 0;
export const LAST_STEP: SignupStep = 7;

/**
 * What the browser reported about web push (a cookie set by the sign-up page's script):
 * "unknown" until a page with JavaScript has run (never, without JavaScript).
 */
export type PushSupport = "unknown" | "unsupported" | "available" | "subscribed" | "denied";

/** The cookie that carries it (set in the browser, read by the sign-up loader and action). */
export const PUSH_SUPPORT_COOKIE = "push_support";

/**
 * Push is offered to a logged-in member whose browser supports it, who is not yet subscribed
 * and has not refused, on a site with a public key (docs/product.md §6).
 */
export function pushOffered(input: {
  loggedIn: boolean;
  support: PushSupport;
  accountPush: "subscribed" | "denied" | null;
  publicKey: string;
}): boolean {
  return input.loggedIn && input.support === "available" && input.accountPush === null && input.publicKey !== "";
}

/** The parts of a profile the auto-skips look at. */
export interface StepProfile {
  main_image: unknown;
  countryregion: number | null;
  city: string | null;
  gender: string | null;
  date_of_birth: string | null;
  personal: Record<string, string>;
  lastSignupStep: number;
}

/** Past steps 3, 4 and 5 when their data exists: region or city; gender or date of birth; personal. */
export function autoSkip(step: SignupStep, profile: StepProfile): SignupStep {
  let next = step;
  if (next === 3 && (profile.countryregion !== null || (profile.city ?? "") !== "")) next = 4;
  if (next === 4 && (profile.gender !== null || profile.date_of_birth !== null)) next = 5;
  if (next === 5 && Object.values(profile.personal).some((text) => text.trim() !== "")) next = 6;
  return next;
}

function clampStep(n: number): SignupStep {
  return Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.trunc(n))) as SignupStep;
}

/**
 * Step 0 creates the account; then step 1 when push is offered, else step 2. A browser that
 * already holds a subscription has it added to the account, so step 1 is skipped. When the
 * browser has not said yet (the form came from a lander, which runs no script), step 1 is kept
 * open: the sign-up page asks the browser and offers push if it can.
 */
export function stepAfterCreation(offered: boolean, support: PushSupport): SignupStep {
  if (support === "unknown") return 1;
  return offered && support !== "subscribed" ? 1 : 2;
}

/**
 * Where a logged-in member is: step 1, or 2 when push is not offered, or 3 when a main image
 * exists, and never before the step stored on the server; then the auto-skips.
 */
export function resumeStep(profile: StepProfile, offered: boolean): SignupStep {
  const base: SignupStep = profile.main_image ? 3 : offered ? 1 : 2;
  return autoSkip(clampStep(Math.max(base, profile.lastSignupStep)), profile);
}

/** The step after `step` (1 to 7) is done or skipped (the profile as saved by that step). */
export function nextStep(step: SignupStep, profile: StepProfile): SignupStep {
  return autoSkip(clampStep(step + 1), profile);
}

/**
 * The progress bar (docs/product.md §2, §9): one segment per step a member fills in (account,
 * push, photo, location, personal info, about me), the current one included, so it moves at
 * every step (issue 29 point 9; the spec's four dots by the fraction step / 6 stood still
 * between some steps).
 */
export const PROGRESS_TOTAL = 6;
export function filledDots(step: SignupStep): number {
  return Math.min(step + 1, PROGRESS_TOTAL);
}

/** Activation progress (docs/product.md §9): a tick every 900 ms, done after 20 ticks at the latest. */
export const ACTIVATION_TICK_MS = 900;
export const ACTIVATION_TIMEOUT_TICKS = 20;

/** Which of the four progress messages shows at a tick: they change at ticks 4, 7 and 10. */
export function activationMessageIndex(tick: number): 0 | 1 | 2 | 3 {
  if (tick >= 10) return 3;
  if (tick >= 7) return 2;
  if (tick >= 4) return 1;
  return 0;
}

/** Whether the progress step is over: the mail was delivered, or the ticks ran out. */
export function activationComplete(tick: number, delivered: boolean): boolean {
  return delivered || tick >= ACTIVATION_TIMEOUT_TICKS;
}

/**
 * Sign-up is open when the site's rule is "all", or "with_trafficsource" and the visitor came
 * with a network (in the URL, or stored from an earlier landing) (docs/product.md §6).
 */
export function signupOpen(rule: "all" | "with_trafficsource" | "other", network: string | undefined): boolean {
  return rule === "all" || (rule === "with_trafficsource" && Boolean(network));
}

const STEPS: readonly SignupStep[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** A step number from a form, or null. */
export function asStep(value: unknown): SignupStep | null {
  return STEPS.find((step) => step === Number(value)) ?? null;
}
