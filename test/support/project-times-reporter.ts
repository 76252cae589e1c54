import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTimes {
  files: number;
  tests: number;
  /** Sum of each file's own time (environment, setup, import, tests and hooks), in ms. */
  fileMs: number;
  /** When the project's first file started and its last file ended (performance.now(), ms). */
  firstStart: number;
  lastEnd: number;
}

/** How many of the slowest files the reporter names at the end of a run. */
const SLOWEST_FILES = 12;

/**
 * A Vitest reporter, beside the default one, that prints each project's times when the run ends:
 * its span (first file started → last file ended, in s of wall time; projects overlap, since files of
 * every project share the workers) and the sum of its files' own times (s), with its counts of files
 * and tests; then the slowest files by their own time. One line each, in the `::: … s` form
 * `.ci/timed-shell` prints for npm's steps, so that CI's log shows where the suite's time goes.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly projects = new Map<string, ProjectTimes>();
  /** Each file's own time (ms), by its path relative to the working directory. */
  private readonly fileTimes: { file: string; ms: number }[] = [];

  onTestModuleStart(testModule: TestModule): void {
    const name = testModule.project.name || 'default';
    const now = performance.now();
    const times = this.projects.get(name) ?? { files: 0, tests: 0, fileMs: 0, firstStart: now, lastEnd: now };
    this.projects.set(name, times);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const times = this.projects.get(testModule.project.name || 'default');
    if (!times) return;
    const diagnostic = testModule.diagnostic();
    times.files += 1;
    times.tests += [...testModule.children.allTests()].length;
    const fileMs =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.setupDuration +
      diagnostic.collectDuration +
      diagnostic.duration;
    times.fileMs += fileMs;
    this.fileTimes.push({ file: testModule.relativeModuleId, ms: fileMs });
    times.lastEnd = performance.now();
  }

  onTestRunEnd(): void {
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    for (const [name, times] of [...this.projects].sort(([a], [b]) => a.localeCompare(b))) {
      process.stdout.write(
        `::: ${seconds(times.lastEnd - times.firstStart)} s span ${seconds(times.fileMs)} s in files  ` +
          `vitest project ${name} (${times.files} files, ${times.tests} tests)\n`,
      );
    }
    for (const { file, ms } of [...this.fileTimes].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_FILES)) {
      process.stdout.write(`::: ${seconds(ms)} s in file  ${file}\n`);
    }
  }
}
