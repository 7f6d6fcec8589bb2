# Prints the earliest offset (log start) of 7 partition(s); paste the output of every command below
# as one reference (earliest).
# MirrorMaker 2: run this against the SOURCE cluster ('east'): the stored offsets are positions in
# the source topics, not in their replicas on the target.
# Runs inside the pod: the bootstrap address and the --command-config file are as the pod sees them.
kubectl exec -n 'kafka' 'east-cluster-broker-0' -- bin/kafka-get-offsets.sh --bootstrap-server 'localhost:9092' --command-config '/tmp/client.properties' --topic-partitions 'audit_log:0,orders\.eu-west:0-3,payments:0-2,payments:3' --time -2
