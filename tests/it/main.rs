//! smtsmith's integration tests: one binary (each former test file is a module), so the
//! real Z3 and cvc5 libraries are linked once, not once per file. Every test links the real
//! solvers; each says where its ground truth comes from (construction, the evaluator, or a
//! second solver or path).
//!
//! Run one group with a filter: `cargo test --release --test it scripts::`.

mod bug_benchmark;
mod campaign_terminal;
mod cli;
mod conformance;
mod construct;
mod crash_hooks;
mod cvc5_enums;
mod evaluator_vs_solvers;
mod float_vs_apfloat;
mod ground_terms;
mod history_seeds;
mod interrupts;
mod isolated;
mod linking;
mod old_release;
mod optimize;
mod options_space;
mod oracles;
mod paths;
mod printer_roundtrip;
mod reduction;
mod regex_vs_smt_str;
mod report;
mod reuse;
mod scripts;
mod seeds;
mod settle;
mod smtlib_input;
mod strings_vs_aws;
mod structure;
mod yices;

/// The answers of the solvers that take `f`'s logic (Yices is not given strings,
/// arrays, floats, datatypes, uninterpreted sorts or quantifiers: its answer there is a
/// skip, `unknown`).
pub fn taken(
    f: &smtsmith::lang::ir::Formula,
    answers: Vec<(
        smtsmith::solver::SolverId,
        smtsmith::verdict::oracle::Answer,
    )>,
) -> Vec<(
    smtsmith::solver::SolverId,
    smtsmith::verdict::oracle::Answer,
)> {
    answers
        .into_iter()
        .filter(|(id, _)| smtsmith::dialect::facts::outside_logics(*id, f).is_none())
        .collect()
}

/// The one finding written in `folder` (e.g. `FINDINGS/known/time-limit`): its JSON file
/// and its record, read as the type it was written as; fails with `context` (a process's
/// output) unless there is exactly one.
pub fn only_finding(
    folder: &std::path::Path,
    context: &str,
) -> (
    std::path::PathBuf,
    smtsmith::verdict::finding::FindingRecord,
) {
    let jsons: Vec<std::path::PathBuf> = std::fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}\n{context}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    assert_eq!(jsons.len(), 1, "{context}");
    (jsons[0].clone(), record(&jsons[0]))
}

/// A case setup on a new solver per case whose curated Z3 option is `name` = `value` (the
/// pair must be in `smtsmith::dialect::options::Z3`).
pub fn fresh_setup_with_z3_option(name: &str, value: &str) -> smtsmith::solver::CaseSetup {
    use smtsmith::solver::{CaseSetup, Reuse, SolverId};
    let k = smtsmith::dialect::options::position(smtsmith::dialect::options::Z3, name, value)
        .unwrap_or_else(|| panic!("the curated Z3 table has {name}={value}"));
    let setup = CaseSetup {
        reuse: Reuse::Fresh,
        ..Default::default()
    };
    CaseSetup {
        options: setup.options.with(SolverId::Z3, Some(k)),
        ..setup
    }
}

/// The finding record at `json`, read as the type it was written as.
pub fn record(json: &std::path::Path) -> smtsmith::verdict::finding::FindingRecord {
    smtsmith::verdict::finding::FindingRecord::open(json)
        .unwrap_or_else(|e| panic!("{}: {e}", json.display()))
}

/// `smtsmith run-target seed_mutation` (the fuzz target's body, with its watchdog) once on
/// the SMT-LIB `text`, written to `dir/input.smt2`, its findings into `dir/findings`, with
/// `env` set: the findings folder and the process's output.
pub fn seed_mutation_once(
    dir: &std::path::Path,
    text: &str,
    env: &[(&str, &str)],
) -> (std::path::PathBuf, std::process::Output) {
    let findings = dir.join("findings");
    let input = dir.join("input.smt2");
    std::fs::write(&input, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_smtsmith"))
        .env_remove("LD_LIBRARY_PATH")
        .args(["run-target", "seed_mutation"])
        .arg(&input)
        .env("SMTSMITH_FINDINGS", &findings)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (findings, out)
}
