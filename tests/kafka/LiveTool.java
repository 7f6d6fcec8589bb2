// The live tests' own small Kafka client, for what the command-line tools cannot do exactly:
// produce records with chosen timestamps, read a topic up to its end offsets, and wait for end
// offsets to reach exact values. Compiled by `scripts/kafka.sh up` against the same jars as the
// broker, run with `scripts/kafka.sh run live-tool COMMAND ...`.
//
//   produce TOPIC            stdin lines "PARTITION<TAB>TIMESTAMP_MS<TAB>VALUE"; prints "produced N"
//   dump TOPIC               every record up to the end offsets read at the start:
//                            "PARTITION<TAB>OFFSET<TAB>TIMESTAMP_MS<TAB>VALUE", by partition and offset
//   await-end TOPIC P=N,...  waits until each named partition's end offset is exactly N; fails at
//                            once when one is above it, and after TIMEOUT_SECONDS (env, default 120)
//
// The bootstrap address comes from the environment (BOOTSTRAP), as `scripts/kafka.sh env` prints it.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public final class LiveTool {
    public static void main(String[] args) throws Exception {
        String bootstrap = System.getenv("BOOTSTRAP");
        if (bootstrap == null || bootstrap.isEmpty() || args.length < 2) {
            System.err.println("usage: BOOTSTRAP=host:port live-tool produce|dump|await-end TOPIC [P=N,...]");
            System.exit(2);
        }
        switch (args[0]) {
            case "produce" -> produce(bootstrap, args[1]);
            case "dump" -> dump(bootstrap, args[1]);
            case "await-end" -> System.exit(awaitEnd(bootstrap, args[1], args.length > 2 ? args[2] : ""));
            default -> {
                System.err.println("unknown command " + args[0]);
                System.exit(2);
            }
        }
    }

    static void produce(String bootstrap, String topic) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("acks", "all");
        p.put("enable.idempotence", "true");
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        int n = 0;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p);
             BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) continue;
                String[] f = line.split("\t", 3);
                producer.send(new ProducerRecord<>(topic, Integer.parseInt(f[0]), Long.parseLong(f[1]), null, f[2])).get();
                n++;
            }
            producer.flush();
        }
        System.out.println("produced " + n);
    }

    static Map<TopicPartition, Long> endOffsets(Admin admin, String topic) throws Exception {
        var description = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
        Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
        for (var p : description.partitions()) ask.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
        Map<TopicPartition, Long> out = new TreeMap<>((a, b) -> Integer.compare(a.partition(), b.partition()));
        for (var e : admin.listOffsets(ask).all().get().entrySet()) out.put(e.getKey(), e.getValue().offset());
        return out;
    }

    static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        return Admin.create(p);
    }

    static void dump(String bootstrap, String topic) throws Exception {
        Map<TopicPartition, Long> end;
        try (Admin admin = admin(bootstrap)) {
            end = endOffsets(admin, topic);
        }
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("enable.auto.commit", "false");
        p.put("key.deserializer", StringDeserializer.class.getName());
        p.put("value.deserializer", StringDeserializer.class.getName());
        p.put("isolation.level", "read_uncommitted");
        Map<Integer, List<String>> lines = new TreeMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.assign(new ArrayList<>(end.keySet()));
            consumer.seekToBeginning(end.keySet());
            long deadline = System.nanoTime() + timeout().toNanos();
            while (end.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())) {
                if (System.nanoTime() > deadline) {
                    System.err.println("timed out reading " + topic + " up to " + end);
                    System.exit(1);
                }
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    if (r.offset() < end.get(new TopicPartition(r.topic(), r.partition()))) {
                        lines.computeIfAbsent(r.partition(), k -> new ArrayList<>())
                            .add(r.partition() + "\t" + r.offset() + "\t" + r.timestamp() + "\t" + r.value());
                    }
                }
            }
        }
        for (List<String> l : lines.values()) for (String s : l) System.out.println(s);
    }

    static Duration timeout() {
        String s = System.getenv("TIMEOUT_SECONDS");
        return Duration.ofSeconds(s == null || s.isEmpty() ? 120 : Long.parseLong(s));
    }

    static int awaitEnd(String bootstrap, String topic, String spec) throws Exception {
        Map<Integer, Long> want = new TreeMap<>();
        for (String part : spec.split(",")) {
            if (part.isEmpty()) continue;
            String[] kv = part.split("=", 2);
            want.put(Integer.parseInt(kv[0]), Long.parseLong(kv[1]));
        }
        long deadline = System.nanoTime() + timeout().toNanos();
        try (Admin admin = admin(bootstrap)) {
            while (true) {
                Map<Integer, Long> now = new TreeMap<>();
                try {
                    for (var e : endOffsets(admin, topic).entrySet()) now.put(e.getKey().partition(), e.getValue());
                } catch (java.util.concurrent.ExecutionException e) {
                    // The topic may not exist yet (MirrorMaker 2 creates its copy when it starts).
                }
                String shown = now.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
                boolean done = !now.isEmpty();
                for (var w : want.entrySet()) {
                    Long n = now.get(w.getKey());
                    if (n != null && n > w.getValue()) {
                        System.err.println(topic + ": partition " + w.getKey() + " is at " + n + ", above the expected " + w.getValue() + " (end offsets " + shown + ")");
                        return 1;
                    }
                    if (n == null || !n.equals(w.getValue())) done = false;
                }
                if (done) {
                    System.out.println(topic + " end offsets " + shown);
                    return 0;
                }
                if (System.nanoTime() > deadline) {
                    System.err.println("timed out: " + topic + " end offsets " + (shown.isEmpty() ? "(no topic)" : shown) + ", expected " + spec);
                    return 1;
                }
                Thread.sleep(200);
            }
        }
    }
}
