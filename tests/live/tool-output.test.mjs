// Real Kafka tool output: `kafka-get-offsets` (earliest, latest, a time, a topic with an empty
// partition) and `kafka-consumer-groups --describe` and `--reset-offsets ... --export`, printed by
// the real tools against the real broker, must equal the fixtures under
// tests/fixtures/kafka-4.3.1/ byte for byte (so a format change in a later Kafka is caught), and
// the CLI must read each as it is printed. `UPDATE_GOLDEN=1` rewrites the fixtures and the
// comparison then passes (the one rule, tests/support/src/golden.rs; any other value compares);
// their folder's README.md names the command that made each one.
//
// The data is fixed so that the output is too: topic `fixture-orders` (retention off) with 10
// records on partition 0 and 5 on partition 1, one a minute from 2025-11-30T12:00:00Z, and an
// empty partition 2; group `connect-fixture-sink` committed at 3 (partition 2 clamped to 0).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOTSTRAP, KAFKA_VERSION, ROOT, cli, produce, tool, workdir } from './cluster.mjs';

const TOPIC = 'fixture-orders';
const GROUP = 'connect-fixture-sink';
const BASE = Date.UTC(2025, 10, 30, 12, 0, 0); // 2025-11-30T12:00:00Z
const AT = BASE + 4.5 * 60_000; // between records 4 and 5 of partition 0, after all of partition 1
const FIXTURES = join(ROOT, 'tests/fixtures', `kafka-${KAFKA_VERSION}`);
const dir = workdir('tool-output');

/** Each fixture: its file, the tool and arguments that print it, and how the CLI reads it. */
const OUTPUTS = [
  { file: 'get-offsets-earliest.txt', tool: 'kafka-get-offsets', args: ['--bootstrap-server', BOOTSTRAP, '--topic', TOPIC, '--time', 'earliest'], role: 'earliest' },
  { file: 'get-offsets-latest.txt', tool: 'kafka-get-offsets', args: ['--bootstrap-server', BOOTSTRAP, '--topic', TOPIC, '--time', 'latest'], role: 'latest' },
  { file: 'get-offsets-time.txt', tool: 'kafka-get-offsets', args: ['--bootstrap-server', BOOTSTRAP, '--topic-partitions', `${TOPIC}:0-`, '--time', String(AT)], role: `time@${new Date(AT).toISOString()}` },
  { file: 'consumer-groups-describe.txt', tool: 'kafka-consumer-groups', args: ['--bootstrap-server', BOOTSTRAP, '--describe', '--group', GROUP], role: `group@${GROUP}` },
  { file: 'consumer-groups-export.csv', tool: 'kafka-consumer-groups', args: ['--bootstrap-server', BOOTSTRAP, '--group', GROUP, '--reset-offsets', '--to-current', '--topic', TOPIC, '--export', '--dry-run'], role: `group@${GROUP}` },
];

const latest = () => tool('kafka-get-offsets', ['--bootstrap-server', BOOTSTRAP, '--topic', TOPIC, '--time', 'latest']);

describe(`Kafka ${KAFKA_VERSION}'s tool output`, { concurrency: 1 }, () => {
  before(() => {
    // A reused cluster already has the topic with these records: produce only into a new one.
    const exists = tool('kafka-topics', ['--bootstrap-server', BOOTSTRAP, '--list']).split('\n').includes(TOPIC);
    if (!exists) {
      tool('kafka-topics', ['--bootstrap-server', BOOTSTRAP, '--create', '--topic', TOPIC, '--partitions', '3',
        '--replication-factor', '1', '--config', 'retention.ms=-1']);
      const at = (p, n) => Array.from({ length: n }, (_, i) => ({ partition: p, timestamp: BASE + i * 60_000, value: `p${p}-${i}` }));
      produce(TOPIC, [...at(0, 10), ...at(1, 5)]);
    }
    assert.equal(latest(), `${TOPIC}:0:10\n${TOPIC}:1:5\n${TOPIC}:2:0\n`, 'the fixture topic holds the fixed records');
    tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--group', GROUP, '--reset-offsets', '--to-offset', '3',
      '--topic', TOPIC, '--execute']);
  });

  // The listing the references are read against: a sink connector on the three partitions.
  const listing = join(dir, 'listing.json');
  writeFileSync(listing, JSON.stringify({
    offsets: [0, 1, 2].map((p) => ({ partition: { kafka_topic: TOPIC, kafka_partition: p }, offset: { kafka_offset: 3 } })),
  }));

  for (const o of OUTPUTS) {
    test(`${o.file}: printed as stored, read by the CLI`, () => {
      const printed = tool(o.tool, o.args);
      const stored = join(FIXTURES, o.file);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(stored, printed);
      assert.equal(printed, readFileSync(stored, 'utf8'), `${o.tool} ${o.args.join(' ')} no longer prints ${stored} (UPDATE_GOLDEN=1 rewrites it)`);
      const file = join(dir, o.file);
      writeFileSync(file, printed);
      const r = cli(['validate', listing, '--kind', 'sink', '--reference', `${o.role}=${file}`]);
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /REF\d/, `the reference reads cleanly:\n${r.stderr}`);
    });
  }
});
