/**
 * Row (e) of `bench/core.bench.ts` in CPU time, for two trees side by side: the full validation of
 * another checkout of the repository (`before`, e.g. `git archive <commit>` unpacked with a
 * node_modules link), this tree's, and the baseline (plain ajv + `canonicalize` + node:crypto
 * SHA-256), alternating in one process on the same packets. CPU time (`process.cpuUsage`) rather
 * than wall time: on the shared 2-core machine a process gets 5 to 50 % of a core, which moves wall
 * times threefold and CPU times by a few per cent. Prints each run's times and the ratios to the
 * baseline (median and spread). Not a test, not part of `npm run bench`:
 *
 *   node --import tsx bench/coreCpu.bench.ts /tmp/uai-before [packets=10000] [runs=7]
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020Import from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { PacketValidator } from '../src/uai/packetValidator.ts';
import { createNodePacketValidator } from '../src/uai/node/nodeValidator.ts';
import { canonicalize } from '../src/uai/jcs.ts';
import { loadSchemaDocuments, loadFixtureTree } from '../src/uai/node/recordFiles.ts';
import { FIXTURE_EVALUATED_AT } from '../src/uai/fixtureCheck.ts';

type AjvClass = typeof Ajv2020Import;
const Ajv2020 = ((Ajv2020Import as unknown as { default?: AjvClass }).default ?? Ajv2020Import) as AjvClass;
type AddFormats = typeof addFormatsImport;
const addFormats = ((addFormatsImport as unknown as { default?: AddFormats }).default ??
  addFormatsImport) as AddFormats;

const [beforeTree, packetArgument = '10000', runArgument = '7'] = process.argv.slice(2);
if (!beforeTree) throw new Error('usage: node --import tsx bench/coreCpu.bench.ts <before-tree> [packets] [runs]');
const beforeModule = (await import(pathToFileURL(resolve(beforeTree, 'src/uai/node/nodeValidator.ts')).href)) as {
  createNodePacketValidator: (documents: unknown) => PacketValidator;
};

const documents = loadSchemaDocuments();
const before = beforeModule.createNodePacketValidator(documents);
const after = createNodePacketValidator(documents);
const groups = new Set(after.profiles.map((profile) => profile.replace(/\./g, '-')));
const texts = loadFixtureTree()
  .fixtures.filter((fixture) => fixture.verdict === 'valid' && groups.has(fixture.group))
  .map((fixture) => new TextDecoder().decode(fixture.bytes));
const packets: Record<string, unknown>[] = [];
while (packets.length < Number(packetArgument)) for (const text of texts) packets.push(JSON.parse(text));
const options = { now: new Date(FIXTURE_EVALUATED_AT) };
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
for (const document of documents) ajv.addSchema(document);
const plain = new Map(
  after.profiles.map((profile) => [profile, ajv.getSchema(after.registry.profileSchemaId(profile)!)!]),
);

let sink = 0;
const sides = {
  before: () => {
    for (const packet of packets) sink += before.validateValue(packet, options).valid ? 1 : 0;
  },
  baseline: () => {
    for (const packet of packets)
      sink +=
        (plain.get(packet.profile as string)!(packet) ? 1 : 0) +
        createHash('sha256').update(canonicalize(packet)).digest('hex').length;
  },
  after: () => {
    for (const packet of packets) sink += after.validateValue(packet, options).valid ? 1 : 0;
  },
};
for (const side of Object.values(sides)) side(); // warm-up
const times: Record<keyof typeof sides, number[]> = { before: [], baseline: [], after: [] };
for (let run = 0; run < Number(runArgument); run++) {
  for (const name of ['before', 'baseline', 'after'] as const) {
    const start = process.cpuUsage();
    sides[name]();
    const used = process.cpuUsage(start);
    times[name].push((used.user + used.system) / 1000);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratios = (name: 'before' | 'after') => times[name].map((ms, run) => ms / times.baseline[run]);
const summary = (name: 'before' | 'after') => ({
  median: Number(median(ratios(name)).toFixed(3)),
  spread: [Math.min(...ratios(name)), Math.max(...ratios(name))].map((ratio) => Number(ratio.toFixed(3))),
});
console.log(
  JSON.stringify({
    packets: packets.length,
    loadAverage: loadavg().map((load) => Number(load.toFixed(1))),
    cpuMs: Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, ms.map(Math.round)])),
    ratioToBaseline: { before: summary('before'), after: summary('after') },
    sink: sink > 0,
  }),
);
