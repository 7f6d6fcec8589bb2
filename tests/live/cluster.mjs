// Shared set-up of the live tests: the real broker and Connect worker that `scripts/kafka.sh up`
// started (read with `scripts/kafka.sh env`), the worker's REST API, Kafka's own command-line
// tools from the same jars, and the connect-offsets CLI under test. Every wait polls a state (a
// REST status, an end offset, a listing) and gives up after a bound with what it last saw.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const KAFKA_SH = join(ROOT, 'scripts/kafka.sh');
/** The CLI under test; `make test` builds it before the live step. */
export const CLI = process.env.CONNECT_OFFSETS ?? join(ROOT, 'target/debug/connect-offsets');
/** How long a state may take to arrive on a busy two-core machine. */
export const WAIT_MS = Number(process.env.LIVE_WAIT_MS ?? 120_000);

function readEnv() {
  let out;
  try {
    out = execFileSync(KAFKA_SH, ['env'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`no live Kafka: 'scripts/kafka.sh env' failed (${String(e.stderr ?? e.message).trim()}); start one with scripts/kafka.sh up`);
  }
  const env = Object.fromEntries(out.trim().split('\n').map((l) => l.split(/=(.*)/s).slice(0, 2)));
  if (!env.BOOTSTRAP || !env.CONNECT_URL) throw new Error(`scripts/kafka.sh env printed no BOOTSTRAP/CONNECT_URL: ${out}`);
  return env;
}

export const { BOOTSTRAP, CONNECT_URL } = readEnv();
/** The Kafka version of the running pair, as the worker reports it. */
export const KAFKA_VERSION = (await (await fetch(CONNECT_URL)).json()).version;

/**
 * The worker's entry of LIVE_WORKERS in core/src/versions.rs (read by scripts/live-workers.sh):
 * { mirror, file, verifiable } versions, verifiable null where tests/kafka's LiveSourceConnector
 * stands in; undefined when the table does not list the worker.
 */
export function liveWorker(version = KAFKA_VERSION) {
  const r = spawnSync(join(ROOT, 'scripts/live-workers.sh'), [version], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const [, mirror, file, verifiable] = r.stdout.trim().split(' ');
  return { mirror, file, verifiable: verifiable === '-' ? null : verifiable };
}

/** What scripts/kafka.sh recorded it put on the worker's classpath (target/kafka/VERSION/jars.txt), as lines. */
export function jarsRecord(version = KAFKA_VERSION) {
  return readFileSync(join(ROOT, 'target/kafka', version, 'jars.txt'), 'utf8').trim().split('\n');
}

/** The generic source connector on this worker: Kafka's VerifiableSourceConnector, or tests/kafka's stand-in. */
export const SOURCE_CONNECTOR = liveWorker()?.verifiable === null
  ? 'LiveSourceConnector'
  : 'org.apache.kafka.connect.tools.VerifiableSourceConnector';

/**
 * A suffix unique to this run, for topic and connector names: `scripts/kafka.sh up` may reuse a
 * pair an earlier run left with its topics, connectors and stored offsets.
 */
export const RUN = Date.now().toString(36);

/** A scratch folder under target/live/ for one test file's outputs. */
export function workdir(name) {
  const base = join(ROOT, 'target/live');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `${name}-`));
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms)); // between two looks at a state

/** Polls `fn` until it returns a truthy value (returned); fails after `timeout` with `message` and the last value. */
export async function until(fn, { timeout = WAIT_MS, message = 'a state', every = 200 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${message} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    }
    await pause(every);
  }
}

