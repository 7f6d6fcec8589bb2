#!/usr/bin/env bash
# A real Kafka for the tests, from published jars only: a single-node KRaft broker and a Kafka
# Connect distributed worker, on free loopback ports, with MirrorMaker 2's connectors,
# FileStreamSource/Sink and Kafka's test plugins loadable.
#
#   scripts/kafka.sh up              resolve the jars (Maven, tests/kafka/pom.xml), start the pair
#                                    (or reuse the one running), print which jar versions are on
#                                    the worker's classpath, then BOOTSTRAP=... and CONNECT_URL=...
#                                    as the last two lines
#   scripts/kafka.sh env             the same two lines for the running pair (exit 1 if none)
#   scripts/kafka.sh run TOOL ARGS   a Kafka command-line tool from the same jars, as a Kafka
#                                    distribution's bin/TOOL.sh: kafka-topics, kafka-get-offsets,
#                                    kafka-consumer-groups, kafka-console-producer,
#                                    kafka-console-consumer; also live-tool (tests/kafka/LiveTool.java)
#   scripts/kafka.sh down            stop what `up` started (its pid files), nothing else
#   scripts/kafka.sh logs            the tails of the broker's and the worker's logs
#   scripts/kafka.sh prepare         only resolve the jars and compile the live tests' tool
#                                    (scripts/setup.sh calls it; `up` does it when needed)
#
# KAFKA_VERSION selects the Kafka (default 4.3.1, the one Strimzi 1.2 runs by default). The
# connector plugins' versions are the worker's, unless LIVE_WORKERS in core/src/versions.rs gives
# others for it (read through scripts/live-workers.sh): where a plugin is not served at the
# worker's version, another's is used, and `up` and target/kafka/VERSION/jars.txt say so.
# Everything lives under target/kafka/: the classpaths, and one folder per version with its
# configs, data, logs and pids, so that pairs of two versions never share a file.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
KAFKA_VERSION=${KAFKA_VERSION:-4.3.1}
base=$root/target/kafka
run=$base/$KAFKA_VERSION/run
logs=$base/$KAFKA_VERSION/logs
START_TIMEOUT=${KAFKA_START_TIMEOUT:-240}

say() { printf 'kafka.sh: %s\n' "$*" >&2; }
die() {
    say "$*"
    exit 1
}

# The plugins' versions for KAFKA_VERSION: the table's, else all the worker's.
read -r _ MIRROR_VERSION FILE_VERSION VERIFIABLE_VERSION <<<"$("$root/scripts/live-workers.sh" "$KAFKA_VERSION" ||
    echo "$KAFKA_VERSION $KAFKA_VERSION $KAFKA_VERSION $KAFKA_VERSION")"
# The generic source connector: Kafka's VerifiableSourceConnector, or ours where none is served.
if [ "$VERIFIABLE_VERSION" = - ]; then
    SOURCE_CONNECTOR=LiveSourceConnector
else
    SOURCE_CONNECTOR=org.apache.kafka.connect.tools.VerifiableSourceConnector
fi

# The plugins the tests need; `up` waits until the worker lists all of them.
PLUGINS=(
    org.apache.kafka.connect.mirror.MirrorSourceConnector
    org.apache.kafka.connect.mirror.MirrorCheckpointConnector
    org.apache.kafka.connect.mirror.MirrorHeartbeatConnector
    org.apache.kafka.connect.file.FileStreamSinkConnector
    org.apache.kafka.connect.file.FileStreamSourceConnector
    "$SOURCE_CONNECTOR"
)

need_java() {
    command -v java >/dev/null || die "blocked: no java on PATH; the live tests need Java 17 or later (Debian: apt-get install openjdk-17-jdk-headless)"
    local v
    v=$(java -version 2>&1 | awk -F'"' '/version/ { split($2, a, "."); print (a[1] == "1" ? a[2] : a[1]); exit }')
    [ "${v:-0}" -ge 17 ] || die "blocked: java $v found; Kafka $KAFKA_VERSION needs Java 17 or later"
    command -v javac >/dev/null || die "blocked: no javac on PATH; the live tests compile tests/kafka/LiveTool.java (Debian: apt-get install openjdk-17-jdk-headless)"
}

