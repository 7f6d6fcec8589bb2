# Prints the first offset at or after 2026-11-30T12:00:00Z (1796040000000 ms since the epoch) of 7
# partition(s); paste the output of every command below as one reference
# (time@2026-11-30T12:00:00Z).
# Partitions with no record at or after that time are left out of the output: their rows stay as
# they are.
# MirrorMaker 2: run this against the SOURCE cluster ('east'): the stored offsets are positions in
# the source topics, not in their replicas on the target.
kafka-get-offsets.sh --bootstrap-server 'east-kafka-bootstrap.kafka.svc:9093' --topic-partitions 'audit_log:0,orders\.eu-west:0-2,payments:0-1,payments:3' --time 1796040000000
