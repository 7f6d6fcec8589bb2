// An alter in rounds (issue 20 item 11) on the real worker: `export --split` cuts a MirrorMaker 2
// alter into ConfigMaps NAME-1, NAME-2, ...; each round's data value (read back by kubectl, as
// the operator would) is PATCHed in turn to a STOPPED MirrorSourceConnector, as Strimzi does on
// each round's alter annotation. The premise the rounds rest on is checked on the worker: after
// each round exactly the partitions of the rounds so far are stored, and after the last one the
// listing holds exactly what one alter of every entry would.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN, cliOk, configMapData, createConnector, listOffsets, mirrorSourceConfig, ok, until, workdir } from './cluster.mjs';

const SOURCE = `rounds${RUN}`;
const CONNECTOR = `${SOURCE}->tgt.MirrorSourceConnector`;
const dir = workdir('rounds');

/** `partition -> offset` of a listing body, keyed "topic/partition". */
const byPartition = (body) => Object.fromEntries(body.offsets.filter((e) => e.offset !== null)
  .map((e) => [`${e.partition.topic}/${e.partition.partition}`, e.offset.offset]));

describe('an alter in rounds on the real worker', () => {
  test('each round stores its own partitions; together they store every entry', async () => {
    await createConnector(CONNECTOR, mirrorSourceConfig(SOURCE, `rounds-orders-${RUN}`), 'STOPPED');
    const entries = [];
    for (let t = 0; t < 3; t++) {
      for (let p = 0; p < 12; p++) {
        entries.push({ partition: { cluster: SOURCE, partition: p, topic: `rounds-${t}-${RUN}` }, offset: { offset: 100 * t + p } });
      }
    }
    const listing = join(dir, 'alter.json');
    writeFileSync(listing, JSON.stringify({ offsets: entries }));
    const stream = cliOk(['export', listing, '--to', 'configmap', '--split', '--round-bytes', '2000',
      '--connector', CONNECTOR, '--name', 'rounds-alter', '--namespace', 'kafka']);
    const rounds = stream.split('\n---\n');
    assert.ok(rounds.length >= 3, `${rounds.length} rounds`);
    const want = {};
    let rest = 0;
    for (const [i, round] of rounds.entries()) {
      const { key, value, configMap } = configMapData(round, dir);
      assert.equal(configMap.metadata.name, `rounds-alter-${i + 1}`);
      assert.equal(key, `${SOURCE}--tgt.MirrorSourceConnector.json`);
      assert.ok(value.length <= 2000, `round ${i + 1} holds ${value.length} bytes`);
      await ok('PATCH', `/connectors/${encodeURIComponent(CONNECTOR)}/offsets`, value);
      Object.assign(want, byPartition(JSON.parse(value)));
      rest += JSON.parse(value).offsets.length;
      // The worker lists a source connector's partitions as its background reader of the
      // offsets topic has seen them, so a listing right after the PATCH can miss partitions it
      // has just written for the first time (seen in CI): wait until every one so far is listed,
      // then the listing must hold exactly them (an extra partition would never go away).
      const listed = await until(async () => {
        const now = byPartition(await listOffsets(CONNECTOR));
        return Object.keys(want).every((k) => k in now) && now;
      }, { message: `the partitions of rounds 1 to ${i + 1} to be listed` });
      assert.deepEqual(listed, want, `after round ${i + 1}: the rounds so far, nothing else`);
    }
    assert.equal(rest, entries.length, 'every entry is in exactly one round');
    assert.deepEqual(want, byPartition({ offsets: entries }));
  });
});