# The classpath of KAFKA_VERSION, resolved once and cached (the jars stay in ~/.m2).
classpath_file() { echo "$base/classpath-$1.txt"; }
# What the classpath was resolved for: the worker's and the plugins' versions.
spec() { echo "kafka $KAFKA_VERSION mirror $MIRROR_VERSION file $FILE_VERSION verifiable $VERIFIABLE_VERSION"; }

resolve() {
    local version=$1 cp
    cp=$(classpath_file "$version")
    if [ -s "$cp" ] && [ "$cp" -nt "$root/tests/kafka/pom.xml" ] && [ "$(cat "$cp.spec" 2>/dev/null)" = "$(spec)" ]; then
        [ -s "$base/$version/jars.txt" ] || record "$version"
        return 0
    fi
    command -v mvn >/dev/null || die "blocked: no mvn on PATH; the live tests resolve Kafka's jars with Maven 3 (Debian: apt-get install maven)"
    mkdir -p "$base/$version"
    say "resolving Kafka $version's jars with Maven ($(spec); cached in ~/.m2 after the first time)"
    local source_flag=-Dverifiable.version="$VERIFIABLE_VERSION"
    [ "$VERIFIABLE_VERSION" = - ] && source_flag=-Downsource=true
    if ! mvn -q -B -f "$root/tests/kafka/pom.xml" dependency:build-classpath \
        -Dkafka.version="$version" -Dmirror.version="$MIRROR_VERSION" -Dfile.version="$FILE_VERSION" \
        "$source_flag" -Dmdep.outputFile="$cp.tmp" >"$base/$version/mvn.log" 2>&1; then
        # Maven's own words: every error line, then the last lines of its log.
        sed 's/\x1b\[[0-9;]*m//g' "$base/$version/mvn.log" | grep '^\[ERROR\] .' | head -n 20 >&2 || tail -n 30 "$base/$version/mvn.log" >&2
        rm -f "$cp.tmp"
        die "blocked: Maven could not resolve Kafka $version's jars ($(spec)) from Maven Central (full log: $base/$version/mvn.log)"
    fi
    mv "$cp.tmp" "$cp"
    spec >"$cp.spec"
    record "$version"
}

# The record of what is on the worker's classpath: every org.apache.kafka jar with its version,
# the plugins' apart. Written to target/kafka/VERSION/jars.txt (the live tests compare it with
# core/src/versions.rs) and printed by `up`. A Kafka jar of another version than the worker's
# that is not a plugin's module fails here: it would be a worker of mixed versions.
record() {
    local version=$1
    python3 - "$(classpath_file "$version")" "$version" "$SOURCE_CONNECTOR" >"$base/$version/jars.txt" <<'PY' || die "the classpath of Kafka $version mixes versions (see above)"
import re, sys
cp, worker, source = sys.argv[1], sys.argv[2], sys.argv[3]
jars = {}
for path in open(cp).read().strip().split(":"):
    m = re.search(r"/org/apache/kafka/([^/]+)/([^/]+)/[^/]+\.jar$", path)
    if m:
        jars[m.group(1)] = m.group(2)
plugins = ["connect-mirror", "connect-mirror-client", "connect-file", "connect-test-plugins"]
bad = [f"{a} {v}" for a, v in jars.items() if a not in plugins and v != worker]
if bad:
    sys.stderr.write(f"kafka.sh: not Kafka {worker}: {', '.join(bad)}\n")
    sys.exit(1)
print(f"worker {worker}: " + ", ".join(f"{a} {v}" for a, v in sorted(jars.items()) if a not in plugins))
for a in plugins:
    if a in jars:
        other = "" if jars[a] == worker else f" (not the worker's {worker})"
        print(f"plugin {a} {jars[a]}{other}")
if source == "LiveSourceConnector":
    print(f"plugin LiveSourceConnector tests/kafka (no connect-test-plugins; compiled against connect-api {jars.get('connect-api', '?')})")
PY
}

