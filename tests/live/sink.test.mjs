// A sink with data, on the real worker: a FileStreamSink consumes a topic into a file; it is
// stopped and listed; the real `kafka-consumer-groups --describe` and `--export` outputs of its
// group `connect-NAME` go back in as references; the CLI rewinds one partition and sets the
// other from the real `kafka-get-offsets --time -2` (earliest); the alter is PATCHed as
// Strimzi's operator sends a KafkaConnector's; the sink must re-read exactly the records the new
// offsets imply. Then the rollback export, applied to the same worker, must restore exactly the
// listed offsets.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOTSTRAP, RUN, cli, cliOk, configMapData, createConnector, createTopic, getOffsets, listOffsets,
  numbered, ok, produce, resumeConnector, stopConnector, strimziListConfigMap, tool, until, workdir,
} from './cluster.mjs';

const TOPIC = `sink-orders-${RUN}`;
const CONNECTOR = `live-sink-${RUN}`;
const GROUP = `connect-${CONNECTOR}`;
const PER_PARTITION = 50;
const REWIND = 20;

const dir = workdir('sink');
const file = (name) => join(dir, name);
const OUT = file('sink.txt');
const records = (from, to, partition) => numbered(from, to, partition);
const lines = () => (existsSync(OUT) ? readFileSync(OUT, 'utf8').split('\n').filter(Boolean) : []);
const committed = async () => Object.fromEntries((await listOffsets(CONNECTOR)).offsets
  .map((e) => [e.partition.kafka_partition, e.offset.kafka_offset]));

