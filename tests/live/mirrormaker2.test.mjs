// MirrorMaker 2 with data, on the real worker: records with known timestamps are mirrored by a
// MirrorSourceConnector (source and target aliases on the one broker, the default replication
// policy), the connector is stopped and listed, the listing becomes the ConfigMap Strimzi would
// write, the CLI edits it (rewind one partition by N, null one, set one from a real
// `kafka-get-offsets --time T` output), the alter ConfigMap's data value is PATCHed as Strimzi's
// operator sends it, the connector resumes, and the target topic must receive exactly the
// records the edits imply: N again, all of them again (the earliest default), the records from T
// on. That proves "stored offset = last mirrored record, resume at +1" on the real connector, and
// the sentences the CLI writes about it.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  RUN, awaitEnd, cli, cliOk, configMapData, createConnector, createTopic, dump, getOffsets,
  listOffsets, mirrorSourceConfig, numbered, ok, produce, resumeConnector, stopConnector, strimziListConfigMap, until, workdir,
} from './cluster.mjs';

const SOURCE = `src${RUN}`;
const TOPIC = `orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;
const URL_NAME = encodeURIComponent(CONNECTOR);
const PER_PARTITION = 100;
const REWIND = 40; // partition 0 is rewound by this many records
const FROM_RECORD = 60; // partition 2 is set from the time of record 60
// Record i of every partition has the timestamp BASE + i seconds (an hour ago: inside retention).
const BASE = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const T = BASE + FROM_RECORD * 1000;

const dir = workdir('mirrormaker2');
const file = (name) => join(dir, name);
const records = (from, to, partition) => numbered(from, to, partition, BASE);

describe('MirrorMaker 2 with data', { concurrency: 1 }, () => {
  let listing;

  before(async () => {
    createTopic(TOPIC, 3);
    produce(TOPIC, [0, 1, 2].flatMap((p) => records(0, PER_PARTITION, p)));
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(TARGET, { 0: PER_PARTITION, 1: PER_PARTITION, 2: PER_PARTITION });
    // The task commits every second (offset.flush.interval.ms=1000) and again when it stops.
    await stopConnector(CONNECTOR);
    listing = await listOffsets(CONNECTOR);
  });

  test('the stopped connector stores the offset of the last mirrored record', () => {
    const stored = Object.fromEntries(listing.offsets.map((e) => [e.partition.partition, e]));
    for (const p of [0, 1, 2]) {
      assert.deepEqual(stored[p].partition, { cluster: SOURCE, partition: p, topic: TOPIC });
      assert.deepEqual(stored[p].offset, { offset: PER_PARTITION - 1 }, `partition ${p}`);
    }
    assert.equal(listing.offsets.length, 3);
  });

  test('edit, export, PATCH as Strimzi does, resume: exactly the records the edits imply', async () => {
    // The ConfigMap Strimzi writes on strimzi.io/connector-offsets=list, from this very listing.
    const dataKey = `${SOURCE}--tgt.MirrorSourceConnector.json`;
    writeFileSync(file('list.yaml'), strimziListConfigMap(listing, { name: 'my-mm2-offsets', dataKey }));
    const validated = cli(['validate', file('list.yaml')]);
    assert.equal(validated.status, 0, validated.stderr);
    assert.match(validated.stderr, /0 errors, 0 warnings, .* \(kind mirror-source, from the data key, .*3 entries\)/);

    // The real kafka-get-offsets at T: the first record at or after T is record 60 everywhere.
    const atT = getOffsets(`${TOPIC}:0-`, T);
    writeFileSync(file('at-t.txt'), atT);
    assert.equal(atT.trim(), [0, 1, 2].map((p) => `${TOPIC}:${p}:${FROM_RECORD}`).join('\n'));

    cliOk(['edit', file('list.yaml'), '--shift', String(-REWIND), '--topic', TOPIC, '--partition', '0', '-o', file('e1.yaml')]);
    cliOk(['edit', file('e1.yaml'), '--null', `${SOURCE}/${TOPIC}:1`, '-o', file('e2.yaml')]);
    const timeRole = `time@${new Date(T).toISOString()}`;
    cliOk(['edit', file('e2.yaml'), '--set-from', `${timeRole}=${file('at-t.txt')}`, '--partition', '2', '-o', file('edited.yaml')]);

    // What the CLI says will happen, in the words the page uses too.
    // Each sentence is checked against what the real connector does below.
    const diff = cliOk(['diff', file('list.yaml'), file('edited.yaml')]);
    const said = (p) => diff.split('\n').find((l) => l.startsWith(`${SOURCE}/${TOPIC}:${p}: `)) ?? assert.fail(`no line for partition ${p}:\n${diff}`);
    const saidAgain = (p) => Number(said(p).match(/\((\d+) record\(s\) mirrored again\)/)?.[1]);
    assert.match(said(0), /99 -> 59, rewound by 40 \(40 record\(s\) mirrored again\)/);
    assert.match(said(1), /99 -> null, nulled \(replays from auto\.offset\.reset, earliest by default\)/);
    assert.match(said(2), /99 -> 59, rewound by 40 \(40 record\(s\) mirrored again\)/);

    const alter = cliOk(['export', file('edited.yaml'), '--to', 'configmap', '--against', file('list.yaml'),
      '--name', 'my-mm2-offsets-alter', '--namespace', 'kafka']);
    writeFileSync(file('alter.yaml'), alter);
    const { key, value } = configMapData(alter, dir);
    assert.equal(key, dataKey);

    const answer = await ok('PATCH', `/connectors/${URL_NAME}/offsets`, value);
    assert.match(answer.message, /altered successfully/);
    // Listed right after the alter, the nulled partition is either gone or still named with a
    // null offset (the worker's offset store drops it a moment later): both mean no stored offset.
    const after = await listOffsets(CONNECTOR);
    const byPartition = Object.fromEntries(after.offsets.filter((e) => e.offset !== null).map((e) => [e.partition.partition, e.offset.offset]));
    assert.deepEqual(byPartition, { 0: PER_PARTITION - 1 - REWIND, 2: FROM_RECORD - 1 }, 'the null removed partition 1');
    const landed = file('after-alter.json');
    writeFileSync(landed, JSON.stringify(after));
    assert.match(cliOk(['diff', file('list.yaml'), landed, '--expect', file('alter.yaml')]), /Confirmed 3 of 3 altered partition\(s\)\./);

    await resumeConnector(CONNECTOR);
    const want = { 0: PER_PARTITION + REWIND, 1: 2 * PER_PARTITION, 2: PER_PARTITION + (PER_PARTITION - FROM_RECORD) };
    awaitEnd(TARGET, want);
    // A marker record per partition: once it is mirrored, everything before it was, so the
    // counts are final (exactly one more each, nothing else replayed).
    produce(TOPIC, [0, 1, 2].flatMap((p) => records(PER_PARTITION, PER_PARTITION + 1, p)));
    awaitEnd(TARGET, Object.fromEntries(Object.entries(want).map(([p, n]) => [p, n + 1])));

    const mirrored = dump(TARGET);
    const replayed = (p) => mirrored.filter((r) => r.partition === p && r.offset >= PER_PARTITION).map((r) => r.value);
    const values = (p, from, to) => records(from, to, p).map((r) => r.value);
    assert.deepEqual(replayed(0), values(0, PER_PARTITION - REWIND, PER_PARTITION + 1), 'partition 0: the last 40 again');
    // The numbers the CLI gave, seen on the target (the marker record aside).
    assert.equal(replayed(0).length - 1, saidAgain(0));
    assert.equal(replayed(2).length - 1, saidAgain(2));
    assert.deepEqual(replayed(1), values(1, 0, PER_PARTITION + 1), 'partition 1: everything again');
    assert.deepEqual(replayed(2), values(2, FROM_RECORD, PER_PARTITION + 1), 'partition 2: the records from T on');
    // Timestamps are mirrored as they were: the replayed records of partition 2 are those at or after T.
    assert.ok(mirrored.filter((r) => r.partition === 2 && r.offset >= PER_PARTITION && r.offset < 2 * PER_PARTITION)
      .every((r) => r.timestamp >= T));

    await stopConnector(CONNECTOR);
  });
});

// The connector's own auto.offset.reset (issue 20, item 1): with
// source.consumer.auto.offset.reset=latest a null does not replay the partition, it skips its
// history, and the CLI says so when told the policy.
describe('MirrorMaker 2 with auto.offset.reset latest', { concurrency: 1 }, () => {
  const source = `late${RUN}`;
  const topic = `late-orders-${RUN}`;
  const target = `${source}.${topic}`;
  const connector = `${source}->tgt.MirrorSourceConnector`;
  const base = Date.now() - 600_000;
  const rec = (from, to, p) => numbered(from, to, p, base);

  test('a null skips every record so far, as the CLI says', async () => {
    createTopic(topic, 2);
    produce(topic, [0, 1].flatMap((p) => rec(0, 20, p)));
    // Created stopped and set to resume at record 1 on both partitions (stored 0): under
    // latest, no stored offset would skip the records already there.
    await createConnector(connector, { ...mirrorSourceConfig(source, topic), 'source.consumer.auto.offset.reset': 'latest' }, 'STOPPED');
    const start = { offsets: [0, 1].map((p) => ({ partition: { cluster: source, partition: p, topic }, offset: { offset: 0 } })) };
    await ok('PATCH', `/connectors/${encodeURIComponent(connector)}/offsets`, start);
    await resumeConnector(connector);
    awaitEnd(target, { 0: 19, 1: 19 });
    await stopConnector(connector);

    const listing = await listOffsets(connector);
    writeFileSync(file('late-list.json'), JSON.stringify(listing));
    cliOk(['edit', file('late-list.json'), '--null', `${source}/${topic}:1`, '-o', file('late-edited.json')]);
    const diff = cliOk(['diff', file('late-list.json'), file('late-edited.json'), '--auto-offset-reset', 'latest']);
    assert.match(diff, new RegExp(`${source}/${topic}:1: 19 -> null, nulled \\(skips every record so far, never mirrored: auto.offset.reset latest, as stated\\)`), diff);
    const body = cliOk(['export', file('late-edited.json'), '--to', 'json', '--against', file('late-list.json')]);
    await ok('PATCH', `/connectors/${encodeURIComponent(connector)}/offsets`, body);
    await resumeConnector(connector);

    // Marker A on both partitions: once partition 0's is mirrored the task has polled, so its
    // consumer has placed partition 1 at the log end (before or after A). Marker B, written
    // after that, must then be mirrored on both; nothing of the history may come back.
    produce(topic, [0, 1].map((p) => ({ partition: p, timestamp: Date.now(), value: `A${p}` })));
    await until(() => dump(target).some((r) => r.partition === 0 && r.value === 'A0'), { message: 'marker A on partition 0' });
    produce(topic, [0, 1].map((p) => ({ partition: p, timestamp: Date.now(), value: `B${p}` })));
    await until(() => dump(target).some((r) => r.partition === 1 && r.value === 'B1'), { message: 'marker B on partition 1' });
    const p1 = dump(target).filter((r) => r.partition === 1 && r.offset >= 19).map((r) => r.value);
    assert.ok(p1.length === 1 || p1.length === 2, `partition 1 got ${JSON.stringify(p1)}`);
    assert.deepEqual(p1.filter((v) => !['A1', 'B1'].includes(v)), [], 'no record of the history was mirrored again');
    assert.deepEqual(dump(target).filter((r) => r.partition === 0 && r.offset >= 19).map((r) => r.value), ['A0', 'B0']);
    await stopConnector(connector);
  });
});