# tests/kafka/LiveTool.java compiled against the same jars; and, where the table gives no
# connect-test-plugins, tests/kafka/LiveSourceConnector.java (on the worker's classpath then).
compile_tool() {
    local version=$1 classes=$base/classes-$1 src
    for src in LiveTool LiveSourceConnector; do
        [ "$src" = LiveSourceConnector ] && [ "$SOURCE_CONNECTOR" != LiveSourceConnector ] && continue
        local out=$classes
        [ "$src" = LiveSourceConnector ] && out=$base/source-plugin-$version
        if [ -f "$out/$src.class" ] && [ "$out/$src.class" -nt "$root/tests/kafka/$src.java" ]; then
            continue
        fi
        mkdir -p "$out"
        javac -nowarn -d "$out" -cp "$(cat "$(classpath_file "$version")")" "$root/tests/kafka/$src.java"
    done
    if needs_shim; then
        compile_shim
        grep -q '^plugin shim' "$base/$version/jars.txt" ||
            echo "plugin shim org.apache.kafka.common.utils.AppInfoParser of tests/kafka (Kafka $version moved it to ...utils.internals; the plugins of another version call it)" >>"$base/$version/jars.txt"
    else
        rm -rf "$base/shim-$version"
    fi
}

# Whether the plugins need tests/kafka/AppInfoParser.java: a plugin older than its worker, on a
# worker whose kafka-clients moved AppInfoParser (4.4.0).
needs_shim() {
    [ "$MIRROR_VERSION" != "$KAFKA_VERSION" ] || [ "$FILE_VERSION" != "$KAFKA_VERSION" ] || return 1
    local clients
    clients=$(tr ':' '\n' <"$(classpath_file "$KAFKA_VERSION")" | grep "/kafka-clients-$KAFKA_VERSION.jar$")
    ! unzip -l "$clients" | grep -q ' org/apache/kafka/common/utils/AppInfoParser.class$'
}

compile_shim() {
    local out=$base/shim-$KAFKA_VERSION
    if [ -f "$out/org/apache/kafka/common/utils/AppInfoParser.class" ] &&
        [ "$out/org/apache/kafka/common/utils/AppInfoParser.class" -nt "$root/tests/kafka/AppInfoParser.java" ]; then
        return 0
    fi
    mkdir -p "$out"
    javac -nowarn -d "$out" -cp "$(cat "$(classpath_file "$KAFKA_VERSION")")" "$root/tests/kafka/AppInfoParser.java"
}

# The worker's classpath: the resolved jars, our source connector where it stands in, and the
# shim where older plugins need it.
worker_classpath() {
    local cp
    cp=$(cat "$(classpath_file "$KAFKA_VERSION")")
    [ "$SOURCE_CONNECTOR" = LiveSourceConnector ] && cp="$base/source-plugin-$KAFKA_VERSION:$cp"
    [ -d "$base/shim-$KAFKA_VERSION" ] && cp="$base/shim-$KAFKA_VERSION:$cp"
    echo "$cp"
}

alive() { [ -f "$run/$1.pid" ] && kill -0 "$(cat "$run/$1.pid")" 2>/dev/null; }

print_env() {
    [ -f "$run/env" ] || return 1
    cat "$run/env"
}

print_record() { sed 's/^/jars: /' "$base/$KAFKA_VERSION/jars.txt"; }

running() { alive broker && alive connect && [ -f "$run/env" ]; }

free_ports() { # N free loopback ports, held open together while they are chosen
    python3 - "$1" <<'EOF'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
EOF
}

java_opts() { # the JVM options of a server (name: broker or connect)
    echo "-Xms256m -Xmx768m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true" \
        "-Dlog4j2.configurationFile=$root/tests/kafka/log4j2.properties -Dkafka.live.log=$logs/$1.log" \
        "-Dlog4j.configuration=file:$root/tests/kafka/log4j.properties"
}

start() { # start NAME MAIN ARGS...: a server in the background, its pid in run/NAME.pid
    local name=$1 main=$2
    shift 2
    # shellcheck disable=SC2046
    nohup java $(java_opts "$name") -cp "$(worker_classpath)" "$main" "$@" \
        >"$logs/$name.out" 2>&1 </dev/null &
    echo $! >"$run/$name.pid"
}

