// Consumer failover with MirrorMaker 2's checkpoints (issue 37), on the real worker: a
// MirrorSourceConnector mirrors a topic, a consumer group has read part of it on the source, a
// MirrorCheckpointConnector (checkpoints every second, no group sync, ByteArrayConverter as
// Strimzi sets it) writes the group's checkpoint to the target. The test reads the checkpoints
// with the real CheckpointFormatter, runs `connect-offsets groups --to script`, runs the script
// against the broker with the real kafka-consumer-groups, and checks that a consumer of that
// group on the target topic first reads the record the checkpoint translates to, which is at or
// before the group's source position (nothing after it is skipped). A second run stops before
// changing anything while the first run's files are there, and the rollback CSV holds what the
// group had before.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOTSTRAP, KAFKA_SH, RUN, awaitEnd, cliOk, createConnector, createTopic, mirrorSourceConfig,
  numbered, ok, produce, tool, until, workdir,
} from './cluster.mjs';

const SOURCE = `fo${RUN}`;
const TOPIC = `fo-orders-${RUN}`;
const TARGET = `${SOURCE}.${TOPIC}`;
const GROUP = `billing-${RUN}`;
const RECORDS = 100;
const READ = 60;
const MIRROR = `fo-mirror-${RUN}`;
const CHECKPOINTS = `fo-checkpoints-${RUN}`;

const dir = workdir('failover');
const file = (name) => join(dir, name);

function checkpointLines() {
  const out = tool('kafka-console-consumer', ['--bootstrap-server', BOOTSTRAP, '--topic', `${SOURCE}.checkpoints.internal`,
    '--from-beginning', '--timeout-ms', '3000',
    '--formatter', 'org.apache.kafka.connect.mirror.formatters.CheckpointFormatter']);
  return out;
}

