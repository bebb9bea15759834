import { describe, expect, it } from "vitest";
import { isDisposableEmail } from "./disposable-email";

describe("isDisposableEmail", () => {
  it("finds throwaway services, in any case and under their subdomains", () => {
    for (const email of [
      "a@mailinator.com",
      "a@MAILINATOR.COM",
      "a@x.mailinator.com",
      "a@deep.x.guerrillamail.com",
      "a@guerrillamail.de",
      "a@yopmail.com",
      "a@10minutemail.com",
      "a@mailinator.com.",
    ]) {
      expect(isDisposableEmail(email), email).toBe(true);
    }
  });

  it("lets ordinary providers and look-alikes through", () => {
    for (const email of [
      "a@gmail.com",
      "a@outlook.com",
      "a@example.com",
      "a@fastmail.com",
      "a@posteo.de",
      "a@mailinatorfan.nl",
      "a@mailinator.com.example",
      "a@com",
    ]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });
});
