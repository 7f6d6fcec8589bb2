// A new connector started from a time, on the real broker and worker (issue 31 item 1). Kafka's
// `kafka-get-offsets --time T` prints nothing for a partition with no record at or after T: a
// partition whose records all came before T and an empty one are left out of its output. The
// lookup commands `connect-offsets lookup --at T` generates (run as generated, through a
// `kafka-get-offsets.sh` that runs the real tool) also write the latest offsets of the same
// partitions; `new` from the time output alone warns that those partitions would copy their
// history, and with the latest offsets too they start at their log end. Created through the REST
// create procedure, the connector must mirror only the records written after T: partition 0
// from record 60 on, and of the quiet and the empty partition only what is produced after the
// start (the target's end offsets fail at once if it copies more).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOTSTRAP, CONNECT_URL, KAFKA_SH, RUN, awaitEnd, cli, cliOk, connectorState, createTopic, dump, mirrorSourceConfig,
  numbered, ok, produce, workdir,
} from './cluster.mjs';

const SOURCE = `quiet${RUN}`;
const TOPIC = `quiet-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const CONNECTOR = `quiet-mirror-${RUN}`;
const FROM_RECORD = 60;
// Record i has the timestamp BASE + i seconds (an hour ago: inside retention). Partition 0 has
// records before and after T, partition 1 only before (quiet since T), partition 2 none.
const BASE = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const T = BASE + FROM_RECORD * 1000;
const AT = new Date(T).toISOString();

const dir = workdir('quiet');
const file = (name) => join(dir, name);

/** Runs `script` with bash in `cwd`, with a kafka-get-offsets.sh on the PATH that runs the real tool. */
function bash(script, cwd) {
  const bin = file('bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'kafka-get-offsets.sh');
  writeFileSync(shim, `#!/usr/bin/env bash\nexec ${JSON.stringify(KAFKA_SH)} run kafka-get-offsets "$@"\n`);
  chmodSync(shim, 0o755);
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'script.sh'), script);
  return spawnSync('bash', ['script.sh'], {
    cwd, encoding: 'utf8', timeout: 600_000,
    env: { ...process.env, BOOTSTRAP, PATH: `${bin}:${process.env.PATH}` },
  });
}

describe('a new connector from a time, with quiet partitions, on the real worker', { concurrency: 1 }, () => {
  before(() => {
    createTopic(TOPIC, 3);
    produce(TOPIC, [...numbered(0, 100, 0, BASE), ...numbered(0, 50, 1, BASE)]);
  });

  test('the lookup prints one line at T for three partitions, and writes their log end too; new warns without it', () => {
    // The listing the lookup is generated for: the three partitions of the topic.
    writeFileSync(file('listing.json'), JSON.stringify({
      offsets: [0, 1, 2].map((p) => ({ partition: { cluster: SOURCE, partition: p, topic: TOPIC }, offset: null })),
    }));
    const lookup = cliOk(['lookup', file('listing.json'), '--at', AT, '--bootstrap-server', BOOTSTRAP]);
    const run = bash(lookup, file('lookup'));
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.equal(run.stdout, `${TOPIC}:0:${FROM_RECORD}\n`, 'the time lookup prints nothing for the quiet and the empty partition');
    const latest = readFileSync(join(file('lookup'), `latest-${T}.txt`), 'utf8');
    assert.equal(latest, `${TOPIC}:0:100\n${TOPIC}:1:50\n${TOPIC}:2:0\n`);
    writeFileSync(file('at-t.txt'), run.stdout);
    writeFileSync(file('latest.txt'), latest);

    const alone = cli(['new', '--kind', 'mirror-source', '--source-alias', SOURCE, '--from', `time@${AT}=${file('at-t.txt')}`]);
    assert.equal(alone.status, 0, alone.stderr);
    assert.match(alone.stderr, /warning: The offsets at .* copies its whole history, every record written before .*--from latest=FILE/);
    assert.equal(JSON.parse(alone.stdout).offsets.length, 1);

    const both = cli(['new', '--kind', 'mirror-source', '--source-alias', SOURCE, '--from', `time@${AT}=${file('at-t.txt')}`,
      '--from', `latest=${file('latest.txt')}`, '-o', file('start.json')]);
    assert.equal(both.status, 0, both.stderr);
    assert.doesNotMatch(both.stderr, /warning:/);
    const start = JSON.parse(readFileSync(file('start.json'), 'utf8'));
    assert.deepEqual(start.offsets.map((e) => [e.partition.partition, e.offset]),
      [[0, { offset: FROM_RECORD - 1 }], [1, { offset: 49 }], [2, null]]);
  });

  test('created from the time and the log end, it mirrors only the records written after T', async () => {
    writeFileSync(file('config.json'), JSON.stringify(mirrorSourceConfig(SOURCE, TOPIC), null, 2));
    const script = cliOk(['plan', file('start.json'), '--create', '--kind', 'rest', '--url', CONNECT_URL,
      '--connector', CONNECTOR, '--config', file('config.json'), '--timeout', '120', '--script']);
    const run = bash(script, file('create'));
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /3 of 3 altered partitions landed\./);
    assert.equal(await connectorState(CONNECTOR), 'RUNNING');
    // Records written after the start: the only ones of partitions 1 and 2 that may reach the target.
    const now = Date.now();
    produce(TOPIC, [...numbered(100, 105, 0, now), ...numbered(50, 55, 1, now), ...numbered(0, 5, 2, now)]);
    // Fails at once if the target gets more: a partition left out would be copied whole.
    awaitEnd(TARGET, { 0: 100 - FROM_RECORD + 5, 1: 5, 2: 5 });
    const mirrored = dump(TARGET);
    for (const [p, from, to] of [[0, FROM_RECORD, 105], [1, 50, 55], [2, 0, 5]]) {
      const values = mirrored.filter((r) => r.partition === p).map((r) => r.value);
      assert.deepEqual(values, Array.from({ length: to - from }, (_, k) => `p${p}-${from + k}`), `partition ${p}`);
    }
    await ok('DELETE', `/connectors/${CONNECTOR}`);
    console.log(`quiet partitions: ${CONNECTOR} mirrored only the records after T`);
  });
});
