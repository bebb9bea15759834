/** Toasts (docs/product.md §4, §9): shown top-end, hidden after 5 000 ms, paused while hovered. */
export const TOAST_KEYS = [
  "welcomeBack",
  "loggedOut",
  "languageChanged",
  "likeFailed",
  "passwordChanged",
  "profileSaved",
  "mailChangeSent",
  "emailChanged",
  "chatRemoved",
  "entryWarningReset",
  "memberBlocked",
  "memberUnblocked",
] as const;
export type ToastKey = (typeof TOAST_KEYS)[number];
export interface Toast {
  key: ToastKey;
  values?: Record<string, string>;
}
export const TOAST_DURATION_MS = 5_000;
