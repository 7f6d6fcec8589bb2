# Prints the first offset at or after 2026-11-30T12:00:00Z (1796040000000 ms since the epoch) of 7
# partition(s); paste the output of every --time 1796040000000 command below as one reference
# (time@2026-11-30T12:00:00Z).
# Partitions with no record at or after that time are left out of that output: alone, edit
# --set-from leaves their rows as they are, and a new connector would start them at
# auto.offset.reset (earliest by default) and copy their whole history. So the --time -1 command(s)
# first write the latest offsets (log end) of the same partitions to latest-1796040000000.txt
# (before the time lookup: a record written in between is then read, not skipped). Give that file
# too, right after the time reference (--set-from latest=latest-1796040000000.txt, new --from
# latest=latest-1796040000000.txt, or the page's Latest offsets (log end)): those partitions then
# start at their log end.
# MirrorMaker 2: run this against the SOURCE cluster ('east'): the stored offsets are positions in
# the source topics, not in their replicas on the target.
kafka-get-offsets.sh --bootstrap-server 'east-kafka-bootstrap.kafka.svc:9093' --topic-partitions 'audit_log:0,orders\.eu-west:0-3,payments:0-2,payments:3' --time -1 > 'latest-1796040000000.txt'
kafka-get-offsets.sh --bootstrap-server 'east-kafka-bootstrap.kafka.svc:9093' --topic-partitions 'audit_log:0,orders\.eu-west:0-3,payments:0-2,payments:3' --time 1796040000000
