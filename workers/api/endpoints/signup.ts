/**
 * Sign-up (docs/product.md §3–§7): GET /api/csrf.php (designed), GET /api/validate_email.php,
 * POST /api/user.php?new=1 (create), POST /api/user.php?push=1 (push subscription),
 * PUT /api/user.php (location, profile fields, lastSignupStep), GET /api/profile_fields.php and
 * GET /api/interests.php.
 */
import { Hono, type Context } from "hono";
import { isLocale } from "../../../contract/locales";
import { EMAIL_MAX, PERSONAL_MAX } from "../../../contract/limits";
import { savePushSubscription } from "../db/push-subscriptions";
import { endpointProblem } from "../lib/push-endpoint";
import { isLoopbackHost } from "../lib/site";
import { PushBodySchema, SignupBodySchema, UserUpdateBodySchema } from "../../../contract/requests/user";
import { newPasswordProblem } from "../../../contract/rules/password";
import { defaultSearchGender } from "../../../contract/rules/search";
import { isValidDateOfBirth, mailproviderOf, nameProblem } from "../../../contract/rules/signup";
import {
  CsrfAnswerSchema,
  EmailCheckSchema,
  InterestsAnswerSchema,
  ProfileFieldsAnswerSchema,
  PushAnswerSchema,
} from "../../../contract/schemas/account";
import { UserAnswerSchema } from "../../../contract/schemas/members";
import type { ApiContext } from "../context";
import { INTERESTS, SELECT_FIELDS, isSelectField } from "../data/profile-fields";
import { insertMember, setPushState, updateMember } from "../db/accounts";
import { findMember, toUser } from "../db/members";
import { cityCoordinates, isRegionOf } from "../db/places";
import { claimToken, findUsedToken, insertWelcomeNotice, releaseToken, tieTokenToMember } from "../db/signups";
import * as ledger from "../domain/ledger";
import { assertVisibleEmail, normaliseEmail } from "../lib/email";
import { normaliseIdentityText } from "../../../contract/rules/identity";
import { assertAddressNotBanned, emailRefusal, emailStatus } from "../lib/email-status";
import { assertNotDisposable } from "../lib/disposable-email";
import { ApiError, notLoggedIn } from "../lib/errors";
import { addressChangeLimit } from "../lib/limit-keys";
import { requestLocale, translatorFor } from "../lib/i18n";
import { hashPassword, verifyMemberPassword } from "../lib/passwords";
import { assertUnderLimit, recordAttempt, type Limit, takeAttempt } from "../lib/rate-limit";
import { clientIp, readBody } from "../lib/request";
import { answer } from "../lib/answer";
import { invalidInput } from "../lib/validate";
import { requireMember } from "../lib/member";
import { startSession } from "../lib/sessions";
import { signToken, signingSecret, tokenHash, verifyToken } from "../lib/tokens";
import { queueActivationMail } from "../mail/activation";
import { postbackAfterAnswer } from "../domain/postbacks";

const HOUR = 60 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const CSRF_TTL = 2 * HOUR;
const EMAIL_TOKEN_TTL = 2 * HOUR;