describe('consumer failover from MirrorMaker 2 checkpoints, on the real worker', { concurrency: 1 }, () => {
  let checkpoints;

  before(async () => {
    createTopic(TOPIC, 1);
    produce(TOPIC, numbered(0, RECORDS, 0));
    await createConnector(MIRROR, mirrorSourceConfig(SOURCE, TOPIC), 'RUNNING');
    awaitEnd(TARGET, { 0: RECORDS });
    // The group has read 60 records on the source (its committed offset: the next record, 60).
    tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--group', GROUP, '--topic', `${TOPIC}:0`,
      '--reset-offsets', '--to-offset', String(READ), '--execute']);
    await createConnector(CHECKPOINTS, {
      'connector.class': 'org.apache.kafka.connect.mirror.MirrorCheckpointConnector',
      'source.cluster.alias': SOURCE,
      'target.cluster.alias': 'tgt',
      'source.cluster.bootstrap.servers': BOOTSTRAP,
      'target.cluster.bootstrap.servers': BOOTSTRAP,
      topics: TOPIC,
      groups: GROUP,
      'emit.checkpoints.interval.seconds': '1',
      'sync.group.offsets.enabled': 'false',
      'checkpoints.topic.replication.factor': '1',
      'key.converter': 'org.apache.kafka.connect.converters.ByteArrayConverter',
      'value.converter': 'org.apache.kafka.connect.converters.ByteArrayConverter',
      'tasks.max': '1',
    }, 'RUNNING');
    await until(() => {
      checkpoints = checkpointLines();
      return checkpoints.includes(`consumerGroupId=${GROUP}, topicPartition=${TARGET}-0, upstreamOffset=${READ},`);
    }, { message: `a checkpoint of ${GROUP} at upstream offset ${READ}` });
    writeFileSync(file('checkpoints.txt'), checkpoints);
    await ok('DELETE', `/connectors/${CHECKPOINTS}`);
    await ok('DELETE', `/connectors/${MIRROR}`);
  });

  test('the script resets the group on the target to the translated offset, which skips nothing', () => {
    const csv = cliOk(['groups', file('checkpoints.txt'), '--group', GROUP]);
    const [topic, partition, downstream] = csv.trim().split(',');
    assert.equal(`${topic}:${partition}`, `${TARGET}:0`, csv);
    const d = Number(downstream);
    assert.ok(d >= 0 && d <= READ, `the translated offset ${d} is at or before the source position ${READ}`);

    const script = cliOk(['groups', file('checkpoints.txt'), '--group', GROUP, '--to', 'script', '--bootstrap-server', BOOTSTRAP]);
    const runDir = file('run');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'failover.sh'), script);
    const env = { ...process.env, KCG: `${KAFKA_SH} run kafka-consumer-groups` };
    const run = spawnSync('bash', ['failover.sh'], { cwd: runDir, encoding: 'utf8', env, timeout: 300_000 });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, new RegExp(`verified: group ${GROUP} holds the 1 planned offset`));
    // What the group had before on the target: its source topic's offset (same broker), not the target topic.
    const rollback = readFileSync(join(runDir, 'rollback-1.csv'), 'utf8');
    assert.ok(rollback.includes(`${TOPIC},0,${READ}`), rollback);
    assert.ok(!rollback.includes(TARGET), rollback);

    // A consumer of the group on the target topic starts at the translated record.
    const first = tool('kafka-console-consumer', ['--bootstrap-server', BOOTSTRAP, '--topic', TARGET, '--group', GROUP,
      '--max-messages', '1', '--timeout-ms', '20000']).trim();
    assert.equal(first, `p0-${d}`);

    // Run again: the first run's files are in the way, so nothing is changed.
    const again = spawnSync('bash', ['failover.sh'], { cwd: runDir, encoding: 'utf8', env, timeout: 300_000 });
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, /exists from an earlier run/);
    assert.ok(existsSync(join(runDir, 'plan-1.csv')));
  });

  test('a group the target does not have yet is created at the translated offset', () => {
    const fresh = `fresh-${RUN}`;
    writeFileSync(file('fresh.txt'), readFileSync(file('checkpoints.txt'), 'utf8').replaceAll(`consumerGroupId=${GROUP},`, `consumerGroupId=${fresh},`));
    const script = cliOk(['groups', file('fresh.txt'), '--group', fresh, '--to', 'script', '--bootstrap-server', BOOTSTRAP]);
    const runDir = file('fresh');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'failover.sh'), script);
    const env = { ...process.env, KCG: `${KAFKA_SH} run kafka-consumer-groups` };
    const run = spawnSync('bash', ['failover.sh'], { cwd: runDir, encoding: 'utf8', env, timeout: 300_000 });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /The group had no offset on the target before; to undo/);
    const d = Number(cliOk(['groups', file('fresh.txt')]).trim().split(',')[2]);
    const first = tool('kafka-console-consumer', ['--bootstrap-server', BOOTSTRAP, '--topic', TARGET, '--group', fresh,
      '--max-messages', '1', '--timeout-ms', '20000']).trim();
    assert.equal(first, `p0-${d}`);
  });

  test('a group with a consumer running on the target is not changed', async () => {
    const script = cliOk(['groups', file('checkpoints.txt'), '--group', GROUP, '--to', 'script', '--bootstrap-server', BOOTSTRAP]);
    const runDir = file('active');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'failover.sh'), script);
    // A member of the group, held open while the script runs.
    const { spawn } = await import('node:child_process');
    const member = spawn(KAFKA_SH, ['run', 'kafka-console-consumer', '--bootstrap-server', BOOTSTRAP, '--topic', TARGET,
      '--group', GROUP, '--timeout-ms', '120000'], { stdio: 'ignore' });
    try {
      await until(() => tool('kafka-consumer-groups', ['--bootstrap-server', BOOTSTRAP, '--describe', '--group', GROUP, '--members'])
        .includes('consumer-'), { message: 'the member to join' });
      const env = { ...process.env, KCG: `${KAFKA_SH} run kafka-consumer-groups` };
      const run = spawnSync('bash', ['failover.sh'], { cwd: runDir, encoding: 'utf8', env, timeout: 300_000 });
      assert.notEqual(run.status, 0);
      assert.match(run.stderr, /Stopped before changing group .*: it has active members/);
      assert.ok(!existsSync(join(runDir, 'plan-1.csv')), 'nothing was written for the group');
    } finally {
      member.kill();
    }
  });
});
