/**
 * Scale benchmark of the site build (`npm run bench:site -- --scale N [--repeat R] [--warm]`; not a test).
 *
 * Copies the repository (with .git, for the git-derived dates) to a temporary folder and adds
 * generated guides until the record has about N times its real number of pages: each guide has a
 * table, a highlighted JSON block and internal links, in English with Spanish and French
 * translations stamped with their English digest (as `npm run i18n:stamp` does), committed so
 * git dates them like real pages. Then, in the same run, it builds cold:
 *
 *   - the record, as `npm run build` does (every stage, Pagefind included);
 *   - a bare Astro 5 site (bench/bare/: one content collection, one template) holding the same
 *     page texts as the same number of pages.
 *
 * With --repeat R it builds each site R times, cold each time, alternating which goes first, and
 * reports every pair's ratio and in full the pair with the median ratio: on the shared build machine
 * the same build's time varies by ±15 % from one minute to the next.
 *
 * It prints pages per second, the peak memory of each build's process tree (the sum of the RSS of
 * the build and its children, sampled every 100 ms), the time and peak memory of every stage and the
 * ratio to the bare build, as Markdown for bench/RESULTS.md. With --warm it then edits one English guide and
 * rebuilds the record with the caches of the cold build kept, and reports that time too.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { buildCommand, copyRepository, removeCopy } from '../tests/build/_support/tempRepo.ts';
import { loadContentEntries, splitFrontmatter } from '../src/record/content/node/contentFiles.ts';
import { REPOSITORY_ROOT } from '../src/uai/node/recordFiles.ts';
import { buildPageIndex } from '../src/record/pages/pageIndex.ts';
import { LOCALES, localeOf, SOURCE_LOCALE } from '../src/record/model/locales.ts';
import { stampTranslation } from '../src/record/content/node/translationStamp.ts';
import { localizeFallbackLinks } from '../src/site/entries.ts';
import { STAGE_TIMES_VARIABLE, type StageEvent } from '../src/pipeline/stageTimes.ts';
import { walkFiles } from '../src/record/node/walkFiles.ts';
import { BUILD_STAGES } from '../src/pipeline/buildStages.ts';

interface Options {
  scale: number;
  warm: boolean;
  keep: boolean;
  /** Cold builds of each site, alternating (record first, then bare first, …). */
  repeat: number;
}

function parseOptions(args: string[]): Options {
  const options: Options = { scale: 1, warm: false, keep: false, repeat: 1 };
  for (let at = 0; at < args.length; at++) {
    const arg = args[at];
    if (arg === '--scale') options.scale = Number(args[++at]);
    else if (arg === '--warm') options.warm = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--repeat') options.repeat = Number(args[++at]);
    else usage(`unknown option ${arg}`);
  }
  // A fraction is allowed: `--scale 1.05` adds two guides, the smallest run that still generates guides
  // in every locale (what the test suite runs).
  if (!Number.isFinite(options.scale) || options.scale < 1) usage('--scale takes a number ≥ 1');
  if (!Number.isInteger(options.repeat) || options.repeat < 1) usage('--repeat takes a whole number ≥ 1');
  return options;
}

