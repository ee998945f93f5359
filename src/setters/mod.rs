//! What a problem setter hands a judge, made from what gamecheck already holds: a strict
//! input validator ([`validate()`]), an output checker with the judges' exit codes
//! ([`checker`]), a test set that kills every given wrong program ([`test_set()`]) and an
//! interactor (`interact`, [`crate::interactive::InteractiveCommand::interact`]), each
//! written once over the stress engine's pieces, and the rest of a Kattis problem
//! package ([`package`]).

pub mod checker;
pub mod interactive_tests;
pub mod package;
pub mod test_set;
pub mod validate;

pub use checker::{CheckerVerdict, check_output};
pub use interactive_tests::interactive_test_set;
pub use package::{PackageFile, PackageSpec, kattis_package};
pub use test_set::{Kill, Test, TestSet, TestSetConfig, test_set};
pub use validate::{validate, validate_starts};
