/**
 * Prints, after the run, the test files and tests that took longest (summed over both projects),
 * so the suite's time can be watched and cut (docs/architecture.md §7: the suite stays under
 * 15 minutes on 2 cores).
 */
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SlowestReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly byTest: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.replace(/^.*tests\/e2e\//, "");
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    this.byTest.push({ title: `${test.parent.project()?.name ?? "?"} › ${file} › ${test.title}`, ms: result.duration });
  }

  onEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const files = [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log("\nSlowest test files (both projects, test time summed):");
    for (const [file, ms] of files) console.log(`${seconds(ms)}  ${file}`);
    console.log("Slowest tests:");
    for (const { title, ms } of this.byTest.sort((a, b) => b.ms - a.ms).slice(0, 12)) console.log(`${seconds(ms)}  ${title}`);
  }
}
