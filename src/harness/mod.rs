//! The comparison harness: run backends side by side, check every answer, and report.
pub mod entry;
pub mod feed;
mod json;
pub mod plot;
pub mod queue;
pub mod record;
pub mod report;
pub mod run;
pub mod summary;