function usage(problem: string): never {
  console.error(`bench:site: ${problem}\nusage: npm run bench:site -- --scale N [--repeat R] [--warm] [--keep]`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Generated guides

/** Locales whose guides are translated; the others show the English text (fallback pages). */
const TRANSLATED = LOCALES.filter((locale) => locale.translatesContent).map((locale) => locale.code);
const FIRST_CODE = 5000;

interface GuideWords {
  title: string;
  intro: string;
  table: string;
  example: string;
  links: string;
  columns: [string, string, string];
  /** The guide's number after the intro, in the locale's brackets (full-width in Chinese). */
  numbered: (number: number) => string;
  /** Between the links of a list (an enumeration comma in Chinese). */
  separator: string;
}

const LATIN_TYPOGRAPHY = { numbered: (number: number) => ` (${number})`, separator: ', ' };

const WORDS: Record<string, GuideWords> = {
  'en-us': {
    title: 'Benchmark guide',
    intro:
      'This generated guide exercises the build with the shape of a real guide: prose, a table, a highlighted packet and links to other records. Agents record each step with a UAI-1 packet and stop when state cannot be proven.',
    table: 'Steps',
    example: 'Example packet',
    links: 'Related records',
    columns: ['Step', 'Record', 'Stop when'],
    ...LATIN_TYPOGRAPHY,
  },
  'es-us': {
    title: 'Guía de prueba',
    intro:
      'Esta guía generada pone a prueba la compilación con la forma de una guía real: prosa, una tabla, un paquete resaltado y enlaces a otros registros. Los agentes registran cada paso con un paquete UAI-1 y se detienen cuando el estado no puede probarse.',
    table: 'Pasos',
    example: 'Paquete de ejemplo',
    links: 'Registros relacionados',
    columns: ['Paso', 'Registro', 'Detenerse cuando'],
    ...LATIN_TYPOGRAPHY,
  },
  'fr-fr': {
    title: 'Guide de test',
    intro:
      'Ce guide généré met la compilation à l’épreuve avec la forme d’un vrai guide\u202f: de la prose, un tableau, un paquet mis en couleur et des liens vers d’autres registres. Les agents consignent chaque étape dans un paquet UAI-1 et s’arrêtent quand l’état ne peut être prouvé.',
    table: 'Étapes',
    example: 'Paquet d’exemple',
    links: 'Registres liés',
    columns: ['Étape', 'Registre', 'S’arrêter quand'],
    ...LATIN_TYPOGRAPHY,
  },
  'zh-cn': {
    title: '基准指南',
    intro:
      '这份生成的指南以真实指南的形态检验构建：正文、一张表格、一个高亮的数据包以及指向其他记录的链接。智能体用 UAI-1 数据包记录每一步，并在无法证明状态时停止。',
    table: '步骤',
    example: '数据包示例',
    links: '相关记录',
    columns: ['步骤', '记录', '何时停止'],
    numbered: (number) => `（${number}）`,
    separator: '、',
  },
};

const PROFILES = [
  'uai-agent-ack-v1',
  'uai-agent-blocker-v1',
  'uai-agent-handoff-v1',
  'uai-agent-task-status-v1',
  'uai-agent-final-report-v1',
];

function slugOf(number: number): string {
  return `bench-${String(number).padStart(4, '0')}`;
}

function guideText(locale: string, number: number, count: number): string {
  const words = WORDS[locale];
  // A locale that came to translate content after this file was written: say so, not a TypeError.
  if (!words) throw new Error(`no guide words for ${locale}: add them to WORDS in bench/site.bench.ts`);
  const next = slugOf((number % count) + 1);
  const previous = slugOf(((number + count - 2) % count) + 1);
  const rows = [1, 2, 3, 4, 5].map(
    (step) =>
      `| ${step} | [\`${PROFILES[(number + step) % PROFILES.length]}\`](/${locale}/registry/${PROFILES[(number + step) % PROFILES.length]}/) | ${words.intro
        .split(' ')
        .slice(step, step + 6)
        .join(' ')} |`,
  );
  // The packet is the same in every locale of a guide, and differs between guides.
  const packet = {
    uai: '1',
    profile: 'uai.agent.task-status.v1',
    message_id: `msg_bench_${number}`,
    conversation: {
      conversation_id: `conv_bench_${number}`,
      turn_id: `turn_${number}`,
      correlation_id: `corr_bench_${number}`,
    },
    delivery: {
      idempotency_key: `idem_bench_${number}`,
      expires_at: '2030-01-01T00:00:00Z',
      fallback_directive: 'stop_and_request_review',
    },
    body: {
      task_id: `task_bench_${number}`,
      state: 'in_progress',
      percent_complete: number % 100,
      notes: [`step ${number}`, 'readback pending'],
    },
  };
  return [
    '---',
    `code: UAIX-GUID-${FIRST_CODE + number}`,
    `title: "${words.title} ${number}"`,
    `description: "${words.intro.slice(0, 120).replace(/"/g, "'")}"`,
    `order: ${100 + number}`,
    '---',
    '',
    `${words.intro}${words.numbered(number)}`,
    '',
    `## ${words.table}`,
    '',
    `| ${words.columns.join(' | ')} |`,
    '| --- | --- | --- |',
    ...rows,
    '',
    `## ${words.example}`,
    '',
    '```json',
    JSON.stringify(packet, null, 2),
    '```',
    '',
    `## ${words.links}`,
    '',
    `- [${words.title} ${previous}](/${locale}/guides/${previous}/) · [${words.title} ${next}](/${locale}/guides/${next}/)`,
    `- ${[
      `[UAI-1](/${locale}/specification/uai-1/)`,
      `[${PROFILES[number % PROFILES.length]}](/${locale}/registry/${PROFILES[number % PROFILES.length]}/)`,
      `[validator](/${locale}/tools/validator/)`,
    ].join(words.separator)}`,
    '',
  ].join('\n');
}

/** Adds `count` guides to the copy (English first, then stamped translations) and commits them. */
function addGuides(copy: string, count: number): void {
  for (let number = 1; number <= count; number++) {
    for (const locale of TRANSLATED) {
      const file = `content/guides/${locale}/${slugOf(number)}.md`;
      writeFileSync(join(copy, file), guideText(locale, number, count));
      if (locale !== SOURCE_LOCALE) stampTranslation(copy, file);
    }
  }
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: copy,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, GIT_AUTHOR_DATE: '2026-06-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-06-01T00:00:00Z' },
    });
  git('add', '-A', 'content');
  git(
    '-c',
    'user.name=bench',
    '-c',
    'user.email=bench@uaix.invalid',
    'commit',
    '-q',
    '--no-verify',
    '-m',
    `bench: ${count} generated guides`,
  );
}

