// Live conformance: every case of tests/conformance/ is sent, exactly as it stands, as
// PATCH /connectors/NAME/offsets to a STOPPED connector of its kind on the real worker, and
// `connect-offsets export --to json --kind KIND` (the alter a user would send: validation, plus
// the export's own refusal of an empty alter) is run on the same body. A case fails when
//   - the worker's status differs from the status the case records (the derived cases are
//     themselves checked against the real thing),
//   - the worker's message does not contain the case's message fragment,
//   - our verdict differs from the worker's (reject exactly when the worker does not answer
//     200), except for the deliberate departures, which must still be answered 200 by the worker
//     and rejected by us,
//   - an error of the case's rule quotes an answer (`answers HTTP NNN '...'`) whose status or text
//     is not the worker's.
// The summary line `live conformance: N cases, N agree with Kafka V (plugins: ...)` is printed at
// the end, with the plugin versions the worker itself reports. The first test checks that the
// worker and its plugins are the ones LIVE_WORKERS in core/src/versions.rs lists (the table the
// footer and --version print), so the claim there is what ran here.
//
// Where a worker version answers a case differently (status or message), the case records it in
// `by_version`: { "V": { "status": N, "message": "..." } } overrides the case's own for worker V.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOTSTRAP, KAFKA_VERSION, ROOT, SOURCE_CONNECTOR, cli, createConnector, createTopic, jarsRecord, liveWorker,
  rest, workdir,
} from './cluster.mjs';

const CASES_DIR = join(ROOT, 'tests/conformance');
const cases = readdirSync(CASES_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(CASES_DIR, f), 'utf8')));

/** The topics (and partition counts) the sink cases' accepted bodies assume exist. */
const SINK_TOPICS = { 'test-topic': 3, orders: 11, topic: 11, test: 2, 123: 1 };

const mirror = (cls) => ({
  'connector.class': `org.apache.kafka.connect.mirror.${cls}`,
  'source.cluster.alias': 'east',
  'target.cluster.alias': 'west',
  'source.cluster.bootstrap.servers': BOOTSTRAP,
  'target.cluster.bootstrap.servers': BOOTSTRAP,
  'replication.factor': '1',
  'offset-syncs.topic.replication.factor': '1',
  'checkpoints.topic.replication.factor': '1',
  'heartbeats.topic.replication.factor': '1',
  topics: 'conformance-none',
  groups: 'conformance-none',
});

const dir = workdir('conformance');
/** The connector each kind's cases go to, created STOPPED (so it never runs). */
const CONNECTORS = {
  'mirror-source': ['live-conformance-mirror-source', mirror('MirrorSourceConnector')],
  'mirror-checkpoint': ['live-conformance-mirror-checkpoint', mirror('MirrorCheckpointConnector')],
  'mirror-heartbeat': ['live-conformance-mirror-heartbeat', mirror('MirrorHeartbeatConnector')],
  sink: ['live-conformance-sink', {
    'connector.class': 'org.apache.kafka.connect.file.FileStreamSinkConnector',
    topics: Object.keys(SINK_TOPICS).join(','),
    file: join(dir, 'sink.txt'),
  }],
  source: ['live-conformance-source', SOURCE_CONNECTOR === 'LiveSourceConnector'
    ? { 'connector.class': SOURCE_CONNECTOR, topic: 'conformance-verifiable', 'tasks.max': '1' }
    : {
      'connector.class': SOURCE_CONNECTOR,
      topic: 'conformance-verifiable',
      throughput: '1',
      'tasks.max': '1',
    }],
};

/** Our verdict: `export --to json --kind K` on the body as a file; exit 0 accepts, 1 or 2 rejects. */
function ourVerdict(c) {
  const file = join(dir, `${c.id.replace(/[^a-z0-9-]/gi, '_')}.json`);
  writeFileSync(file, c.body);
  const r = cli(['export', file, '--to', 'json', '--kind', c.kind]);
  return { reject: r.status !== 0, output: r.stdout + r.stderr };
}

/** Where our rule id legitimately differs from the case's (as core/tests/it/conformance.rs). */
const ALIASES = [['IMP3', 'JSON'], ['S4', 'S11']];
const ruleMatches = (ours, expected) => ours === expected || ALIASES.some(([e, o]) => e === expected && o === ours);

/**
 * The answers our errors of the case's rule quote: `answers HTTP NNN '...'` (or `returns`). A quote
 * ends at the first `'` before `.`, `;`, `)` or the end of the message, so quotes inside it stay.
 */
function quotes(output, rule) {
  const out = [];
  for (const line of output.split('\n')) {
    const m = /error\[([A-Z0-9]+)\]: (.*)$/.exec(line);
    if (!m || !ruleMatches(m[1], rule)) continue;
    for (const q of m[2].matchAll(/(?:answers|returns) HTTP (\d{3}) '(.*?)'(?=[.;)]|$)/g)) {
      out.push({ status: Number(q[1]), text: q[2] });
    }
  }
  return out;
}

/** The pieces of a quote the worker's message must hold: split at `...` and at `<name>`-style holes. */
const pieces = (quote) => quote.split(/\.\.\.|…|<[^>]+>/).map((p) => p.trim()).filter((p) => p.length > 0);

