/**
 * `npm run generate [-- <name> …] [-- --check]`: regenerates the committed files derived from the
 * sources (the table in artifacts.ts), all of them or those named; with --check it writes nothing
 * and exits 1 when a file differs from what its generator makes. Exit 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { ARTIFACTS, readCommitted } from './artifacts.ts';
import { formatProblem, ProblemListError } from '../src/uai/problem.ts';
import { schemaSourceProblems } from '../src/record/checks/node/schemaPatternCheck.ts';
import { scriptErrorLine } from './scriptErrors.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const names = args.filter((arg) => arg !== '--check');
const unknown = names.filter((name) => !ARTIFACTS.some((artifact) => artifact.name === name));
if (unknown.length || names.some((name) => name.startsWith('-'))) {
  console.error(`usage: npm run generate [-- ${ARTIFACTS.map((artifact) => artifact.name).join('|')} …] [-- --check]`);
  process.exit(2);
}

let drifts = 0;
const selected = ARTIFACTS.filter((entry) => !names.length || names.includes(entry.name));
// The schemas are compiled (the validators, the types) only after every $ref resolves and every
// pattern is linear: one line per problem, nothing written.
if (selected.some((entry) => entry.name === 'validators' || entry.name === 'types')) {
  const problems = await schemaSourceProblems();
  for (const problem of problems) console.error(formatProblem(problem));
  if (problems.length) process.exit(1);
}
try {
  for (const [position, artifact] of selected.entries()) {
    const generated = await artifact.generate(readCommitted);
    const drifted = artifact.drifted(generated, readCommitted);
    drifts += drifted.length;
    for (const file of drifted) {
      const text = generated.get(file);
      if (check)
        console.log(
          `${file}: ${text === undefined ? 'no longer generated' : 'differs from what generates it'} (${artifact.what})`,
        );
      else if (text === undefined) rmSync(join(REPOSITORY_ROOT, file));
      else {
        mkdirSync(dirname(join(REPOSITORY_ROOT, file)), { recursive: true });
        writeFileSync(join(REPOSITORY_ROOT, file), text);
      }
      if (!check) console.log(`${file} ${text === undefined ? 'removed: no generator makes it' : 'updated'}`);
    }
    if (!drifted.length) console.log(`${artifact.name}: up to date (${artifact.what})`);
    // The later generators import modules this one just rewrote (the precompiled validators, the
    // types): this process holds the old ones, so the rest run in a new process.
    const rest = selected.slice(position + 1).map((entry) => entry.name);
    if (!check && drifted.length && rest.length) {
      const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], ...rest], { stdio: 'inherit' });
      process.exit(child.status ?? 1);
    }
  }
} catch (error) {
  // A generator's error is one line (a problem's, or the message without local paths), never a trace.
  if (error instanceof ProblemListError) for (const problem of error.problems) console.error(formatProblem(problem));
  else console.error(scriptErrorLine('generate', error));
  process.exit(1);
}
if (check && drifts) {
  console.error(`generate --check: ${drifts} generated file(s) differ; run npm run generate`);
  process.exit(1);
}