describe('a sink with data', { concurrency: 1 }, () => {
  let listing;

  before(async () => {
    createTopic(TOPIC, 2);
    produce(TOPIC, [0, 1].flatMap((p) => records(0, PER_PARTITION, p)));
    await createConnector(CONNECTOR, {
      'connector.class': 'org.apache.kafka.connect.file.FileStreamSinkConnector',
      topics: TOPIC,
      file: OUT,
      'tasks.max': '1',
      'key.converter': 'org.apache.kafka.connect.storage.StringConverter',
      'value.converter': 'org.apache.kafka.connect.storage.StringConverter',
    }, 'RUNNING');
    await until(() => lines().length === 2 * PER_PARTITION, { message: `${OUT} to hold ${2 * PER_PARTITION} lines` });
    // The sink commits its consumer group's offsets every second; wait for them, then stop.
    await until(async () => {
      const c = await committed();
      return c[0] === PER_PARTITION && c[1] === PER_PARTITION;
    }, { message: `${GROUP} to commit ${PER_PARTITION} on both partitions` });
    await stopConnector(CONNECTOR);
    listing = await listOffsets(CONNECTOR);
  });

  test('the listing is the consumer group, and the real describe and export read back as references', () => {
    assert.deepEqual(listing.offsets.map((e) => e.partition).sort((a, b) => a.kafka_partition - b.kafka_partition),
      [{ kafka_topic: TOPIC, kafka_partition: 0 }, { kafka_topic: TOPIC, kafka_partition: 1 }]);
    writeFileSync(file('list.yaml'), strimziListConfigMap(listing, { name: `${CONNECTOR}-offsets` }));

    const describeOut = tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--describe', '--group', GROUP]);
    writeFileSync(file('describe.txt'), describeOut);
    assert.match(describeOut, /GROUP\s+TOPIC\s+PARTITION\s+CURRENT-OFFSET\s+LOG-END-OFFSET\s+LAG/);
    const exportOut = tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--group', GROUP, '--reset-offsets',
      '--to-current', '--topic', TOPIC, '--export', '--dry-run']);
    writeFileSync(file('export.csv'), exportOut);
    // One group: topic,partition,offset (the group column comes only with several groups).
    assert.equal(exportOut.trim().split('\n').sort().join('\n'), `${TOPIC},0,${PER_PARTITION}\n${TOPIC},1,${PER_PARTITION}`);

    // As references: the group's committed offsets are exactly the listing; the describe
    // table's LOG-END-OFFSET says the sink is caught up.
    for (const ref of [file('describe.txt'), file('export.csv')]) {
      const r = cli(['validate', file('list.yaml'), '--reference', `group@${GROUP}=${ref}`]);
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /warning\[/, r.stderr);
    }
    const caughtUp = cli(['validate', file('list.yaml'), '--reference', `latest=${file('describe.txt')}`]);
    assert.equal(caughtUp.status, 0, caughtUp.stderr);
    assert.match(caughtUp.stderr, /0 errors, 0 warnings/);
  });

  test('rewind one partition, set the other to earliest: the file sink re-reads exactly those records', async () => {
    const earliest = getOffsets(`${TOPIC}:0-`, -2);
    writeFileSync(file('earliest.txt'), earliest);
    assert.equal(earliest.trim(), `${TOPIC}:0:0\n${TOPIC}:1:0`);

    cliOk(['edit', file('list.yaml'), '--shift', String(-REWIND), '--partition', '0', '-o', file('e1.yaml')]);
    cliOk(['edit', file('e1.yaml'), '--set-from', `earliest=${file('earliest.txt')}`, '--partition', '1', '-o', file('edited.yaml')]);
    const diff = cliOk(['diff', file('list.yaml'), file('edited.yaml')]);
    assert.match(diff, new RegExp(`${TOPIC}:0: ${PER_PARTITION} -> ${PER_PARTITION - REWIND}, rewound by ${REWIND}`), diff);
    assert.match(diff, new RegExp(`${TOPIC}:1: ${PER_PARTITION} -> 0, rewound by ${PER_PARTITION}`), diff);

    const alter = cliOk(['export', file('edited.yaml'), '--to', 'configmap', '--against', file('list.yaml'), '--name', `${CONNECTOR}-alter`]);
    writeFileSync(file('alter.yaml'), alter);
    const { key, value } = configMapData(alter, dir);
    assert.equal(key, 'offsets.json');
    await ok('PATCH', `/connectors/${CONNECTOR}/offsets`, value);

    // The group as the real tool shows it now, and the landed check on the REST listing.
    const describeAfter = tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--describe', '--group', GROUP]);
    writeFileSync(file('describe-after.txt'), describeAfter);
    assert.match(describeAfter, new RegExp(`${GROUP}\\s+${TOPIC}\\s+0\\s+${PER_PARTITION - REWIND}\\s+${PER_PARTITION}\\s+${REWIND}\\s`));
    assert.match(describeAfter, new RegExp(`${GROUP}\\s+${TOPIC}\\s+1\\s+0\\s+${PER_PARTITION}\\s+${PER_PARTITION}\\s`));
    const after = file('after-alter.json');
    writeFileSync(after, JSON.stringify(await listOffsets(CONNECTOR)));
    assert.match(cliOk(['diff', file('list.yaml'), after, '--expect', file('alter.yaml')]), /Confirmed 2 of 2 altered partition\(s\)\./);

    await resumeConnector(CONNECTOR);
    const want = 2 * PER_PARTITION + REWIND + PER_PARTITION;
    await until(() => lines().length >= want, { message: `${OUT} to hold ${want} lines` });
    // A marker per partition: once both are in the file, nothing else is still on its way.
    produce(TOPIC, [0, 1].flatMap((p) => records(PER_PARTITION, PER_PARTITION + 1, p)));
    await until(() => lines().includes(`p0-${PER_PARTITION}`) && lines().includes(`p1-${PER_PARTITION}`), { message: 'the markers in the file' });
    const reread = lines().slice(2 * PER_PARTITION);
    const of = (p) => reread.filter((l) => l.startsWith(`p${p}-`));
    const values = (p, from, to) => records(from, to, p).map((r) => r.value);
    assert.deepEqual(of(0), values(0, PER_PARTITION - REWIND, PER_PARTITION + 1));
    assert.deepEqual(of(1), values(1, 0, PER_PARTITION + 1));
    assert.equal(reread.length, REWIND + PER_PARTITION + 2);
    await until(async () => {
      const c = await committed();
      return c[0] === PER_PARTITION + 1 && c[1] === PER_PARTITION + 1;
    }, { message: `${GROUP} to commit the markers` });
    await stopConnector(CONNECTOR);
  });

  test('a partition written as the string "1" is stored, listed and checked as partition 1', async () => {
    const body = file('string-partition.json');
    writeFileSync(body, JSON.stringify({ offsets: [{ partition: { kafka_topic: TOPIC, kafka_partition: '1' }, offset: { kafka_offset: 7 } }] }));
    const warned = cli(['validate', body]);
    assert.equal(warned.status, 0, warned.stderr);
    assert.match(warned.stderr, /warning\[SK6\]: sink-orders-\w+ partition 1 \(entry #1\): kafka_partition is the string "1"; Kafka Connect reads it as partition 1 and lists it back as the number 1/);
    await ok('PATCH', `/connectors/${CONNECTOR}/offsets`, readFileSync(body, 'utf8'));
    const listed = await listOffsets(CONNECTOR);
    assert.deepEqual(listed.offsets.find((e) => e.partition.kafka_partition === 1)?.offset, { kafka_offset: 7 }, 'the worker lists the number');
    const after = file('after-string.json');
    writeFileSync(after, JSON.stringify(listed));
    assert.match(cliOk(['diff', file('list.yaml'), after, '--expect', body]), /Confirmed 1 of 1 altered partition\(s\)\./);
  });

  test('the rollback export restores exactly the listed offsets', async () => {
    const rollback = cliOk(['export', file('edited.yaml'), '--to', 'rollback', '--against', file('list.yaml')]);
    writeFileSync(file('rollback.yaml'), rollback);
    const { value } = configMapData(rollback, dir);
    await ok('PATCH', `/connectors/${CONNECTOR}/offsets`, value);
    assert.deepEqual(await committed(), { 0: PER_PARTITION, 1: PER_PARTITION });
    const now = file('after-rollback.json');
    writeFileSync(now, JSON.stringify(await listOffsets(CONNECTOR)));
    const same = cliOk(['diff', file('list.yaml'), now]);
    assert.match(same, /Summary: 0 changed/, same);
  });
});