/** Writes the text of every page of the copy's record into the bare site, one Markdown file per page. */
function fillBareSite(copy: string): number {
  const content = loadContentEntries(join(copy, 'content'));
  if (content.problems.length) throw new Error(`content problems in the copy:\n${content.problems.join('\n')}`);
  const index = buildPageIndex(content.entries);
  const folder = join(copy, 'bench/bare/content');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const page of index.pages) {
    // Entry files are named relative to this repository; the copy's files resolve from it.
    const body = splitFrontmatter(readFileSync(join(REPOSITORY_ROOT, page.entry.file), 'utf8'))?.body ?? '';
    const text = localizeFallbackLinks(body, page.entry.locale, page.locale);
    const frontmatter = `---\nurl: "${page.url}"\ntitle: ${JSON.stringify(page.entry.data.title)}\nlang: ${localeOf(page.locale).lang}\n---\n`;
    writeFileSync(
      join(folder, `${page.url.replace(/^\/|\/$/g, '').replaceAll('/', '--')}.md`),
      `${frontmatter}${text}`,
    );
  }
  return index.pages.length;
}

// ---------------------------------------------------------------------------------------------
// Running a build: wall time, peak memory of the process tree, stage events

interface BuildResult {
  seconds: number;
  peakBytes: number;
  status: number | null;
  output: string;
  events: StageEvent[];
  started: number;
  /** The process tree's resident memory, sampled every 100 ms: [time (ms since the epoch), bytes]. */
  memory: [number, number][];
}

const PAGE_SIZE = 4096;

/** Sum of the resident memory of `root` and all its descendants, from /proc. */
function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // the process ended while we looked
    }
    // Fields after the command name (which may hold spaces): state ppid … rss is the 24th field overall.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    const parent = Number(fields[1]);
    rss.set(pid, Number(fields[21]) * PAGE_SIZE);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(pid);
  }
  let total = 0;
  const pending = [root];
  while (pending.length) {
    const pid = pending.pop()!;
    total += rss.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

function runMeasured(command: string[], cwd: string, label: string): Promise<BuildResult> {
  const eventsFile = join(tmpdir(), `uaix-bench-events-${process.pid}-${label}.jsonl`);
  rmSync(eventsFile, { force: true });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        [STAGE_TIMES_VARIABLE]: eventsFile,
        GIT_CEILING_DIRECTORIES: dirname(cwd),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let peakBytes = 0;
    const memory: [number, number][] = [];
    const sampler = setInterval(() => {
      const bytes = treeRss(child.pid!);
      memory.push([Date.now(), bytes]);
      peakBytes = Math.max(peakBytes, bytes);
    }, 100);
    child.on('error', reject);
    child.on('close', (status) => {
      clearInterval(sampler);
      const events = existsSync(eventsFile)
        ? readFileSync(eventsFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as StageEvent)
        : [];
      rmSync(eventsFile, { force: true });
      resolve({ seconds: (Date.now() - started) / 1000, peakBytes, status, output, events, started, memory });
    });
  });
}

interface StageSpan {
  name: string;
  seconds: number;
  /** The largest memory sample taken during the stage (0 when none fell in it). */
  peakBytes: number;
}

/** Stages between consecutive events, named by the stage each event ends, with their peak memory. */
function stageSpans(result: BuildResult, names: Record<string, string>): StageSpan[] {
  const spans: StageSpan[] = [];
  const peakBetween = (from: number, to: number) =>
    result.memory.reduce((peak, [at, bytes]) => (at >= from && at < to ? Math.max(peak, bytes) : peak), 0);
  let previous = result.started;
  const ended = result.started + result.seconds * 1000;
  for (const { event, at } of result.events) {
    spans.push({ name: names[event] ?? event, seconds: (at - previous) / 1000, peakBytes: peakBetween(previous, at) });
    previous = at;
  }
  spans.push({ name: 'exit', seconds: (ended - previous) / 1000, peakBytes: peakBetween(previous, ended + 1) });
  return spans;
}

