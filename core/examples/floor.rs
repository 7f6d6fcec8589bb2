//! The floor of the CLI benchmark (scripts/bench-cli.sh): the least a typed Rust program does to
//! shift every offset of a MirrorMaker 2 Connect REST payload. serde_json reads the payload into
//! structs whose strings borrow from the input, the offsets are shifted, and the payload is
//! written back compact. It keeps no positions, no number text and checks no rule, so
//! `connect-offsets edit --shift` is compared with it as "how far from a plain typed parse".
//!
//! With `--read` in place of the delta it only reads the payload into those structs and prints
//! the entry count: the peer of `connect-offsets validate` (scripts/bench-scale.sh).
//!
//!   cargo build --release -p offsets-core --example floor
//!   target/release/examples/floor PAYLOAD.json -1 > OUT.json
//!   target/release/examples/floor PAYLOAD.json --read

#![allow(clippy::print_stderr)]

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

#[derive(Debug, Deserialize, Serialize)]
struct Payload<'a> {
    #[serde(borrow)]
    offsets: Vec<Entry<'a>>,
}

#[derive(Debug, Deserialize, Serialize)]
struct Entry<'a> {
    #[serde(borrow)]
    partition: Partition<'a>,
    offset: Offset,
}

/// Field order as Connect prints it. `Cow` borrows from the input unless a string has escapes.
#[derive(Debug, Deserialize, Serialize)]
struct Partition<'a> {
    #[serde(borrow)]
    cluster: Cow<'a, str>,
    partition: i32,
    #[serde(borrow)]
    topic: Cow<'a, str>,
}

#[derive(Debug, Deserialize, Serialize)]
struct Offset {
    offset: i64,
}

/// Reads the payload into the typed structs and prints how many entries it holds.
fn read(path: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let payload: Payload = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", payload.offsets.len()).map_err(|e| e.to_string())
}

fn run(path: &str, delta: &str) -> Result<(), String> {
    if delta == "--read" {
        return read(path);
    }
    let delta: i64 = delta.parse().map_err(|e| format!("delta {delta:?}: {e}"))?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut payload: Payload = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    for entry in &mut payload.offsets {
        let o = &mut entry.offset.offset;
        *o = o
            .checked_add(delta)
            .filter(|o| *o >= 0)
            .ok_or_else(|| format!("offset {o} + {delta} is out of range"))?;
    }
    let mut out = BufWriter::new(std::io::stdout().lock());
    serde_json::to_writer(&mut out, &payload).map_err(|e| e.to_string())?;
    out.write_all(b"\n")
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, delta] = args.as_slice() else {
        eprintln!("usage: floor PAYLOAD.json DELTA|--read");
        return ExitCode::from(2);
    };
    match run(path, delta) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("floor: {e}");
            ExitCode::from(1)
        }
    }
}