/** One REST call; `body` is sent exactly as given (a string) or as JSON. Returns { status, text, json }. */
export async function rest(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(`${CONNECT_URL}${path}`, init);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** Like `rest`, but fails unless the answer is 2xx; returns the parsed body. */
export async function ok(method, path, body) {
  const r = await rest(method, path, body);
  if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
  return r.json;
}

/** The connector's state (RUNNING, PAUSED, STOPPED, ...), or undefined while it has none. */
export async function connectorState(name) {
  const r = await rest('GET', `/connectors/${encodeURIComponent(name)}/status`);
  return r.status === 200 ? r.json.connector.state : undefined;
}

export async function waitForState(name, state) {
  await until(async () => (await connectorState(name)) === state, { message: `connector ${name} to be ${state}` });
}

/** Creates (or re-creates) a connector directly in `initialState` (KIP-980) and waits for it. */
export async function createConnector(name, config, initialState = 'STOPPED') {
  const existing = await rest('GET', `/connectors/${encodeURIComponent(name)}`);
  if (existing.status === 200) {
    await ok('DELETE', `/connectors/${encodeURIComponent(name)}`);
    await until(async () => (await rest('GET', `/connectors/${encodeURIComponent(name)}`)).status === 404, { message: `${name} to be deleted` });
  }
  await ok('POST', '/connectors', { name, config, initial_state: initialState });
  await waitForState(name, initialState);
  if (initialState === 'RUNNING') {
    await until(async () => {
      const s = (await rest('GET', `/connectors/${encodeURIComponent(name)}/status`)).json;
      return s.tasks.length > 0 && s.tasks.every((t) => t.state === 'RUNNING');
    }, { message: `the tasks of ${name} to run` });
  }
}

export async function stopConnector(name) {
  await ok('PUT', `/connectors/${encodeURIComponent(name)}/stop`);
  await waitForState(name, 'STOPPED');
}

export async function resumeConnector(name) {
  await ok('PUT', `/connectors/${encodeURIComponent(name)}/resume`);
  await waitForState(name, 'RUNNING');
}

/**
 * A MirrorSourceConnector from `source` to `tgt` on the one broker, mirroring `topic`, with
 * the converters Strimzi's KafkaMirrorMaker2 gives its workers (the bytes are copied as they are).
 */
export function mirrorSourceConfig(source, topic) {
  return {
    'connector.class': 'org.apache.kafka.connect.mirror.MirrorSourceConnector',
    'source.cluster.alias': source,
    'target.cluster.alias': 'tgt',
    'source.cluster.bootstrap.servers': BOOTSTRAP,
    'target.cluster.bootstrap.servers': BOOTSTRAP,
    topics: topic,
    'key.converter': 'org.apache.kafka.connect.converters.ByteArrayConverter',
    'value.converter': 'org.apache.kafka.connect.converters.ByteArrayConverter',
    'header.converter': 'org.apache.kafka.connect.converters.ByteArrayConverter',
    'tasks.max': '1',
    'replication.factor': '1',
    'offset-syncs.topic.replication.factor': '1',
    'sync.topic.configs.enabled': 'false',
    'sync.topic.acls.enabled': 'false',
    'emit.checkpoints.enabled': 'false',
    'refresh.topics.interval.seconds': '5',
  };
}

/** Records `from`..`to` (exclusive) of `partition`, valued `pP-I`, record I at `base + I` seconds. */
export function numbered(from, to, partition, base = Date.now()) {
  return Array.from({ length: to - from }, (_, k) => ({
    partition, timestamp: base + (from + k) * 1000, value: `p${partition}-${from + k}`,
  }));
}

/** GET /connectors/NAME/offsets, the parsed body. */
export async function listOffsets(name) {
  return ok('GET', `/connectors/${encodeURIComponent(name)}/offsets`);
}

/** A Kafka command-line tool (`scripts/kafka.sh run TOOL ARGS`); returns stdout, fails with stderr. */
export function tool(name, args, { input, env } = {}) {
  const r = spawnSync(KAFKA_SH, ['run', name, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, BOOTSTRAP, ...env },
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`kafka.sh run ${name} ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return r.stdout;
}

/** Creates a topic with `partitions` partitions (replication factor 1); fine if it exists. */
export function createTopic(topic, partitions) {
  tool('kafka-topics', ['--bootstrap-server', BOOTSTRAP, '--create', '--if-not-exists', '--topic', topic,
    '--partitions', String(partitions), '--replication-factor', '1']);
}

/** Produces `records` ([{ partition, timestamp, value }]) with their timestamps, one JVM for all. */
export function produce(topic, records) {
  const input = records.map((r) => `${r.partition}\t${r.timestamp}\t${r.value}`).join('\n') + '\n';
  const out = tool('live-tool', ['produce', topic], { input });
  if (out.trim() !== `produced ${records.length}`) throw new Error(`produce ${topic}: ${out}`);
}

/** Every record of `topic` up to its end offsets: [{ partition, offset, timestamp, value }]. */
export function dump(topic) {
  return tool('live-tool', ['dump', topic]).split('\n').filter(Boolean).map((l) => {
    const [partition, offset, timestamp, value] = l.split('\t');
    return { partition: Number(partition), offset: Number(offset), timestamp: Number(timestamp), value };
  });
}

/** Waits until `topic`'s end offsets are exactly `want` ({ partition: offset }); fails at once above it. */
export function awaitEnd(topic, want) {
  const spec = Object.entries(want).map(([p, n]) => `${p}=${n}`).join(',');
  return tool('live-tool', ['await-end', topic, spec], { env: { TIMEOUT_SECONDS: String(Math.ceil(WAIT_MS / 1000)) } });
}

/** `kafka-get-offsets --topic-partitions SPEC --time T`, as printed. */
export function getOffsets(spec, time) {
  return tool('kafka-get-offsets', ['--bootstrap-server', BOOTSTRAP, '--topic-partitions', spec, '--time', String(time)]);
}

/** Runs the CLI; returns { status, stdout, stderr }. A crash (exit above 2) fails at once. */
export function cli(args, { input, cwd } = {}) {
  const r = spawnSync(CLI, args, { encoding: 'utf8', input, cwd, maxBuffer: 256 << 20 });
  if (r.error) throw r.error;
  if (r.status === null || r.status > 2) throw new Error(`connect-offsets ${args.join(' ')}: exit ${r.status ?? r.signal}\n${r.stderr}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the CLI and fails unless it exits 0; returns stdout. */
export function cliOk(args, opts) {
  const r = cli(args, opts);
  if (r.status !== 0) throw new Error(`connect-offsets ${args.join(' ')}: exit ${r.status}\n${r.stderr}${r.stdout}`);
  return r.stdout;
}

/**
 * The ConfigMap Strimzi writes on `strimzi.io/connector-offsets=list` for a KafkaConnector, from
 * the body `GET /connectors/NAME/offsets` returned: the same JSON, pretty-printed as Jackson's
 * DefaultPrettyPrinter does, under the data key `offsets.json` (as the Strimzi operator writes a
 * KafkaConnector listing).
 */
export function strimziListConfigMap(body, { name, namespace = 'kafka', dataKey = 'offsets.json' }) {
  const pretty = jacksonPretty(body);
  const block = pretty.split('\n').map((l) => `    ${l}`).join('\n');
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: ${namespace}\ndata:\n  ${dataKey}: |-\n${block}\n`;
}

/** Jackson's DefaultPrettyPrinter: `{` `"k" : v` two-space indent, arrays `[ a, b ]` with objects on lines. */
export function jacksonPretty(value, indent = '') {
  const next = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    return `[ ${value.map((v) => jacksonPretty(v, indent)).join(', ')} ]`;
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{ }';
    return `{\n${keys.map((k) => `${next}${JSON.stringify(k)} : ${jacksonPretty(value[k], next)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/**
 * The value of a ConfigMap's data key, read as Strimzi's operator reads it (the YAML parsed by
 * kubectl, the one YAML reader here that the operator's fabric8 client agrees with).
 */
export function configMapData(yamlText, dir) {
  const file = join(dir, `configmap-${Date.now()}-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, yamlText);
  const out = execFileSync('kubectl', ['annotate', '--local', '-f', file, 'connect-offsets/live=read', '-o', 'json'], { encoding: 'utf8' });
  const cm = JSON.parse(out);
  const keys = Object.keys(cm.data ?? {});
  if (keys.length !== 1) throw new Error(`expected one data key in the ConfigMap, found ${keys.join(', ')}`);
  return { key: keys[0], value: cm.data[keys[0]], configMap: cm };
}
