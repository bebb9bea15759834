/** The account calls: notifications, the address check, profile fields and interests, push, activation, passwords, the mail change and its rescue, deletion and the data export; the postback log and the development mailbox. */
import { z } from "zod";
import { APPEAL_STATES } from "../rules/appeals";
import { POSTBACK_EVENTS, countryCode } from "./site";
import { DecisionSchema, ImageSchema, ProfileCardSchema, ProfileSchema } from "./members";

/** GET /api/postbacks.php (designed, ADR 025): the site's postback log, newest first. */
export const PostbackLogEntrySchema = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  event: z.enum(POSTBACK_EVENTS),
  network: z.string(),
  url: z.string(),
  status: z.enum(["queued", "retrying", "sent", "failed", "refused"]),
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export const PostbackLogAnswerSchema = z.object({ postbacks: z.array(PostbackLogEntrySchema) });
export type PostbackLogAnswer = z.infer<typeof PostbackLogAnswerSchema>;

/** GET /api/notifications.php (designed): likes, messages and account notices, newest first. */
export const NOTICE_KINDS = ["welcome", "email_changed", "verification_approved", "verification_refused"] as const;
export const NotificationSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("like"), id: z.string(), created_at: z.number(), read: z.boolean(), profile: ProfileCardSchema }),
  z.object({ type: z.literal("account"), id: z.string(), created_at: z.number(), read: z.boolean(), kind: z.enum(NOTICE_KINDS) }),
  /** The newest message from the other member of a conversation; read once seen in the chat. */
  z.object({
    type: z.literal("message"),
    id: z.string(),
    created_at: z.number(),
    read: z.boolean(),
    conversation: z.number().int(),
    profile: ProfileCardSchema,
  }),
]);
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsAnswerSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int() });
export const NotificationsReadAnswerSchema = z.object({ unread: z.literal(0) });

/** GET /api/csrf.php (designed): the single-use token a sign-up form carries. */
export const CsrfAnswerSchema = z.object({ csrf: z.string() });

/** GET /api/validate_email.php (docs/product.md §3 "Email check response"). */
export const EmailCheckSchema = z.object({
  token: z.string(),
  status: z.enum(["new", "invalid", "active", "not_confirmed", "deleted"]),
  request_email: z.string(),
  email: z.string(),
});
export type EmailCheck = z.infer<typeof EmailCheckSchema>;

/** GET /api/profile_fields.php (designed): select fields with allowed values, and the about-me texts. */
export const ProfileFieldSchema = z.discriminatedUnion("type", [
  z.object({
    name: z.string(),
    type: z.literal("select"),
    label: z.string(),
    allowed_values: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  z.object({ name: z.string(), type: z.literal("text"), label: z.string(), max_length: z.number().int() }),
]);
export type ProfileField = z.infer<typeof ProfileFieldSchema>;
export const ProfileFieldsAnswerSchema = z.object({ fields: z.array(ProfileFieldSchema) });

/** GET /api/interests.php (designed). */
export const InterestsAnswerSchema = z.object({ interests: z.array(z.object({ id: z.string(), name: z.string() })) });

/** POST /api/user.php?push=1 (designed answer). */
export const PushAnswerSchema = z.object({ push: z.enum(["subscribed", "denied"]) });

/** GET and PUT /api/push_settings.php (designed): the kinds of push the member wants (all on by default). */
export const PushSettingsSchema = z.object({ messages: z.boolean(), likes: z.boolean(), news: z.boolean() });
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/**
 * What the API's push messages carry (docs/api.md "Push messages"): our fields for /sw-push.js,
 * and the Declarative Web Push form (web_push: 8030) that Safari 18.4+ shows without a worker.
 */
export const PushPayloadSchema = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    navigate: z.string(),
    lang: z.string(),
    icon: z.string().optional(),
    tag: z.string(),
    app_badge: z.number().int().nonnegative().optional(),
  }),
  kind: z.enum(["message", "like", "match"]),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  icon: z.string().optional(),
  badge: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

// GET /api/activate.php (docs/product.md §7): the newest activation mail's delivery state (polled by step 6).
export const ActivationStateSchema = z.object({
  delivered: z.boolean(),
  status: z.enum(["queued", "delivered", "failed", "none"]),
  /** The member has opened an activation link (status 'active'). */
  activated: z.boolean(),
});
export type ActivationState = z.infer<typeof ActivationStateSchema>;

// GET /api/dev/mailbox.php (designed, developer only): this site's newest outbox mails.
export const MailboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** The http(s) URLs in the text body. */
  links: z.array(z.string()),
  created_at: z.number().int(),
  delivered_at: z.number().int().nullable(),
});
export type MailboxMail = z.infer<typeof MailboxMailSchema>;
export const MailboxAnswerSchema = z.object({ mails: z.array(MailboxMailSchema) });
export type MailboxAnswer = z.infer<typeof MailboxAnswerSchema>;

/** POST /api/profileimage.php (designed answer): the new photo and all of the member's photos. */
export const ProfileImageAnswerSchema = z.object({ image: ImageSchema, images: z.array(ImageSchema) });

/** GET /api/geocode.php?lat=&lon= (docs/product.md §7): the place at the device's position, for sign-up step 3. */
export const GeocodeAnswerSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case; null at sea. */
  country: countryCode.nullable(),
  /** One of the country's regions (region_data ids); null when unknown. */
  countryregion: z.number().int().positive().nullable(),
  /** The nearest city within 50 km in that country; null when none. */
  city: z.string().nullable(),
  /** Credit for the place data (GeoNames, CC BY 4.0): shown wherever the answer is. */
  attribution: z.string(),
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswerSchema>;

