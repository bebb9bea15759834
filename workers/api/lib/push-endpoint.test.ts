import { describe, expect, it } from "vitest";
import { endpointProblem, isPrivateOrLoopbackHost } from "./push-endpoint";

describe("push endpoint hosts", () => {
  it("refuses loopback, private, link-local and internal names", () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "0.0.0.0",
      "[::1]",
      "[fd00::1]",
      "[fe80::1]",
      "[::ffff:10.0.0.1]",
      "intranet",
      "push.internal",
    ]) {
      expect(isPrivateOrLoopbackHost(host), host).toBe(true);
    }
  });

  it("accepts the public push services", () => {
    for (const host of ["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", "8.8.8.8"]) {
      expect(isPrivateOrLoopbackHost(host), host).toBe(false);
    }
  });

  it("allows a loopback endpoint only on a loopback site, and never plain http", () => {
    expect(endpointProblem("https://127.0.0.1:8873/push/1", false)).toBe("private_host");
    expect(endpointProblem("https://127.0.0.1:8873/push/1", true)).toBeNull();
    expect(endpointProblem("http://fcm.googleapis.com/x", true)).toBe("not_https");
    expect(endpointProblem("https://user:pw@fcm.googleapis.com/x", false)).toBe("private_host");
  });
});