fail_start() { # the reason, the tails of the logs, then stop what was started
    say "$1"
    show_logs
    down
    exit 1
}

show_logs() {
    local f
    for f in "$logs"/broker.out "$logs"/broker.log "$logs"/connect.out "$logs"/connect.log; do
        [ -s "$f" ] || continue
        echo "---- last lines of $f" >&2
        tail -n 25 "$f" >&2
    done
}

up() {
    need_java
    if running; then
        say "reusing the Kafka $(cat "$run/version") broker and worker already running"
        print_record
        print_env
        return 0
    fi
    down >/dev/null 2>&1 || true
    local t0=$SECONDS
    resolve "$KAFKA_VERSION"
    compile_tool "$KAFKA_VERSION"
    rm -rf "$run" "$logs"
    mkdir -p "$run/data" "$logs"
    echo "$KAFKA_VERSION" >"$run/version"
    local ports broker_port controller_port rest_port
    read -r broker_port controller_port rest_port <<<"$(free_ports 3)"
    ports="broker $broker_port, controller $controller_port, REST $rest_port"

    cat >"$run/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.bootstrap.servers=127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$broker_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$broker_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$run/data/broker
num.partitions=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
EOF
    local cp cluster_id
    cp=$(cat "$(classpath_file "$KAFKA_VERSION")")
    # shellcheck disable=SC2046
    cluster_id=$(java $(java_opts storage) -cp "$cp" kafka.tools.StorageTool random-uuid 2>>"$logs/storage.out")
    # shellcheck disable=SC2046
    java $(java_opts storage) -cp "$cp" kafka.tools.StorageTool format --standalone -t "$cluster_id" \
        -c "$run/server.properties" >>"$logs/storage.out" 2>&1 ||
        { tail -n 20 "$logs/storage.out" >&2; die "formatting the broker's storage failed"; }

    say "starting the Kafka $KAFKA_VERSION broker ($ports)"
    start broker kafka.Kafka "$run/server.properties"
    local deadline=$((SECONDS + START_TIMEOUT))
    until grep -q 'Kafka Server started' "$logs/broker.log" 2>/dev/null; do
        alive broker || fail_start "the broker exited while starting"
        [ $SECONDS -lt $deadline ] || fail_start "the broker did not start within ${START_TIMEOUT}s"
        sleep 0.2
    done
    (exec 3<>"/dev/tcp/127.0.0.1/$broker_port") 2>/dev/null || fail_start "the broker logged its start but does not accept connections on $broker_port"

    cat >"$run/connect.properties" <<EOF
bootstrap.servers=127.0.0.1:$broker_port
group.id=connect-offsets-live
key.converter=org.apache.kafka.connect.json.JsonConverter
value.converter=org.apache.kafka.connect.json.JsonConverter
key.converter.schemas.enable=false
value.converter.schemas.enable=false
config.storage.topic=live-connect-configs
config.storage.replication.factor=1
offset.storage.topic=live-connect-offsets
offset.storage.replication.factor=1
offset.storage.partitions=5
status.storage.topic=live-connect-status
status.storage.replication.factor=1
status.storage.partitions=1
offset.flush.interval.ms=1000
listeners=http://127.0.0.1:$rest_port
rest.advertised.host.name=127.0.0.1
rest.advertised.port=$rest_port
EOF
    say "starting the Connect worker (distributed, REST on $rest_port)"
    start connect org.apache.kafka.connect.cli.ConnectDistributed "$run/connect.properties"
    local url="http://127.0.0.1:$rest_port" plugins missing p
    until plugins=$(curl -sf "$url/connector-plugins?connectorsOnly=true" 2>/dev/null) &&
        missing="" && for p in "${PLUGINS[@]}"; do grep -q "\"$p\"" <<<"$plugins" || missing+=" $p"; done && [ -z "$missing" ]; do
        alive connect || fail_start "the Connect worker exited while starting"
        [ $SECONDS -lt $deadline ] || fail_start "the Connect worker did not list its plugins within ${START_TIMEOUT}s${missing:+ (missing:$missing)}"
        sleep 0.2
    done
    # The worker answers before it has joined its group; wait until it takes requests.
    until curl -sf "$url/connectors" >/dev/null 2>&1; do
        alive connect || fail_start "the Connect worker exited while joining its group"
        [ $SECONDS -lt $deadline ] || fail_start "the Connect worker did not answer GET /connectors within ${START_TIMEOUT}s"
        sleep 0.2
    done
    printf 'BOOTSTRAP=127.0.0.1:%s\nCONNECT_URL=%s\n' "$broker_port" "$url" >"$run/env"
    say "Kafka $KAFKA_VERSION broker and Connect worker started in $((SECONDS - t0)) s (logs: ${logs#"$root"/})"
    print_record
    print_env
}

