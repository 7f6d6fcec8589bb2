// A shim for connector plugins older than their worker (scripts/kafka.sh compiles it only where a
// plugin's version is not the worker's and the worker's kafka-clients has no such class): Kafka
// 4.4.0 moved org.apache.kafka.common.utils.AppInfoParser to ...utils.internals, and the
// MirrorMaker 2 and FileStream connectors of 4.3.1 call AppInfoParser.getVersion() in version(),
// so a 4.4.0 worker cannot even list them (NoClassDefFoundError). Nothing else of theirs is
// missing there (jdeps --missing-deps). kafka.sh records the shim beside the plugins' versions.
package org.apache.kafka.common.utils;

public final class AppInfoParser {
    private AppInfoParser() {}

    public static String getVersion() {
        return org.apache.kafka.common.utils.internals.AppInfoParser.getVersion();
    }

    public static String getCommitId() {
        return org.apache.kafka.common.utils.internals.AppInfoParser.getCommitId();
    }
}
