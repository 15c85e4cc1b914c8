import { mkdirSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestProject, Vitest } from 'vitest/node';
import { problemsOf, scanLogs } from './log-check.js';
import { LOG_DIR } from './logs.js';

/** Whether every unit test file ran, whole (no name filter, no shard): its logs must then be plentiful. */
async function ranEveryUnitFile(vitest: Vitest): Promise<boolean> {
  const unit = vitest.projects.find((project) => project.name === 'unit');
  if (!unit || vitest.config.testNamePattern || vitest.config.shard) return false;
  const { testFiles } = await unit.globTestFiles();
  const ran = new Set(
    vitest.state
      .getTestModules()
      .filter((module) => module.project.name === 'unit')
      .map((module) => module.moduleId),
  );
  return testFiles.every((file) => ran.has(file));
}

/**
 * The run's logs (test/logs.ts): emptied when it starts; when it ends, any secret in any line fails the
 * run (SPEC: no token, password or cookie in a log). Vitest only prints an error thrown here, so the
 * exit code is set too. Every project inherits the root's globalSetup: the root project's alone acts.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  if (!project.isRootProject()) return undefined;
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  return async () => {
    const report = scanLogs(LOG_DIR);
    const whole = await ranEveryUnitFile(project.vitest);
    const problems = problemsOf(report, whole);
    const where = relative(process.cwd(), LOG_DIR);
    const counts = `${report.files} files, ${report.lines} lines, ${report.requests} requests (${report.withPassword} with a password, ${report.withToken} with a token)`;
    if (problems.length === 0) {
      console.log(
        `\n${where}/: ${counts}${whole ? ', as many as a whole run needs' : ''}; no secret in any line.`,
      );
      return;
    }
    process.exitCode = 1;
    throw new Error(`The logs in ${where}/ (${counts}) fail the log check:\n${problems.join('\n')}`);
  };
}
