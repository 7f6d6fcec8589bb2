# Prints the latest offset (log end) of 3 partition(s); paste the output of every command below as
# one reference (latest).
kafka-get-offsets.sh --bootstrap-server 'my-cluster-kafka-bootstrap:9092' --topic-partitions 'events\.v2:0-3' --time -1
