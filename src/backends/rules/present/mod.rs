//! Steps presented to a person: [`text`] gives each step its name, what it changed and
//! why, with chains in the notation of [`eureka`]; [`svg`] draws a step on the grid before it; [`page`] puts every step's picture
//! and words on one self-contained HTML page. Steps are data; these are their readers.

pub mod eureka;
pub mod page;
pub mod svg;
pub mod text;
