//! Throughput of each fuzz target's body on a fixed corpus (`benches/corpus/differential`,
//! inputs of a `differential` run), one input per iteration, round robin: the time per
//! iteration is the mean time per input. The split of that time into decode/generate, term
//! construction, solver calls and oracles is printed by `smtsmith bench` (README,
//! performance section).
//!
//!   cargo bench --bench targets

use criterion::{criterion_group, criterion_main, Criterion};
use smtsmith::harness::{Harness, Selection};
use smtsmith::lang::generate::{Case, Theories};
use smtsmith::solver::{Reuse, SolverId};
use std::hint::black_box;
use std::path::Path;

fn corpus() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/corpus/differential");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn targets(c: &mut Criterion) {
    let inputs = corpus();
    let findings = std::env::temp_dir().join("smtsmith-bench-findings");
    let mut g = c.benchmark_group("per input");
    g.sample_size(10);
    g.measurement_time(std::time::Duration::from_secs(20));

    g.bench_function("decode + generate", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(Case::from_bytes_in(
                &inputs[i % inputs.len()],
                &Theories::ALL,
            ))
        })
    });
    let targets = [
        ("differential", Selection::All, Reuse::Scope),
        (
            "differential (new solver per case)",
            Selection::All,
            Reuse::Solver,
        ),
        ("model_z3", Selection::Only(SolverId::Z3), Reuse::Scope),
        ("model_cvc5", Selection::Only(SolverId::Cvc5), Reuse::Scope),
    ];
    for (name, selection, reuse) in targets {
        let mut h = Harness::with_reuse(selection, &findings, reuse).unwrap();
        g.bench_function(name, |b| {
            let mut i = 0;
            b.iter(|| {
                i += 1;
                let case = Case::from_bytes_in(&inputs[i % inputs.len()], &Theories::ALL);
                black_box(h.run_case(&case, None).findings.len())
            })
        });
    }
    let mut h = Harness::with_reuse(Selection::All, &findings, Reuse::Scope).unwrap();
    g.bench_function("ground_terms", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            let case = Case::ground_from_bytes(&inputs[i % inputs.len()]);
            black_box(h.run_ground(&case, None).findings.len())
        })
    });
    // seed_mutation: entries are scripts (here smtsmith's own, printed from the corpus's
    // formulas, so the bench needs no benchmark files).
    let scripts: Vec<Vec<u8>> = inputs
        .iter()
        .map(|i| smtsmith::cases::mutate::print(&Case::from_bytes(i).formula).into_bytes())
        .collect();
    g.bench_function("seed_mutation mutator (parse, mutate, print)", |b| {
        let mut i = 0;
        let mut buf = vec![0u8; 32768];
        b.iter(|| {
            i += 1;
            let s = &scripts[i % scripts.len()];
            buf[..s.len()].copy_from_slice(s);
            black_box(smtsmith::cases::mutate::libfuzzer_mutate(
                &mut buf,
                s.len(),
                32768,
                i as u32,
            ))
        })
    });
    let mut h = Harness::with_reuse(Selection::All, &findings, Reuse::Scope).unwrap();
    g.bench_function("seed_mutation body (parse, both solvers, oracles)", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            let f = smtsmith::cases::mutate::formula_of(&scripts[i % scripts.len()]);
            black_box(h.run(&f, None, None).findings.len())
        })
    });
    g.finish();
}

criterion_group!(benches, targets);
criterion_main!(benches);
