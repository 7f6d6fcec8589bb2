//! The generated input both benches read: a MirrorMaker 2 source REST payload of `n` entries.

/// Topics the generated partitions are spread over.
pub const TOPICS: usize = 100;

/// A compact MirrorMaker 2 source payload of `n` entries, as `GET /connectors/NAME/offsets`
/// returns it: deterministic, partitions `i / TOPICS` of `topic-{i % TOPICS}`, offsets large
/// enough to need all their digits.
pub fn rest_payload(n: usize) -> String {
    let mut s = String::with_capacity(n * 96 + 16);
    s.push_str("{\"offsets\":[");
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&format!(
            "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{},\"topic\":\"topic-{}\"}},\"offset\":{{\"offset\":{}}}}}",
            i / TOPICS,
            i % TOPICS,
            1_000_000_007u64 * (i as u64 % 1000) + i as u64 + 1
        ));
    }
    s.push_str("]}");
    s
}