stop_one() { # stop_one NAME: TERM, wait for the exit, then KILL; only the pid `up` recorded
    local name=$1 pid
    [ -f "$run/$name.pid" ] || return 0
    pid=$(cat "$run/$name.pid")
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 150); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        if kill -0 "$pid" 2>/dev/null; then
            say "$name (pid $pid) did not stop within 30 s; killing it"
            kill -9 "$pid" 2>/dev/null || true
        fi
    fi
    rm -f "$run/$name.pid"
}

down() {
    local had=0
    [ -f "$run/connect.pid" ] || [ -f "$run/broker.pid" ] && had=1
    stop_one connect
    stop_one broker
    rm -f "$run/env"
    [ $had -eq 1 ] && say "stopped the broker and the Connect worker"
    return 0
}

tool_main() {
    case "$1" in
    kafka-topics) echo org.apache.kafka.tools.TopicCommand ;;
    kafka-get-offsets) echo org.apache.kafka.tools.GetOffsetShell ;;
    kafka-consumer-groups) echo org.apache.kafka.tools.consumer.group.ConsumerGroupCommand ;;
    kafka-console-producer) echo org.apache.kafka.tools.ConsoleProducer ;;
    kafka-console-consumer) echo org.apache.kafka.tools.consumer.ConsoleConsumer ;;
    live-tool) echo LiveTool ;;
    *) return 1 ;;
    esac
}

run_tool() {
    [ $# -ge 1 ] || die "usage: scripts/kafka.sh run TOOL ARGS... (TOOL: kafka-topics, kafka-get-offsets, kafka-consumer-groups, kafka-console-producer, kafka-console-consumer, live-tool)"
    local tool=${1%.sh} main version cp
    shift
    main=$(tool_main "$tool") || die "unknown tool '$tool' (kafka-topics, kafka-get-offsets, kafka-consumer-groups, kafka-console-producer, kafka-console-consumer, live-tool)"
    need_java
    version=$KAFKA_VERSION
    resolve "$version"
    cp=$(cat "$(classpath_file "$version")")
    if [ "$tool" = live-tool ]; then
        compile_tool "$version"
        cp="$base/classes-$version:$cp"
        if [ -z "${BOOTSTRAP:-}" ] && [ -f "$run/env" ]; then
            BOOTSTRAP=$(sed -n 's/^BOOTSTRAP=//p' "$run/env")
            export BOOTSTRAP
        fi
    fi
    # As bin/kafka-run-class.sh: the tools log warnings to stderr; their output is theirs alone.
    exec java -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true \
        -Dlog4j2.configurationFile="$root/tests/kafka/tools-log4j2.properties" \
        -Dlog4j.configuration="file:$root/tests/kafka/tools-log4j.properties" \
        -cp "$cp" "$main" "$@"
}

case "${1:-}" in
up) up ;;
env)
    if ! running; then
        say "no broker and worker running (scripts/kafka.sh up starts them)"
        exit 1
    fi
    print_env
    ;;
run)
    shift
    run_tool "$@"
    ;;
down) down ;;
logs) show_logs ;;
prepare)
    need_java
    resolve "$KAFKA_VERSION"
    compile_tool "$KAFKA_VERSION"
    say "Kafka $KAFKA_VERSION's jars resolved ($(tr ':' '\n' <"$(classpath_file "$KAFKA_VERSION")" | wc -l) jars, cached in ~/.m2)"
    print_record >&2
    ;;
*)
    echo "usage: scripts/kafka.sh up|env|run TOOL ARGS...|down|logs|prepare" >&2
    exit 2
    ;;
esac
