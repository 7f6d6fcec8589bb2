//! A start reference filled from the log end (issue 31 item 1): `kafka-get-offsets.sh --time T`
//! prints nothing for a partition with no record at or after T (Kafka 4.3.1), so a listing made
//! from it alone has no entry for such a partition, and the connector would start it at
//! `auto.offset.reset` (earliest by default) and copy every record written before T. A `latest`
//! reference of the same partitions gives each of them its log end instead: nothing written
//! before T is copied, and a record written after T is still read.

use super::{Reference, ReferenceValue};

/// The filled reference and which partitions took their log end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    /// The start reference's role and values; every partition it has no offset for (left out,
    /// or printed without one) holds the log end instead, where the log-end reference has one.
    pub reference: Reference,
    /// The partitions that took their log end, in the order of the filled reference.
    pub filled: Vec<(String, i64)>,
}

impl Reference {
    /// This reference, with every partition it has no offset for taken at its log end from
    /// `log_end` (its `latest` value, or a describe table's LOG-END-OFFSET). The partitions are
    /// in `log_end`'s order (the tool's own, when it names them all), then those only this one
    /// names.
    pub fn filled_from_log_end(&self, log_end: &Reference) -> Filled {
        let mut out = Reference::empty(self.role.clone());
        out.format = self.format;
        let mut filled = Vec::new();
        for end in &log_end.values {
            let own = self.get(&end.topic, end.partition);
            if let Some(v) = own.filter(|v| v.offset.is_some()) {
                let _ = out.insert(v.clone());
                continue;
            }
            let at_end = log_end.log_end(&end.topic, end.partition);
            if at_end.is_some() {
                filled.push((end.topic.clone(), end.partition));
            }
            let _ = out.insert(ReferenceValue {
                topic: end.topic.clone(),
                partition: end.partition,
                offset: at_end,
                log_end: at_end.or(own.and_then(|v| v.log_end)),
                line: own.map_or(end.line, |v| v.line),
            });
        }
        // The partitions only this reference names (`insert` keeps the first of each).
        for v in &self.values {
            let _ = out.insert(v.clone());
        }
        Filled {
            reference: out,
            filled,
        }
    }
}
