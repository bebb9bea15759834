import { describe, expect, it } from "vitest";
import { fillTemplate, isPrivateOrLoopbackHost, MACRO_VALUE_MAX, outboundUrlProblem, templateProblem } from "./outbound-urls";

describe("fillTemplate", () => {
  it("URL-encodes each value, empties missing ones and leaves the rest of the template alone", () => {
    const url = fillTemplate("https://t.example/pb?c={clickid}&s={sub1}&x={sub5}&n={network}", {
      clickid: "a b&c=d/é",
      sub1: "<script>",
      network: 7,
    });
    expect(url).toBe("https://t.example/pb?c=a%20b%26c%3Dd%2F%C3%A9&s=%3Cscript%3E&x=&n=7");
  });

  it("cuts values to 255 characters (whole characters, not halves of one)", () => {
    const url = fillTemplate("https://t.example/?c={clickid}", { clickid: "😀".repeat(300) });
    expect(decodeURIComponent(new URL(url).searchParams.get("c") ?? "")).toBe("😀".repeat(MACRO_VALUE_MAX));
  });
});

describe("templateProblem and outboundUrlProblem", () => {
  const macros = ["clickid"];
  it("refuses what the API must not call", () => {
    expect(templateProblem("https://t.example/?c={clickid}", macros, false)).toBeNull();
    expect(templateProblem("gopher://t.example/", macros, false)).toBe("not_http");
    expect(templateProblem("https://{clickid}.t.example/", macros, false)).toBe("macro_in_host");
    expect(templateProblem("https://t.example:{clickid}/", macros, false)).not.toBeNull();
    expect(templateProblem("https://127.1/", macros, false)).toBe("private_host");
    expect(outboundUrlProblem("https://[::ffff:127.0.0.1]/", false)).toBe("private_host");
    expect(outboundUrlProblem("http://127.0.0.1:8877/", true)).toBeNull();
  });

  it("knows loopback, private and internal names", () => {
    for (const host of [
      "localhost",
      "a.localhost",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.1.1",
      "[::1]",
      "intranet",
    ]) {
      expect(isPrivateOrLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["track.example.com", "8.8.8.8", "[2606:4700::1111]"])
      expect(isPrivateOrLoopbackHost(host), host).toBe(false);
  });
});
