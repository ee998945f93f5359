//! What a problem setter hands a judge, made from what gamecheck already holds: a strict
//! input validator ([`validate`]), an output checker with the judges' exit codes
//! ([`checker`]), a test set that kills every given wrong program ([`test_set`]) and an
//! interactor ([`interactor`]), each written once over the stress engine's pieces.

pub mod checker;
pub mod test_set;
pub mod validate;

pub use checker::{CheckerVerdict, check_output};
pub use test_set::{Kill, Test, TestSet, TestSetConfig, test_set};
pub use validate::validate;
