//! A file under the temp dir for one test's tool run (kubectl, bash), unique to its call and
//! removed when dropped, so that parallel tests never share one and runs leave nothing behind.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A file written under the temp dir, removed when dropped.
#[derive(Debug)]
pub struct TempFile(PathBuf);

impl TempFile {
    /// Writes `contents` to `PREFIX-PID-N-NAME` under the temp dir.
    pub fn new(prefix: &str, name: &str, contents: &str) -> TempFile {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{n}-{name}", std::process::id()));
        if let Err(e) = std::fs::write(&path, contents) {
            panic!("{}: {e}", path.display());
        }
        TempFile(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
