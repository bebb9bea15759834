/**
 * Prints, after the run, the test files and tests that took longest (summed over both projects),
 * so the suite's time can be watched and cut (the goal is under 15 minutes on 2 cores:
 * docs/decisions/064-suite-time.md). Then, last of all, a short digest of every failed attempt: CI keeps
 * only the end of a long log, and the line reporter prints a failure's details where it
 * happened, far above.
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SlowestReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly byProject = new Map<string, { ms: number; tests: number }>();
  private readonly byTest: { title: string; ms: number }[] = [];
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*tests\/e2e\//, "");
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    const project = test.parent.project()?.name ?? "?";
    const sum = this.byProject.get(project) ?? { ms: 0, tests: 0 };
    if (result.status !== "skipped") this.byProject.set(project, { ms: sum.ms + result.duration, tests: sum.tests + 1 });
    const title = `${project} › ${file} › ${test.title}`;
    this.byTest.push({ title, ms: result.duration });
    if (result.status === "failed" || result.status === "timedOut") {
      const error = stripAnsi(result.error?.message ?? result.status)
        .split("\n")
        .slice(0, 8)
        .join("\n    ");
      const at = result.error?.location ? ` (line ${result.error.location.line})` : "";
      this.failures.push(`${title}, attempt ${result.retry + 1}${at}:\n    ${error}`);
    }
  }

  onEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const projects = [...this.byProject].map(([name, { ms, tests }]) => `${name} ${tests} tests ${(ms / 1000).toFixed(0)} s`);
    console.log(`\nTest time by project (summed over workers): ${projects.join(", ")}`);
    const files = [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log("Slowest test files (both projects, test time summed):");
    for (const [file, ms] of files) console.log(`${seconds(ms)}  ${file}`);
    console.log("Slowest tests:");
    for (const { title, ms } of this.byTest.sort((a, b) => b.ms - a.ms).slice(0, 12)) console.log(`${seconds(ms)}  ${title}`);
    if (this.failures.length === 0) return;
    console.log(`\nFailed attempts (${this.failures.length}):`);
    for (const failure of this.failures.slice(0, 10)) console.log(`- ${failure}`);
  }
}

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts the colour codes removed here.
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}
