import { describe, expect, it } from "vitest";
import {
  activationComplete,
  activationMessageIndex,
  autoSkip,
  filledDots,
  nextStep,
  pushOffered,
  resumeStep,
  stepAfterCreation,
  type StepProfile,
} from "./signup-steps";

const blank: StepProfile = {
  main_image: null,
  countryregion: null,
  city: null,
  gender: null,
  date_of_birth: null,
  personal: {},
  lastSignupStep: 1,
};

describe("pushOffered", () => {
  const offer = { loggedIn: true, support: "available" as const, accountPush: null, publicKey: "BKey" };
  it("offers push to a logged-in member on a capable browser with a key", () => {
    expect(pushOffered(offer)).toBe(true);
  });
  it("does not offer it to a visitor, an unsupported browser, a subscriber, a refuser or without a key", () => {
    expect(pushOffered({ ...offer, loggedIn: false })).toBe(false);
    expect(pushOffered({ ...offer, support: "unsupported" })).toBe(false);
    expect(pushOffered({ ...offer, support: "subscribed" })).toBe(false);
    expect(pushOffered({ ...offer, support: "denied" })).toBe(false);
    expect(pushOffered({ ...offer, accountPush: "subscribed" })).toBe(false);
    expect(pushOffered({ ...offer, accountPush: "denied" })).toBe(false);
    expect(pushOffered({ ...offer, publicKey: "" })).toBe(false);
  });
});

describe("stepAfterCreation", () => {
  it("goes to step 1 when push is offered", () => {
    expect(stepAfterCreation(true, "available")).toBe(1);
  });
  it("goes to step 2 when push is not offered", () => {
    expect(stepAfterCreation(false, "unsupported")).toBe(2);
    expect(stepAfterCreation(false, "denied")).toBe(2);
  });
  it("skips step 1 when the browser already has a subscription (it is added to the account)", () => {
    expect(stepAfterCreation(true, "subscribed")).toBe(2);
    expect(stepAfterCreation(false, "subscribed")).toBe(2);
  });
  it("keeps step 1 open when the browser has not said yet (a lander's form): resume decides", () => {
    expect(stepAfterCreation(false, "unknown")).toBe(1);
    expect(resumeStep({ ...blank, lastSignupStep: 1 }, false)).toBe(2);
    expect(resumeStep({ ...blank, lastSignupStep: 1 }, true)).toBe(1);
  });
});

describe("resumeStep", () => {
  it("resumes at step 1 when push is offered", () => {
    expect(resumeStep(blank, true)).toBe(1);
  });
  it("resumes at step 2 when push is not offered", () => {
    expect(resumeStep(blank, false)).toBe(2);
  });
  it("resumes at step 3 when a main image exists", () => {
    expect(resumeStep({ ...blank, main_image: { thumb_filename: "a.jpg" } }, true)).toBe(3);
  });
  it("never goes back before the step kept on the server", () => {
    expect(resumeStep({ ...blank, lastSignupStep: 5 }, true)).toBe(5);
    expect(resumeStep({ ...blank, lastSignupStep: 7 }, false)).toBe(7);
  });
  it("auto-skips from step 3 as far as the data reaches", () => {
    const image = { main_image: { thumb_filename: "a.jpg" } };
    expect(resumeStep({ ...blank, ...image, city: "Utrecht" }, false)).toBe(4);
    expect(resumeStep({ ...blank, ...image, countryregion: 2, gender: "female" }, false)).toBe(5);
    expect(
      resumeStep({ ...blank, ...image, city: "Gent", date_of_birth: "1990-01-01", personal: { about_me: "Hi" } }, false),
    ).toBe(6);
  });
  it("clamps a stored step outside 0 to 7", () => {
    expect(resumeStep({ ...blank, lastSignupStep: 12 }, false)).toBe(7);
  });
});

describe("autoSkip", () => {
  it("skips step 3 when a region or a city exists", () => {
    expect(autoSkip(3, { ...blank, countryregion: 1 })).toBe(4);
    expect(autoSkip(3, { ...blank, city: "Antwerpen" })).toBe(4);
    expect(autoSkip(3, { ...blank, city: "" })).toBe(3);
  });
  it("skips step 4 when a gender or a date of birth exists", () => {
    expect(autoSkip(4, { ...blank, gender: "male" })).toBe(5);
    expect(autoSkip(4, { ...blank, date_of_birth: "1980-05-05" })).toBe(5);
  });
  it("skips step 5 when personal texts exist, not for blank ones", () => {
    expect(autoSkip(5, { ...blank, personal: { about_me: "Hello" } })).toBe(6);
    expect(autoSkip(5, { ...blank, personal: { about_me: "  " } })).toBe(5);
  });
  it("does not skip steps 1, 2, 6 and 7", () => {
    const full = { ...blank, city: "X", gender: "male", personal: { about_me: "x" }, main_image: {} };
    for (const step of [1, 2, 6, 7] as const) expect(autoSkip(step, full)).toBe(step);
  });
  it("chains only from the step it starts at: data for step 4 alone does not skip step 3", () => {
    expect(autoSkip(3, { ...blank, gender: "female" })).toBe(3);
  });
});

describe("nextStep", () => {
  it("goes forward one step, then auto-skips", () => {
    expect(nextStep(1, blank)).toBe(2);
    expect(nextStep(2, blank)).toBe(3);
    expect(nextStep(2, { ...blank, city: "Utrecht" })).toBe(4);
    expect(nextStep(3, { ...blank, gender: "female" })).toBe(5);
    expect(nextStep(5, blank)).toBe(6);
    expect(nextStep(6, blank)).toBe(7);
    expect(nextStep(7, blank)).toBe(7);
  });
});

describe("progress", () => {
  it("fills one segment per step, the current one included (issue 29 point 9)", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((s) => filledDots(s as 0))).toEqual([1, 2, 3, 4, 5, 6, 6, 6]);
  });
  it("changes the activation message at ticks 4, 7 and 10", () => {
    expect([0, 3, 4, 6, 7, 9, 10, 19].map(activationMessageIndex)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });
  it("completes on delivery or after 20 ticks", () => {
    expect(activationComplete(1, true)).toBe(true);
    expect(activationComplete(19, false)).toBe(false);
    expect(activationComplete(20, false)).toBe(true);
  });
});
