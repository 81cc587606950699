//! The rule engine checked against other backends' answers: every step it records
//! replayed against the solution `dlx` (or a brute force) finds, on the benchmark sets
//! of `tests/data/` and on small random boards, and each family found where it is the
//! first rule that applies, with the words and pictures it is shown in.

mod als;
mod eureka;
mod exotic;
mod fish;
mod killer;
mod ladder;
mod stuck;
mod support;
mod uniqueness;