/** The plugins' versions (kafka.sh's record of the jars), for the summary line. */
let plugins = '?';

/** The case as this worker version answers it: its `by_version` entry over its own status, message and departure. */
const expected = (c) => ({ status: c.status, message: c.message, departure: c.departure, ...(c.by_version?.[KAFKA_VERSION] ?? {}) });

const agree = [];
const disagree = [];
let quotesChecked = 0;

describe('live conformance', { concurrency: 1 }, () => {
  before(async () => {
    for (const [topic, partitions] of Object.entries(SINK_TOPICS)) createTopic(topic, partitions);
    for (const [name, config] of Object.values(CONNECTORS)) await createConnector(name, config, 'STOPPED');
  });

  after(() => {
    const departures = cases.filter((c) => expected(c).departure).length;
    process.stdout.write(`live conformance: ${cases.length} cases, ${agree.length} agree with Kafka ${KAFKA_VERSION} (plugins: ${plugins}; ${departures} deliberate departures)\n`);
    process.stdout.write(`live conformance quotes: ${quotesChecked} quotes of the worker's answers in our messages, each found in the worker's own answer\n`);
    if (disagree.length) process.stdout.write(`live conformance disagreements:\n${disagree.join('\n')}\n`);
  });

  test('the worker and its plugins are the ones core/src/versions.rs lists', () => {
    const want = liveWorker();
    assert.ok(want, `Kafka ${KAFKA_VERSION} is not in LIVE_WORKERS (core/src/versions.rs): the footer and --version would not say it was checked`);
    // The plugins' versions are the jars' that kafka.sh recorded: the worker cannot tell them, it
    // lists every Kafka plugin with its own kafka-clients' version (AppInfoParser.getVersion()).
    const record = jarsRecord().join('\n');
    assert.match(record, new RegExp(`^worker ${KAFKA_VERSION}: `, 'm'), record);
    const jar = (artifact) => new RegExp(`^plugin ${artifact} ([0-9.]+)`, 'm').exec(record)?.[1];
    assert.equal(jar('connect-mirror'), want.mirror, `connect-mirror's version\n${record}`);
    assert.equal(jar('connect-mirror-client'), want.mirror, `connect-mirror-client's version\n${record}`);
    assert.equal(jar('connect-file'), want.file, `connect-file's version\n${record}`);
    assert.equal(jar('connect-test-plugins'), want.verifiable ?? undefined, `connect-test-plugins' version\n${record}`);
    assert.equal(/^plugin LiveSourceConnector /m.test(record), want.verifiable === null, record);
    const other = (v) => (v === KAFKA_VERSION ? v : `${v} (not the worker's)`);
    plugins = [
      `MirrorMaker 2 ${other(want.mirror)}`,
      `FileStream ${other(want.file)}`,
      want.verifiable ? `VerifiableSourceConnector ${other(want.verifiable)}` : 'source: LiveSourceConnector of tests/kafka (no connect-test-plugins served)',
      ...(/^plugin shim /m.test(record) ? ['with tests/kafka\'s AppInfoParser shim'] : []),
    ].join(', ');
  });

  for (const c of cases) {
    test(c.id, async () => {
      const [name] = CONNECTORS[c.kind] ?? assert.fail(`unknown kind ${c.kind}`);
      const answer = await rest('PATCH', `/connectors/${name}/offsets`, c.body);
      const message = answer.json?.message ?? answer.text;
      const ours = ourVerdict(c);
      const problems = [];
      const want = expected(c);
      if (answer.status !== want.status) problems.push(`the worker answered ${answer.status}, the case records ${want.status}`);
      if (want.message && !String(message).includes(want.message)) problems.push(`the worker's message does not contain the case's fragment ${JSON.stringify(want.message)}`);
      const workerRejects = answer.status !== 200;
      if (want.departure) {
        if (workerRejects) problems.push('a departure the worker rejects: it is no departure');
        if (!ours.reject) problems.push('a deliberate departure we accept');
      } else if (ours.reject !== workerRejects) {
        problems.push(`we ${ours.reject ? 'reject' : 'accept'}, the worker ${workerRejects ? 'rejects' : 'accepts'}`);
      } else if (workerRejects && c.rule) {
        // Every answer our messages quote for this rule is the worker's: its status, and each
        // piece of its text (issue 31, item 9).
        for (const q of quotes(ours.output, c.rule)) {
          quotesChecked += 1;
          if (q.status !== answer.status) problems.push(`we quote HTTP ${q.status} '${q.text}', the worker answered ${answer.status}`);
          const missing = pieces(q.text).filter((p) => !String(message).includes(p));
          if (missing.length) problems.push(`we quote '${q.text}', and the worker's answer lacks ${JSON.stringify(missing)}`);
        }
      }
      if (problems.length) {
        const line = `${c.id}: ${problems.join('; ')}\n    worker: ${answer.status} ${message}\n    ours: ${ours.output.trim().split('\n').slice(0, 4).join(' | ')}`;
        disagree.push(line);
        assert.fail(line);
      }
      agree.push(c.id);
    });
  }
});
