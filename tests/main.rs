//! The integration tests: one binary, so the library is linked and its generic engines
//! compiled once for all of them rather than once per file. Each file is a module named
//! for what it tests; `cargo test --test integration <module>::` runs one.

mod common;

mod arbitrary_bytes;
mod check_judged;
mod chopsticks;
mod chopsticks_classic;
mod chopsticks_proof;
mod claim_expr;
mod claims_budget;
mod claims_engine;
mod cli_chopsticks_fingers;
mod cli_conventions;
mod cli_errors;
mod cli_octal;
mod cli_output;
mod cli_partizan;
mod cli_reference;
mod cli_solve_chopsticks;
mod compile;
mod contest_format;
mod contest_layouts;
mod doc_paths;
mod game_components;
mod game_format;
mod game_limits;
mod harness;
mod interactive_limits;
mod json_schema;
mod layers;
mod library_only;
mod licences;
mod list_reach;
mod moore;
mod octal;
mod package;
mod period_cache;
mod plot;
mod prove;
mod reach_budgets;
mod run_budget;
mod seeded_reach;
mod setters_out;
mod stress;
mod typed_stress;
mod verdicts;
