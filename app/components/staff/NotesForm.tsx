/**
 * Notes in the staff console (ADR 045): a persona's, or a member's with a profile; used by the
 * conversation page and the entertainment profile page (its own module, so each carries only it).
 */
import { Form } from "react-router";
import { errorProps, FieldError, FormAlert, When } from "~/components/staff/StaffParts";
import { HostNotesSchema } from "~/lib/forms/hosts";
import type { FormReply } from "~/lib/forms/reply";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { HostNotes } from "../../../contract/hosts";
import { HOST_NOTES_MAX } from "../../../contract/rules/hosts";

/**
 * A notes form (the persona's, or the member's with this profile): the version edited travels
 * along, so a save over another host's newer notes is refused and the text kept.
 */
export function NotesForm({
  about,
  notes,
  reply,
  label,
  help,
  busy,
  now,
}: {
  about: "profile" | "member";
  notes: HostNotes;
  reply: FormReply | undefined;
  label: string;
  help: string;
  busy: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const mine = reply?.section === `notes-${about}` ? reply : undefined;
  const form = useForm({ schema: HostNotesSchema, lastResult: mine?.result, defaultValue: { text: notes.text } });
  const text = form.field("text");
  const formError = form.formErrors?.[0];
  const id = `notes-${about}`;
  return (
    <Form method="post" className="staff-form host-notes" {...form.props}>
      <input type="hidden" name="intent" value="notes" />
      <input type="hidden" name="about" value={about} />
      <input type="hidden" name="version" value={notes.version} />
      <FormAlert error={formError} />
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        // A new stored version (another host saved) shows their text, unless this form came back with the host's own.
        key={mine ? "returned" : notes.version}
        name={text.name}
        maxLength={HOST_NOTES_MAX}
        defaultValue={text.initialValue ?? notes.text}
        aria-describedby={`${id}-help${text.errors ? ` ${text.errorId}` : ""}`}
        aria-invalid={errorProps(text)["aria-invalid"]}
      />
      <span id={`${id}-help`} className="staff-help">
        {help}
        {notes.updated_by && notes.updated_at ? (
          <>
            {" "}
            {t("hosts.notesBy", { name: notes.updated_by })} <When at={notes.updated_at} now={now} />
          </>
        ) : null}
      </span>
      <FieldError id={text.errorId} error={text.errors?.[0]} />
      {mine && notes.version > 0 && notes.text !== text.initialValue ? (
        // Saved over by another host meanwhile: their text beside the host's own, to merge by hand.
        <div className="host-their-notes">
          <span className="staff-help">{t("hosts.theirNotes", { name: notes.updated_by ?? "" })}</span>
          <p className="staff-text">{notes.text}</p>
        </div>
      ) : null}
      <button type="submit" className="staff-button secondary" disabled={busy}>
        {t("hosts.saveNotes")}
      </button>
    </Form>
  );
}
