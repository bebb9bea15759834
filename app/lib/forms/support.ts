/**
 * The customer-service form of /pages/service (browser and action; the API checks again with
 * the contract's parseSupport): name, address, topic, message.
 */
import * as v from "valibot";
import { SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_MIN, SUPPORT_TOPICS } from "../../../contract/rules/support";
import { emailField, nameField, tooLong } from "./fields";

export const SupportSchema = v.object({
  name: nameField,
  email: emailField,
  topic: v.pipe(
    v.optional(v.string("validation.noTopic"), ""),
    v.nonEmpty("validation.noTopic"),
    v.picklist(SUPPORT_TOPICS, "validation.noTopic"),
  ),
  message: v.pipe(
    v.optional(v.string("validation.noMessage"), ""),
    v.trim(),
    v.nonEmpty("validation.noMessage"),
    v.minLength(SUPPORT_MESSAGE_MIN, `validation.tooShort|{"min":${SUPPORT_MESSAGE_MIN}}`),
    v.maxLength(SUPPORT_MESSAGE_MAX, tooLong(SUPPORT_MESSAGE_MAX)),
  ),
});