// Event → the stage that it ends: the build's own stages by their titles, Astro's phases and one mark within.
const STAGE_NAMES: Record<string, string> = {
  'build:start': 'start-up (node, tsx, imports)',
  'astro:config:done': 'astro start-up and config',
  'astro:build:start': 'astro content sync',
  'astro:build:ssr': 'astro bundling (server and client)',
  'astro:build:generated': 'astro rendering pages',
  'astro:build:done': 'astro build:done (sitemap)',
  'dist read and scanned': 'dist/ read once, redaction scan (beside Pagefind)',
  ...Object.fromEntries(BUILD_STAGES.map((stage) => [stage.name, stage.title])),
};

function htmlPages(dist: string): string[] {
  return walkFiles(dist).filter((file) => file.endsWith('/index.html') && !file.includes('/pagefind/'));
}

function largestGzip(files: string[]): { kb: number; file: string } {
  let best = { kb: 0, file: '' };
  for (const file of files) {
    const kb = gzipSync(readFileSync(file)).length / 1024;
    if (kb > best.kb) best = { kb, file };
  }
  return best;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const s = (seconds: number) => `${seconds.toFixed(1)} s`;

/** What a cold build must not find: Astro's content cache, the record's caches and the last dist/. */
const RECORD_CACHES = ['dist', '.cache', '.astro', 'node_modules/.astro', 'node_modules/.vite'];
const BARE_CACHES = ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite'];

async function coldRecordBuild(copy: string): Promise<BuildResult> {
  for (const cache of RECORD_CACHES) rmSync(join(copy, cache), { recursive: true, force: true });
  const result = await runMeasured(buildCommand(copy), copy, 'record');
  if (result.status !== 0) throw new Error(`the record's build failed:\n${result.output.slice(-4000)}`);
  return result;
}

async function coldBareBuild(copy: string): Promise<BuildResult> {
  const bareRoot = join(copy, 'bench/bare');
  for (const cache of BARE_CACHES) rmSync(join(bareRoot, cache), { recursive: true, force: true });
  const result = await runMeasured(
    [process.execPath, join(copy, 'node_modules/astro/astro.js'), 'build', '--silent'],
    bareRoot,
    'bare',
  );
  if (result.status !== 0) throw new Error(`the bare build failed:\n${result.output.slice(-4000)}`);
  return result;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const load = loadavg()[0].toFixed(1);
  const copy = copyRepository({ withCaches: false });
  try {
    const realPages = buildPageIndex(loadContentEntries(join(copy, 'content')).entries).pages.length;
    // Each guide is a page in every locale; scale N means about N times the record's pages (N may be a
    // fraction).
    const guides = Math.round(((options.scale - 1) * realPages) / LOCALES.length);
    if (guides > 0) addGuides(copy, guides);
    const barePages = fillBareSite(copy);
    console.error(
      `bench:site: scale ${options.scale}: ${guides} generated guides, ${barePages} record pages; building in ${copy}`,
    );

    // Cold builds, alternating which site builds first, so that a change in the machine's speed
    // during the run (it varies by ±15 % from minute to minute here) does not favour either.
    const pairs: { ours: BuildResult; bare: BuildResult }[] = [];
    for (let round = 0; round < options.repeat; round++) {
      const order = round % 2 === 0 ? (['record', 'bare'] as const) : (['bare', 'record'] as const);
      const results: Partial<Record<'record' | 'bare', BuildResult>> = {};
      for (const site of order)
        results[site] = site === 'record' ? await coldRecordBuild(copy) : await coldBareBuild(copy);
      pairs.push({ ours: results.record!, bare: results.bare! });
    }
    const ourPages = htmlPages(join(copy, 'dist'));
    const weight = largestGzip(ourPages);
    const bareCount = htmlPages(join(copy, 'bench/bare/dist')).length;
    // The pair with the median ratio is the one reported in full; every pair's ratio is listed.
    const ratioOf = ({ ours, bare }: (typeof pairs)[number]) =>
      ourPages.length / ours.seconds / (bareCount / bare.seconds);
    const byRatio = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b));
    const { ours, bare } = byRatio[Math.floor((byRatio.length - 1) / 2)];
    const coldSeconds = pairs.map((pair) => pair.ours.seconds).sort((a, b) => a - b);
    const medianColdSeconds = coldSeconds[Math.floor((coldSeconds.length - 1) / 2)];

    let warm: BuildResult | undefined;
    if (options.warm) {
      // One English guide changes (or the first English page at 1×): its translations go stale.
      const edited =
        guides > 0
          ? `content/guides/${SOURCE_LOCALE}/${slugOf(1)}.md`
          : `content/guides/${SOURCE_LOCALE}/swarm-failure-and-recovery.md`;
      writeFileSync(
        join(copy, edited),
        `${readFileSync(join(copy, edited), 'utf8')}\nOne more sentence, edited for the warm rebuild.\n`,
      );
      // The caches the warm rebuild keeps are those of the record's last cold build.
      warm = await runMeasured(buildCommand(copy), copy, 'warm');
      if (warm.status !== 0) throw new Error(`the warm rebuild failed:\n${warm.output.slice(-4000)}`);
    }

    const oursRate = ourPages.length / ours.seconds;
    const bareRate = bareCount / bare.seconds;
    const lines = [
      `### Scale ${options.scale}× (${ourPages.length} HTML pages; ${guides} generated guides)`,
      '',
      `Date ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${mb(totalmem())}, Node ${process.version}; load average ${load} at the start.`,
      `Command: \`npm run bench:site -- --scale ${options.scale}${options.repeat > 1 ? ` --repeat ${options.repeat}` : ''}${options.warm ? ' --warm' : ''}\``,
      '',
      '| build | pages | time | pages/s | peak memory | time per page |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      `| record (\`npm run build\`) | ${ourPages.length} | ${s(ours.seconds)} | ${oursRate.toFixed(1)} | ${mb(ours.peakBytes)} | ${((ours.seconds / ourPages.length) * 1000).toFixed(0)} ms |`,
      `| bare Astro | ${bareCount} | ${s(bare.seconds)} | ${bareRate.toFixed(1)} | ${mb(bare.peakBytes)} | ${((bare.seconds / bareCount) * 1000).toFixed(0)} ms |`,
      ...(warm
        ? [
            `| record, warm (one English guide edited) | ${ourPages.length} | ${s(warm.seconds)} | ${(ourPages.length / warm.seconds).toFixed(1)} | ${mb(warm.peakBytes)} | ${((warm.seconds / ourPages.length) * 1000).toFixed(0)} ms |`,
          ]
        : []),
      '',
      `Ratio record/bare: pages/s ${(oursRate / bareRate).toFixed(2)}, peak memory ${(ours.peakBytes / bare.peakBytes).toFixed(2)}${warm ? `; warm/cold time ${(warm.seconds / medianColdSeconds).toFixed(2)}` : ''}. Largest HTML page ${weight.kb.toFixed(1)} KB gzip (${weight.file.slice(join(copy, 'dist').length)}).`,
      ...(pairs.length > 1
        ? [
            '',
            `${pairs.length} pairs of cold builds, in the order run (record / bare, pages/s ratio): ${pairs.map((pair) => `${s(pair.ours.seconds)} / ${s(pair.bare.seconds)} (${ratioOf(pair).toFixed(2)})`).join(', ')}. The tables show the pair with the median ratio${warm ? '; the warm rebuild is set against the median cold record build' : ''}.`,
          ]
        : []),
      '',
      `| stage | record | its peak memory | bare Astro | its peak memory${warm ? ' | record, warm | its peak memory' : ''} |`,
      `| --- | ---: | ---: | ---: | ---:${warm ? ' | ---: | ---:' : ''} |`,
    ];
    const cell = (span: StageSpan | undefined) =>
      span ? `${s(span.seconds)} | ${span.peakBytes ? mb(span.peakBytes) : ''}` : ' | ';
    const byName = (spans: StageSpan[]) => new Map(spans.map((span) => [span.name, span]));
    const bareStages = byName(stageSpans(bare, STAGE_NAMES));
    const warmStages = warm ? byName(stageSpans(warm, STAGE_NAMES)) : undefined;
    for (const span of stageSpans(ours, STAGE_NAMES)) {
      lines.push(
        `| ${span.name} | ${cell(span)} | ${cell(bareStages.get(span.name))}${warmStages ? ` | ${cell(warmStages.get(span.name))}` : ''} |`,
      );
    }
    console.log(lines.join('\n'));
  } finally {
    if (options.keep) console.error(`bench:site: kept ${copy}`);
    else removeCopy(copy);
  }
}

main().catch((error) => {
  console.error(`bench:site: ${(error as Error).message}`);
  process.exitCode = 1;
});
