//! What a merge says of its files before it tallies them: the shards missing, the
//! configurations not run on every shard, and the two refusals (nothing to compare;
//! results of other settings mixed).

use super::survey::{add, FileSeen, SettingsGroup};
use crate::error::Error;
use crate::harness::record::Shard;
use std::collections::{BTreeMap, BTreeSet};

/// What is missing: for each N that some file is a shard of, the shards K/N no file
/// holds.
pub(super) fn missing_notes(files: &[FileSeen]) -> Vec<String> {
    let mut by_count: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for f in files {
        for s in &f.shards {
            by_count.entry(s.count).or_default().insert(s.index);
        }
    }
    by_count
        .into_iter()
        .filter_map(|(n, have)| {
            let missing: Vec<String> = (1..=n)
                .filter(|k| !have.contains(k))
                .map(|k| format!("{k}/{n}"))
                .collect();
            match missing.len() {
                0 => None,
                1 => Some(format!(
                    "shard {} is missing: the tables cover {} of {n} shards",
                    missing[0],
                    have.len()
                )),
                _ => Some(format!(
                    "shards {} are missing: the tables cover {} of {n} shards",
                    missing.join(", "),
                    have.len()
                )),
            }
        })
        .collect()
}

/// A warning for each configuration that some of `group_files` ran and others did not.
pub(super) fn backend_warnings(files: &[FileSeen], group_files: &[String]) -> Vec<String> {
    let members: Vec<&FileSeen> = files
        .iter()
        .filter(|f| group_files.contains(&f.name) && !f.backends.is_empty())
        .collect();
    let mut all: Vec<String> = Vec::new();
    for f in &members {
        for b in &f.backends {
            add(&mut all, b);
        }
    }
    all.into_iter()
        .filter_map(|b| {
            let (with, without): (Vec<&FileSeen>, Vec<&FileSeen>) =
                members.iter().partition(|f| f.backends.contains(&b));
            (!without.is_empty()).then(|| {
                format!(
                    "{b} ran not on every shard: in {} but not in {}; \
                    its row covers fewer puzzles, \
                    and `x fastest` compares only the puzzles every backend ran",
                    names(&with),
                    names(&without)
                )
            })
        })
        .collect()
}

/// The files' names, joined.
fn names(files: &[&FileSeen]) -> String {
    files
        .iter()
        .map(|f| f.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The refusal when no file holds a result: it names the files given (`merged`) and
/// the shards that ran on no puzzle.
pub(super) fn nothing_to_compare(files: &[FileSeen], merged: &[String]) -> Error {
    let shards: Vec<String> = files
        .iter()
        .filter(|f| f.records == 0 && !f.shards.is_empty())
        .map(|f| format!("{} (shard {})", f.name, list(&f.shards)))
        .collect();
    let why = if shards.is_empty() {
        String::new()
    } else {
        format!("; {} ran on no puzzle", shards.join(", "))
    };
    Error::Results(format!(
        "nothing to compare: {} hold(s) no result{why}",
        merged.join(", ")
    ))
}

/// The refusal when the results were run with other settings and not asked to be kept
/// apart.
pub(super) fn other_settings(groups: &[SettingsGroup]) -> Error {
    let lines: Vec<String> = groups.iter().map(SettingsGroup::describe).collect();
    Error::Results(format!(
        "the results were run with other settings, and their times \
        and verdicts answer different questions:\n  {}\nmerge each group apart, \
        or add --by-settings for one table per group",
        lines.join("\n  ")
    ))
}

/// Shards as `K/N`, joined.
fn list(shards: &BTreeSet<Shard>) -> String {
    shards
        .iter()
        .map(Shard::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
