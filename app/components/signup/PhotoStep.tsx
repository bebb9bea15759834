/**
 * Sign-up step 2: the member's photos, and adding one (PhotoUpload, also used by /profile). Works
 * without JavaScript.
 */
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { ErrorList } from "~/components/Field";
import { formErrorsOf } from "~/lib/forms/reply";
import { useTranslation } from "~/lib/i18n-react";
import { Busy, StepButtons, type StepActionData } from "./SignupChrome";

const PHOTO_TYPES = "image/png,image/jpeg";

export function PhotoStep({
  images,
  cdnPrefix,
  networkNote,
  actionData,
}: {
  images: { id: number; thumb_filename: string }[];
  cdnPrefix: string;
  /** The sentence naming the sites that will show the profile (lib/signup/network-note.server.ts). */
  networkNote: string;
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const upload = useFetcher<StepActionData>();
  return (
    <>
      <h1>{t("signup.photo.heading")}</h1>
      <p>{t("signup.photo.body")}</p>
      {/* Whoever signed up on a lander reads here which sites show the profile (docs/product.md §13.7). */}
      <p className="field-help network-note">{networkNote}</p>
      {images.length > 0 && (
        <ul className="photo-grid" aria-label={t("signup.photo.yours")}>
          {images.map((image) => (
            <li key={image.id}>
              <img src={cdnPrefix + image.thumb_filename} alt={t("signup.photo.alt")} width={120} height={120} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      <PhotoUpload upload={upload} actionData={actionData} />
      <Form method="post">
        <input type="hidden" name="step" value="2" />
        <StepButtons
          skip={images.length > 0 ? "signup.continue" : "signup.photo.skip"}
          skipIsPrimary={images.length > 0}
          busy={upload.state !== "idle"}
        />
      </Form>
    </>
  );
}

/**
 * Adding a photo by click, file picker or drop (sign-up step 2 and /profile): with JavaScript it
 * uploads at once through a fetcher; without, a plain multipart form with an upload button.
 */
export function PhotoUpload({
  upload,
  actionData,
}: {
  upload: ReturnType<typeof useFetcher<StepActionData>>;
  actionData: StepActionData;
}) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const uploading = upload.state !== "idle";
  const errors = formErrorsOf(upload.data) ?? formErrorsOf(actionData);

  const send = (file: File | undefined) => {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", "photo");
    formData.set("file", file);
    void upload.submit(formData, { method: "post", encType: "multipart/form-data" });
  };
  // A photo picked before the page's script ran (a slow network: the upload button is only for
  // pages without JavaScript) fired no change React heard: it goes up as soon as the script runs
  // (issue 29 point 11).
  const input = useRef<HTMLInputElement>(null);
  const pickedEarly = useRef(true);
  useEffect(() => {
    if (!pickedEarly.current) return;
    pickedEarly.current = false;
    const file = input.current?.files?.[0];
    if (file) send(file);
  });

  return (
    <Form method="post" encType="multipart/form-data" className="stack">
      <ErrorList id="photo-errors" errors={errors} />
      <label
        className={dragging ? "drop-zone dragging" : "drop-zone"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          send(event.dataTransfer.files[0]);
        }}
      >
        <span className="drop-zone-text">{t("signup.photo.choose")}</span>
        <input
          type="file"
          ref={input}
          name="file"
          accept={PHOTO_TYPES}
          aria-describedby={errors?.length ? "photo-errors" : "photo-help"}
          onChange={(event) => send(event.currentTarget.files?.[0])}
        />
      </label>
      <p className="field-help" id="photo-help">
        {t("signup.photo.help")}
      </p>
      {uploading && <Busy label={t("signup.photo.uploading")} />}
      <noscript>
        <button type="submit" name="intent" value="photo" className="button">
          {t("signup.photo.upload")}
        </button>
      </noscript>
    </Form>
  );
}