/** POST /api/password_reset.php { email } (designed): the same answer whether or not the address is a member's. */
export const PasswordResetSentSchema = z.object({ sent: z.literal(true) });
export type PasswordResetSent = z.infer<typeof PasswordResetSentSchema>;
/** GET /api/password_reset.php?token=… (designed): whether a reset link still works. */
export const PasswordResetTokenSchema = z.object({ valid: z.boolean() });
export type PasswordResetToken = z.infer<typeof PasswordResetTokenSchema>;

/** DELETE /api/profileimage.php (designed): the member's remaining photos, in order. */
export const ImagesAnswerSchema = z.object({ images: z.array(ImageSchema) });
export type ImagesAnswer = z.infer<typeof ImagesAnswerSchema>;
/** PUT /api/profileimage.php { id, main: true } (designed): the photos and the new main one. */
export const MainImageAnswerSchema = z.object({
  images: z.array(ImageSchema),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
});
export type MainImageAnswer = z.infer<typeof MainImageAnswerSchema>;
/** PUT /api/password.php (designed): the password was changed. */
export const PasswordChangedSchema = z.object({ changed: z.literal(true) });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

/** POST /api/mail_change.php (designed): the confirmation link went to `email`. */
export const MailChangeSentSchema = z.object({ sent: z.literal(true), email: z.string() });
/** GET /api/mail_change.php?token=… (designed): whether the link works, and the address it confirms. */
export const MailChangeTokenSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), email: z.string() }),
  z.object({ valid: z.literal(false) }),
]);
/** POST /api/mail_change.php?do=1 (designed): the account now has `email`. */
export const MailChangedSchema = z.object({ changed: z.literal(true), email: z.string() });

/** GET /api/account_rescue.php?token=… (designed, issue 25): whether a "This was not me" link works, and what it undoes. */
export const AccountRescueTokenSchema = z.discriminatedUnion("valid", [
  z.object({ valid: z.literal(true), kind: z.enum(["email_change", "password_change"]) }),
  z.object({ valid: z.literal(false) }),
]);
export type AccountRescueToken = z.infer<typeof AccountRescueTokenSchema>;
/**
 * POST /api/account_rescue.php (designed, issue 25): the account has `email` again, every session
 * ended, and a link to set a new password went to that address.
 */
export const AccountRescuedSchema = z.object({
  rescued: z.literal(true),
  kind: z.enum(["email_change", "password_change"]),
  email: z.string(),
});
export type AccountRescued = z.infer<typeof AccountRescuedSchema>;

/** DELETE /api/user.php (designed). */
export const AccountDeletedSchema = z.object({ deleted: z.literal(true) });
/** DELETE /api/user.php?push=1 (designed): push is off for the account. */
export const PushOffSchema = z.object({ push: z.literal("denied") });

const millis = z.number().int();
/** GET /api/user_export.php (designed): everything stored about the member (GDPR access). */
export const DataExportSchema = z.object({
  exported_at: z.string(),
  site: z.string(),
  account: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(["active", "not_confirmed", "deleted"]),
    language: z.string(),
    timezone: z.string().nullable(),
    signup_date: millis,
    activated_at: millis.nullable(),
    paid_user: z.boolean(),
    mailprovider: z.number().int(),
    trafficsource: z.unknown(),
    last_signup_step: z.number().int(),
    push_state: z.string().nullable(),
    /** The kinds of push the member wants (GET /api/push_settings.php); an API without them leaves it out. */
    push_kinds: PushSettingsSchema.optional(),
    last_search: z.unknown(),
  }),
  profile: ProfileSchema.pick({
    name: true,
    gender: true,
    interested_in: true,
    date_of_birth: true,
    country: true,
    countryregion: true,
    city: true,
    personal: true,
    fields: true,
  }),
  photos: z.array(
    z.object({ id: z.number().int(), main: z.boolean(), thumbnail_url: z.string(), large_url: z.string(), uploaded_at: millis }),
  ),
  likes: z.object({
    given: z.array(z.object({ profile_id: z.number().int(), name: z.string(), created_at: millis })),
    received: z.array(z.object({ profile_id: z.number().int(), name: z.string(), created_at: millis })),
  }),
  messages_sent: z.array(z.object({ conversation: z.number().int(), text: z.string(), created_at: millis })),
  credits: z.object({
    balance: z.number().int(),
    ledger: z.array(z.object({ amount: z.number().int(), reason: z.string(), created_at: millis })),
  }),
  notices: z.array(z.object({ kind: z.string(), created_at: millis, read_at: millis.nullable() })),
  push_subscriptions: z.array(z.object({ service: z.string(), created_at: millis })),
  sessions: z.array(z.object({ created_at: millis, expires_at: millis })),
  /** The decisions against the member with their statements (ADR 030); an API without them leaves it out. */
  decisions: z.array(DecisionSchema).optional(),
  /** The member's appeals, with what they wrote (ADR 030). */
  appeals: z
    .array(
      z.object({
        reference: z.string(),
        decision_id: z.number().int(),
        text: z.string(),
        state: z.enum(APPEAL_STATES),
        created_at: millis,
      }),
    )
    .optional(),
});
export type DataExport = z.infer<typeof DataExportSchema>;