function validTimezone(zone: string | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

export const signup = new Hono<ApiContext>()
  .get("/csrf.php", async (c) => {
    const csrf = await signToken(signingSecret(c.env, c.var.local), "signup-csrf", { s: c.var.site.id }, CSRF_TTL);
    c.header("Cache-Control", "no-store");
    return answer(c, CsrfAnswerSchema, { csrf });
  })

  .get("/validate_email.php", async (c) => {
    const requestEmail = c.req.query("email") ?? "";
    if (requestEmail.trim() === "" || requestEmail.length > EMAIL_MAX) {
      throw invalidInput({ email: requestEmail.trim() === "" ? "required" : "too_big" });
    }
    // Every check counts: the call tells whether an address has an account.
    const limit: Limit = { key: `email-check:ip:${clientIp(c)}`, max: 100, windowMs: FIFTEEN_MINUTES };
    await takeAttempt(c.var.db, limit);
    const email = normaliseEmail(requestEmail);
    const status = await emailStatus(c, email);
    const token =
      status === "new"
        ? await signToken(signingSecret(c.env, c.var.local), "email-check", { e: email, s: c.var.site.id }, EMAIL_TOKEN_TTL)
        : "";
    c.header("Cache-Control", "no-store");
    return answer(c, EmailCheckSchema, { token, status, request_email: requestEmail, email });
  })

  .post("/user.php", async (c) => {
    if (c.req.query("push") !== undefined) return savePush(c);
    if (c.req.query("new") === undefined) throw new ApiError(400, "invalid_input", "Use ?new=1 or ?push=1.");
    const body = await readBody(c, SignupBodySchema);
    const { db, site } = c.var;
    const secret = signingSecret(c.env, c.var.local);

    const limit: Limit = { key: `signup:ip:${clientIp(c)}`, max: 20, windowMs: HOUR };
    await assertUnderLimit(db, limit);

    if (site.settings.signups === "other" || (site.settings.signups === "with_trafficsource" && !body.trafficsource?.network)) {
      throw new ApiError(403, "signup_closed", "Sign-up on this site is by invitation only.");
    }

    const csrf = await verifyToken(secret, "signup-csrf", body.csrf);
    if (!csrf || csrf.s !== site.id || !body.csrf) {
      throw new ApiError(403, "csrf_invalid", "The form has expired. Reload the page and try again.");
    }
    const csrfHash = await tokenHash(body.csrf);
    assertVisibleEmail(body.email);
    const email = normaliseEmail(body.email);

    // The same form sent again (a double click, the back button, a retried request): the token
    // is used, so answer with the account it made rather than a second one (or an error).
    const used = await findUsedToken(db, csrfHash);
    if (used) return replayedSignup(c, used.member_id, email, body.password);

    // Throwaway mail services are refused (ADR 056): 422 email_disposable beside the address.
    assertNotDisposable(email);
    const emailToken = await verifyToken(secret, "email-check", body.token);
    if (!emailToken || emailToken.e !== email || emailToken.s !== site.id) {
      throw invalidInput({ token: "invalid" }, "Check the address with validate_email.php first.");
    }
    const status = await emailStatus(c, email);
    if (status !== "new") throw emailRefusal(status);
    // A ban holds for the person on every site (docs/decisions/040).
    await assertAddressNotBanned(c, email);

    // The name is the member's own choice, never made from the address (docs/product.md §5).
    const nameError = nameProblem(body.name, email);
    const passwordError = newPasswordProblem(body.password);
    if (nameError || passwordError) {
      throw invalidInput({ ...(nameError && { name: nameError }), ...(passwordError && { password: passwordError }) });
    }
    const name = normaliseIdentityText(body.name ?? "");
    if (body.country && !site.settings.countries.includes(body.country)) throw invalidInput({ country: "not_allowed" });

    await recordAttempt(db, limit); // every sign-up that got this far counts, made or not
    // Claim the token first: of two identical posts racing, only one gets past this insert.
    if (!(await claimToken(db, csrfHash))) {
      throw new ApiError(409, "signup_in_progress", "This form is already being sent.");
    }

    const password = await hashPassword(body.password);
    const now = Date.now();
    const language = isLocale(body.language) ? body.language : site.settings.domain_language;
    let memberId: number;
    try {
      memberId = await insertMember(db, {
        site_id: site.id,
        email,
        password_hash: password.hash,
        password_salt: password.salt,
        password_iterations: password.iterations,
        name,
        gender: body.profile?.gender ?? null,
        interested_in: body.profile?.interested_in ?? null,
        date_of_birth: null,
        country: body.country ?? null,
        countryregion: null,
        city: null,
        language,
        last_signup_step: 1,
        status: "not_confirmed",
        mailprovider: mailproviderOf(email),
        main_image_id: null,
        signup_date: now,
        last_seen: now,
        search_filters: null,
        trafficsource: body.trafficsource ? JSON.stringify(body.trafficsource) : null,
        timezone: validTimezone(body.timezone),
        activated_at: null,
        push_state: null,
      });
    } catch (error) {
      // The unique (site, email) index: another request created this account a moment ago.
      await releaseToken(db, csrfHash);
      if (String(error).includes("UNIQUE")) throw emailRefusal("active");
      throw error;
    }
    await Promise.all([
      tieTokenToMember(db, csrfHash, memberId),
      ledger.grant(
        c.env.DB,
        db,
        ledger.ledgerEntry(memberId, site.settings.starting_credits, { kind: "starting_credits", memberId }),
        now,
      ),
      insertWelcomeNotice(db, memberId, now),
    ]);
    await startSession(c, memberId);
    await queueActivationMail(c, { id: memberId, email, name, language });
    await postbackAfterAnswer(c, memberId, "soi");
    const member = await findMember(db, site.id, memberId);
    if (!member) throw new Error("the new member could not be read back");
    return answer(c, UserAnswerSchema, { user: await toUser(db, site, member) }, 201);
  })

  .put("/user.php", async (c) => {
    const member = requireMember(c);
    const body = await readBody(c, UserUpdateBodySchema);
    const { db, site } = c.var;
    const update: Record<string, string | number | null> = {};

    if (body.name !== undefined) {
      // The sign-up's rule, against the member's own address (docs/product.md §5).
      const problem = nameProblem(body.name, member.email ?? "");
      if (problem) throw invalidInput({ name: problem });
      update.name = normaliseIdentityText(body.name);
    }

    if (body.country !== undefined) {
      if (body.country !== null && !site.settings.countries.includes(body.country))
        throw invalidInput({ country: "not_allowed" });
      update.country = body.country;
      if (body.country !== member.country && body.countryregion === undefined) update.countryregion = null;
    }
    if (body.countryregion !== undefined) {
      const country = body.country !== undefined ? body.country : member.country;
      if (body.countryregion !== null) {
        if (!(await isRegionOf(db, body.countryregion, country ?? ""))) throw invalidInput({ countryregion: "not_in_country" });
      }
      update.countryregion = body.countryregion;
    }
    if (body.city !== undefined) update.city = body.city === "" ? null : body.city;
    // The place as coordinates, for search by distance (ADR 062): whenever the country or city changes.
    if (body.city !== undefined || body.country !== undefined) {
      const country = body.country !== undefined ? body.country : member.country;
      const city = body.city !== undefined ? update.city : member.city;
      const place = country && typeof city === "string" ? await cityCoordinates(db, country, city) : null;
      update.lat = place?.lat ?? null;
      update.lng = place?.lng ?? null;
    }
    if (body.gender !== undefined) update.gender = body.gender;
    if (body.interested_in !== undefined && body.interested_in !== member.interested_in) {
      update.interested_in = body.interested_in;
      // A saved search starts with whom the member now says they are interested in.
      const saved = savedSearchWithGender(
        member.search_filters,
        defaultSearchGender({
          gender: body.gender !== undefined ? body.gender : member.gender,
          interested_in: body.interested_in,
        }),
      );
      if (saved !== null) update.search_filters = saved;
    }
    if (body.date_of_birth !== undefined) {
      if (body.date_of_birth !== null && !isValidDateOfBirth(body.date_of_birth)) {
        throw invalidInput({ date_of_birth: "date_of_birth_error" });
      }
      update.date_of_birth = body.date_of_birth;
    }
    if (body.personal !== undefined) {
      const allowed = site.settings.visible_profile_notes;
      const unknown = Object.keys(body.personal).find((key) => !allowed.includes(key));
      if (unknown) throw invalidInput({ [`personal.${unknown}`]: "unknown_field" });
      const personal = { ...(JSON.parse(member.personal) as Record<string, string>), ...body.personal };
      for (const [key, value] of Object.entries(personal)) if (value === "") delete personal[key];
      update.personal = JSON.stringify(personal);
    }
    if (body.fields !== undefined) {
      const fields = { ...(JSON.parse(member.fields) as Record<string, string>) };
      for (const [key, value] of Object.entries(body.fields)) {
        if (key === "interests") {
          const ids = value === "" ? [] : value.split(",");
          if (!ids.every((id) => (INTERESTS as readonly string[]).includes(id)))
            throw invalidInput({ "fields.interests": "not_allowed" });
        } else if (!isSelectField(key)) {
          throw invalidInput({ [`fields.${key}`]: "unknown_field" });
        } else if (value !== "" && !(SELECT_FIELDS[key] as readonly string[]).includes(value)) {
          throw invalidInput({ [`fields.${key}`]: "not_allowed" });
        }
        if (value === "") delete fields[key];
        else fields[key] = value;
      }
      update.fields = JSON.stringify(fields);
    }
    if (body.lastSignupStep !== undefined) update.last_signup_step = body.lastSignupStep;
    // Visibility across sites (docs/product.md "Visibility across sites").
    if (body.only_this_site !== undefined) update.only_this_site = body.only_this_site ? 1 : 0;
    if (body.promote !== undefined) update.promote = body.promote ? 1 : 0;
    if (body.language !== undefined) update.language = body.language;
    let newEmail: string | null = null;
    if (body.email !== undefined) {
      if (member.status !== "not_confirmed") {
        throw new ApiError(403, "email_change_not_allowed", "A confirmed address is changed through the mail-change flow.");
      }
      assertVisibleEmail(body.email);
      const email = normaliseEmail(body.email);
      if (email !== member.email) {
        assertNotDisposable(email);
        // Each change mails a new address: a few an hour, so this cannot relay mail to strangers.
        const limit = addressChangeLimit(member.id);
        await assertUnderLimit(db, limit);
        await recordAttempt(db, limit);
        const status = await emailStatus(c, email);
        if (status !== "new") throw emailRefusal(status);
        await assertAddressNotBanned(c, email);
        update.email = email;
        update.mailprovider = mailproviderOf(email);
        newEmail = email;
      } else {
        // The same address again: the activation link again (the chat's "send the link again"),
        // under the same limit as a change.
        const limit = addressChangeLimit(member.id);
        await assertUnderLimit(db, limit);
        await recordAttempt(db, limit);
        newEmail = email;
      }
    }

    if (Object.keys(update).length > 0) {
      await updateMember(db, member.id, update);
    }
    const updated = await findMember(db, site.id, member.id);
    if (!updated) throw notLoggedIn();
    if (newEmail)
      await queueActivationMail(c, { id: updated.id, email: newEmail, name: updated.name, language: updated.language });
    return answer(c, UserAnswerSchema, { user: await toUser(db, site, updated) });
  })

  .get("/profile_fields.php", (c) => {
    const { t, has } = translatorFor(requestLocale(c));
    const label = (key: string, fallback: string) => (has(key) ? t(key) : fallback);
    const selects = Object.entries(SELECT_FIELDS).map(([name, values]) => ({
      name,
      type: "select" as const,
      label: label(`profileFields.${name}.label`, name),
      allowed_values: values.map((value) => ({ value, label: label(`profileFields.${name}.values.${value}`, value) })),
    }));
    const notes = c.var.site.settings.visible_profile_notes.map((name) => ({
      name,
      type: "text" as const,
      label: label(`profileNotes.${name}`, name),
      max_length: PERSONAL_MAX,
    }));
    c.header("Cache-Control", "public, max-age=3600");
    return answer(c, ProfileFieldsAnswerSchema, { fields: [...selects, ...notes] });
  })

  .get("/interests.php", (c) => {
    const { t } = translatorFor(requestLocale(c));
    c.header("Cache-Control", "public, max-age=3600");
    return answer(c, InterestsAnswerSchema, { interests: INTERESTS.map((id) => ({ id, name: t(`interests.${id}`) })) });
  });

/** The member's saved search (JSON) with another gender, or null when there is none to change. */
function savedSearchWithGender(json: string | null, gender: string): string | null {
  if (!json) return null;
  try {
    const saved: unknown = JSON.parse(json);
    return typeof saved === "object" && saved !== null ? JSON.stringify({ ...saved, gender }) : null;
  } catch {
    return null;
  }
}

/** A signup form posted again after it made an account: the same person gets that account back. */
async function replayedSignup(c: Context<ApiContext>, memberId: number | null, email: string, password: string) {
  const member = memberId === null ? undefined : await findMember(c.var.db, c.var.site.id, memberId);
  const same = member?.email === email && (await verifyMemberPassword(member, password));
  if (!member || !same) throw new ApiError(403, "csrf_invalid", "The form has expired. Reload the page and try again.");
  await startSession(c, member.id);
  return answer(c, UserAnswerSchema, { user: await toUser(c.var.db, c.var.site, member) }, 200);
}

async function savePush(c: Context<ApiContext>) {
  const member = requireMember(c);
  const { subscription } = await readBody(c, PushBodySchema);
  const { db } = c.var;
  if (subscription === "denied") {
    await setPushState(db, member.id, "denied");
    return answer(c, PushAnswerSchema, { push: "denied" });
  }
  // The API fetches this URL later on its own: never one inside the operator's network
  // (a loopback push service is allowed on a developer's loopback site only).
  const problem = endpointProblem(subscription.endpoint, isLoopbackHost(c.var.site.host) && c.var.local);
  if (problem) {
    throw invalidInput({ "subscription.endpoint": problem }, "This push endpoint is not accepted.");
  }
  // One row per endpoint, at most five per member; another member's endpoint moves only with
  // new keys (db/push-subscriptions.ts; docs/decisions/041-probe-findings-outbound-and-input.md).
  const saved = await savePushSubscription(c.env.DB, db, member.id, subscription);
  if (saved === "resubscribe") {
    // Whose it is stays unsaid: the browser is asked for a fresh subscription (new keys).
    throw invalidInput({ "subscription.endpoint": "resubscribe" }, "Subscribe again: this push subscription cannot be stored.");
  }
  await setPushState(db, member.id, null);
  return answer(c, PushAnswerSchema, { push: "subscribed" });
}
