//! Steps presented to a person: [`text`] gives each step its name, what it changed and
//! why; [`svg`] draws a step on the grid before it; [`page`] puts every step's picture
//! and words on one self-contained HTML page. Steps are data; these are their readers.

pub mod page;
pub mod svg;
pub mod text;
