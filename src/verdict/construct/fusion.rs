//! Semantic fusion (Winterer's thesis, chapter 3, sections 3.2–3.4; YinYang). Two seeds of
//! the same known verdict, with disjoint variables, are fused through triplets `(x, y, z)`:
//! `x` of the first seed and `y` of the second have the same sort, `z` is fresh, and a
//! fusion function `z = f(x, y)` has inversion functions with `x = r_x(y, z)` and
//! `y = r_y(x, z)` whenever `z = f(x, y)`. Some occurrences of `x` become `r_x(y, z)`, some of
//! `y` become `r_y(x, z)`.
//! - Sat fusion (Prop. 3.2.1): the conjunction of the substituted seeds is sat; with both
//!   seeds' witnesses, the union plus `z := f(x, y)` is a witness (checked by the evaluator).
//! - Unsat fusion (Prop. 3.2.2): the disjunction of the substituted seeds, conjoined with
//!   `z = f(x, y)` for every triplet (mandatory: without it the result can be sat), is unsat.
//!
//! Fusion functions: Figure 3.5 for Int, Real and String, and new ones for bit-vectors
//! (`bvxor`, `bvadd`, `bvsub`, `x + c·y` with `c` odd, inverted by `c`'s inverse modulo
//! 2^w), each shown invertible by the evaluator in the tests. Division-based inverses are
//! wrong when the divisor is 0 (unspecified in SMT-LIB): the coefficient of `c1·x + c2·y +
//! c3` is never 0; `x·y` is used on the unsat side with `x ≠ 0` and `y ≠ 0` conjoined
//! (strengthening keeps it unsat), on the sat side only when both witnesses are non-zero.
//!
//! Seeds: the other construction families, labelled SMT-LIB files (`SMTSMITH_SEEDS`, by
//! default the repository's `seeds/`: `LOGIC/sat|unsat/*.smt2`), and — in the
//! `fusion` fuzz target — generated formulas both solvers decide alike (a sat one only with
//! a model the evaluator validates; see `harness::fuzz_fusion`).

use super::Constructed;
use crate::lang::eval::{Evaluator, Model};
use crate::lang::ir::{DeclId, Formula, NodeId, NodeKind, Op, Sort, Value};
use crate::solver::Verdict;
use arbitrary::{Result, Unstructured};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use std::collections::HashMap;

/// A formula of known verdict to fuse.
#[derive(Clone, Debug)]
pub struct Seed {
    pub formula: Formula,
    pub verdict: Verdict,
    /// A model of a sat seed (from a construction, or a solver's model the evaluator
    /// validated).
    pub witness: Option<Model>,
    /// Where it came from, for the finding's rule text.
    pub origin: String,
    /// The solvers known to decide it as `verdict` (a generated seed was run on both
    /// already); `None` when no solver has seen it yet.
    pub decided_by: Option<Vec<crate::solver::SolverId>>,
}

/// The fusion functions, by sort (Figure 3.5's numbers for Int, Real and String).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// ①/⑤ `x + y`.
    Add,
    /// ②/⑥ `x + c + y`.
    AddConst,
    /// ③/⑦ `x · y`, inverted by division (guarded).
    Mul,
    /// ④/⑧ `c1·x + c2·y + c3`, inverted by division by `c1`/`c2` (never 0).
    Linear,
    /// ⑨ `x ++ y`, inverses by `str.substr`.
    ConcatSubstr,
    /// ⑩ `x ++ y`, `y` recovered by `str.replace z x ""`.
    ConcatReplace,
    /// ⑪ `x ++ c ++ y`.
    ConcatConst,
    /// `bvxor x y`.
    BvXor,
    /// `bvadd x y`.
    BvAdd,
    /// `bvsub x y`.
    BvSub,
    /// `bvadd x (bvmul c y)`, `c` odd.
    BvAddMulOdd,
}

impl Fusion {
    pub fn for_sort(s: &Sort) -> &'static [Fusion] {
        match s {
            Sort::Int | Sort::Real => &[Fusion::Add, Fusion::AddConst, Fusion::Mul, Fusion::Linear],
            Sort::String => &[
                Fusion::ConcatSubstr,
                Fusion::ConcatReplace,
                Fusion::ConcatConst,
            ],
            Sort::BitVec(_) => &[
                Fusion::BvXor,
                Fusion::BvAdd,
                Fusion::BvSub,
                Fusion::BvAddMulOdd,
            ],
            _ => &[],
        }
    }
}

/// The terms of one triplet: `f(x, y)`, `r_x(y, z)`, `r_y(x, z)`, and side conditions that
/// make the inverses exact (non-zero divisors).
pub struct Triplet {
    pub fused: NodeId,
    pub rx: NodeId,
    pub ry: NodeId,
    pub guards: Vec<NodeId>,
    pub text: String,
}

fn app(f: &mut Formula, op: Op, args: Vec<NodeId>) -> NodeId {
    f.app(op, args)
        .unwrap_or_else(|e| panic!("fusion builds well-sorted terms: {op:?}: {e}"))
}

fn number(f: &mut Formula, sort: &Sort, k: i64) -> NodeId {
    let v = match sort {
        Sort::Real => Value::Real(BigRational::from_integer(k.into())),
        _ => Value::Int(k.into()),
    };
    f.lit(v)
}

/// Builds the triplet's terms for `x`, `y`, `z` (constants of one sort) with constants
/// drawn from `u`.
pub fn triplet(
    u: &mut Unstructured,
    f: &mut Formula,
    kind: Fusion,
    x: NodeId,
    y: NodeId,
    z: NodeId,
) -> Result<Triplet> {
    let sort = f.sort_of(x).clone();
    let div = if sort == Sort::Real {
        Op::RealDiv
    } else {
        Op::IntDiv
    };
    let nonzero = [-3i64, -2, -1, 1, 2, 3, 7];
    Ok(match kind {
        Fusion::Add => Triplet {
            fused: app(f, Op::Add, vec![x, y]),
            rx: app(f, Op::Sub, vec![z, y]),
            ry: app(f, Op::Sub, vec![z, x]),
            guards: vec![],
            text: "x + y".into(),
        },
        Fusion::AddConst => {
            let c = u.int_in_range(-5..=5i64)?;
            let cn = number(f, &sort, c);
            Triplet {
                fused: app(f, Op::Add, vec![x, cn, y]),
                rx: app(f, Op::Sub, vec![z, cn, y]),
                ry: app(f, Op::Sub, vec![z, cn, x]),
                guards: vec![],
                text: format!("x + {c} + y"),
            }
        }
        Fusion::Mul => {
            let zero = number(f, &sort, 0);
            let gx = app(f, Op::Distinct, vec![x, zero]);
            let gy = app(f, Op::Distinct, vec![y, zero]);
            Triplet {
                fused: app(f, Op::Mul, vec![x, y]),
                rx: app(f, div, vec![z, y]),
                ry: app(f, div, vec![z, x]),
                guards: vec![gx, gy],
                text: "x * y (with x != 0, y != 0)".into(),
            }
        }
        Fusion::Linear => {
            let c1 = *u.choose(&nonzero)?;
            let c2 = *u.choose(&nonzero)?;
            let c3 = u.int_in_range(-5..=5i64)?;
            let (n1, n2, n3) = (
                number(f, &sort, c1),
                number(f, &sort, c2),
                number(f, &sort, c3),
            );
            let t1 = app(f, Op::Mul, vec![n1, x]);
            let t2 = app(f, Op::Mul, vec![n2, y]);
            let fused = app(f, Op::Add, vec![t1, t2, n3]);
            let rest = app(f, Op::Sub, vec![z, t2, n3]);
            let rx = app(f, div, vec![rest, n1]);
            let rest = app(f, Op::Sub, vec![z, t1, n3]);
            let ry = app(f, div, vec![rest, n2]);
            Triplet {
                fused,
                rx,
                ry,
                guards: vec![],
                text: format!("{c1} * x + {c2} * y + {c3}"),
            }
        }
        Fusion::ConcatSubstr | Fusion::ConcatReplace | Fusion::ConcatConst => {
            let zero = f.lit(Value::Int(0.into()));
            let lx = app(f, Op::StrLen, vec![x]);
            let rx = app(f, Op::StrSubstr, vec![z, zero, lx]);
            let empty = f.lit(Value::str(""));
            let (fused, ry, text) = match kind {
                Fusion::ConcatSubstr => {
                    let ly = app(f, Op::StrLen, vec![y]);
                    (
                        app(f, Op::StrConcat, vec![x, y]),
                        app(f, Op::StrSubstr, vec![z, lx, ly]),
                        "x ++ y (substr inverses)".to_string(),
                    )
                }
                Fusion::ConcatReplace => (
                    app(f, Op::StrConcat, vec![x, y]),
                    app(f, Op::StrReplace, vec![z, x, empty]),
                    "x ++ y (replace inverse)".to_string(),
                ),
                _ => {
                    let c = *u.choose(&["a", "", "xy", "\u{e9}"])?;
                    let cn = f.lit(Value::str(c));
                    let once = app(f, Op::StrReplace, vec![z, x, empty]);
                    (
                        app(f, Op::StrConcat, vec![x, cn, y]),
                        app(f, Op::StrReplace, vec![once, cn, empty]),
                        format!("x ++ {} ++ y", crate::cases::smtlib::value(&Value::str(c))),
                    )
                }
            };
            Triplet {
                fused,
                rx,
                ry,
                guards: vec![],
                text,
            }
        }
        Fusion::BvXor => Triplet {
            fused: app(f, Op::BvXor, vec![x, y]),
            rx: app(f, Op::BvXor, vec![z, y]),
            ry: app(f, Op::BvXor, vec![z, x]),
            guards: vec![],
            text: "bvxor x y".into(),
        },
        Fusion::BvAdd => Triplet {
            fused: app(f, Op::BvAdd, vec![x, y]),
            rx: app(f, Op::BvSub, vec![z, y]),
            ry: app(f, Op::BvSub, vec![z, x]),
            guards: vec![],
            text: "bvadd x y".into(),
        },
        Fusion::BvSub => Triplet {
            fused: app(f, Op::BvSub, vec![x, y]),
            rx: app(f, Op::BvAdd, vec![z, y]),
            ry: app(f, Op::BvSub, vec![x, z]),
            guards: vec![],
            text: "bvsub x y".into(),
        },
        Fusion::BvAddMulOdd => {
            let w = sort.width().expect("a bit-vector sort");
            let modulus = BigUint::from(1u8) << w;
            let c = (BigUint::from(u.int_in_range(0..=1000u32)?) * 2u8 + 1u8) % &modulus;
            let inv = odd_inverse(&c, w);
            let cn = f.lit(Value::bv(w, c.clone()));
            let invn = f.lit(Value::bv(w, inv));
            let cy = app(f, Op::BvMul, vec![cn, y]);
            let diff = app(f, Op::BvSub, vec![z, x]);
            Triplet {
                fused: app(f, Op::BvAdd, vec![x, cy]),
                rx: app(f, Op::BvSub, vec![z, cy]),
                ry: app(f, Op::BvMul, vec![invn, diff]),
                guards: vec![],
                text: format!("bvadd x (bvmul {c} y) (inverse of {c} mod 2^{w})"),
            }
        }
    })
}

/// The inverse of the odd `c` modulo 2^w (Newton's iteration: each step doubles the
/// number of correct low bits).
fn odd_inverse(c: &BigUint, w: u32) -> BigUint {
    let modulus = BigUint::from(1u8) << w;
    let two = BigUint::from(2u8);
    let mut x = BigUint::from(1u8);
    for _ in 0..=(w.max(1).ilog2() + 1) {
        // x := x (2 - c x) mod 2^w
        let cx = (c * &x) % &modulus;
        let t = (&two + &modulus - cx) % &modulus;
        x = (x * t) % &modulus;
    }
    x
}

/// Replaces some uses of constant `x` (edges from a parent to `x`'s node, chosen by `u`)
/// in the terms reachable from `roots` by `r`; returns the new roots and how many uses were
/// replaced. Quantified variables cannot be captured: `r` has only free constants.
fn substitute_some(
    u: &mut Unstructured,
    f: &mut Formula,
    roots: &[NodeId],
    x: NodeId,
    r: NodeId,
) -> Result<(Vec<NodeId>, usize)> {
    let mut memo: HashMap<NodeId, NodeId> = HashMap::new();
    let mut replaced = 0;
    let order = {
        // Post-order over the roots' nodes (children first).
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack: Vec<(NodeId, bool)> = roots.iter().rev().map(|n| (*n, false)).collect();
        while let Some((n, done)) = stack.pop() {
            if done {
                out.push(n);
                continue;
            }
            if !seen.insert(n) {
                continue;
            }
            stack.push((n, true));
            for c in f.children(n).into_iter().rev() {
                stack.push((c, false));
            }
        }
        out
    };
    for n in order {
        let node = f.node(n).clone();
        let mut pick = |c: &NodeId, memo: &HashMap<NodeId, NodeId>| -> Result<NodeId> {
            if *c == x && u.ratio(2, 3)? {
                replaced += 1;
                return Ok(r);
            }
            Ok(*memo.get(c).unwrap_or(c))
        };
        let kind = match &node.kind {
            NodeKind::App(op, idx, args) => {
                let a = args
                    .iter()
                    .map(|c| pick(c, &memo))
                    .collect::<Result<Vec<_>>>()?;
                NodeKind::App(*op, *idx, a)
            }
            NodeKind::Call(d, args) => {
                let a = args
                    .iter()
                    .map(|c| pick(c, &memo))
                    .collect::<Result<Vec<_>>>()?;
                NodeKind::Call(*d, a)
            }
            NodeKind::Let(bs, body) => {
                let mut nb = Vec::new();
                for (b, v) in bs {
                    nb.push((*b, pick(v, &memo)?));
                }
                NodeKind::Let(nb, pick(body, &memo)?)
            }
            NodeKind::Quant { forall, vars, body } => NodeKind::Quant {
                forall: *forall,
                vars: vars.clone(),
                body: pick(body, &memo)?,
            },
            _ => continue,
        };
        if kind != node.kind {
            f.nodes.push(crate::lang::ir::Node {
                kind,
                sort: node.sort.clone(),
            });
            memo.insert(n, NodeId(f.nodes.len() as u32 - 1));
        }
    }
    let mut new_roots = Vec::new();
    for root in roots {
        new_roots.push(if *root == x {
            // A Boolean constant asserted directly.
            if u.ratio(2, 3)? {
                replaced += 1;
                r
            } else {
                x
            }
        } else {
            *memo.get(root).unwrap_or(root)
        });
    }
    Ok((new_roots, replaced))
}

/// The constants of `f` (declared without arguments) that occur in its assertions, by
/// declaration.
fn used_constants(f: &Formula) -> Vec<DeclId> {
    let mut out = Vec::new();
    for n in f.reachable_postorder() {
        if let NodeKind::Const(d) = f.node(n).kind {
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out.sort();
    out
}

/// Fuses `s1` and `s2` (the same verdict; `Err` otherwise or without a fusable pair of
/// variables).
pub fn fuse(u: &mut Unstructured, s1: &Seed, s2: &Seed) -> Result<Constructed> {
    if s1.verdict != s2.verdict || !matches!(s1.verdict, Verdict::Sat | Verdict::Unsat) {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    if s1.formula.datatype_names_clash(&s2.formula) {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let sat = s1.verdict == Verdict::Sat;
    let mut f = s1.formula.clone();
    let n1 = f.decls.len();
    let map = f.import(&s2.formula, false);
    let a1: Vec<NodeId> = s1.formula.asserts.clone();
    let a2: Vec<NodeId> = s2.formula.asserts.iter().map(|a| map[a]).collect();
    // Decl k of s2 is decl n1 + k of f (imported without sharing, in order).
    let witness = match (&s1.witness, &s2.witness) {
        (Some(w1), Some(w2)) if sat => {
            let mut w = w1.clone().extended_to(n1);
            w.values.extend(w2.values.iter().cloned());
            w.funcs.extend(w2.funcs.iter().cloned());
            w.func_else.extend(w2.func_else.iter().cloned());
            Some(w.extended_to(f.decls.len()))
        }
        _ => None,
    };
    let c1 = used_constants(&s1.formula);
    let c2: Vec<DeclId> = used_constants(&s2.formula)
        .into_iter()
        .map(|d| DeclId(d.0 + n1 as u32))
        .collect();
    let mut pairs = Vec::new();
    for x in &c1 {
        for y in &c2 {
            let sort = &f.decls[x.0 as usize].sort;
            if *sort == f.decls[y.0 as usize].sort && !Fusion::for_sort(sort).is_empty() {
                pairs.push((*x, *y));
            }
        }
    }
    if pairs.is_empty() {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let count = u.int_in_range(1..=2usize)?.min(pairs.len());
    let mut chosen: Vec<(DeclId, DeclId)> = Vec::new();
    for _ in 0..count {
        let p = pairs[u.choose_index(pairs.len())?];
        if !chosen.iter().any(|(x, y)| *x == p.0 || *y == p.1) {
            chosen.push(p);
        }
    }
    let (mut r1, mut r2) = (a1, a2);
    let mut side = Vec::new();
    let mut texts = Vec::new();
    let mut witness = witness;
    for (k, (xd, yd)) in chosen.iter().enumerate() {
        let sort = f.decls[xd.0 as usize].sort.clone();
        let x = f.constant(*xd);
        let y = f.constant(*yd);
        let zd = f.declare(format!("fusion_z{k}"), sort.clone());
        let z = f.constant(zd);
        let values = witness.as_ref().map(|w| {
            (
                w.values[xd.0 as usize].clone(),
                w.values[yd.0 as usize].clone(),
            )
        });
        let mut kinds: Vec<Fusion> = Fusion::for_sort(&sort).to_vec();
        if sat {
            // x·y is inverted by division: on the sat side only where the witness shows
            // both non-zero (the guards would otherwise constrain the seeds' models).
            let nonzero = |v: &Option<Value>| match v {
                Some(Value::Int(i)) => *i != BigInt::from(0),
                Some(Value::Real(r)) => *r != BigRational::from_integer(0.into()),
                _ => false,
            };
            if !matches!(&values, Some((a, b)) if nonzero(a) && nonzero(b)) {
                kinds.retain(|k| *k != Fusion::Mul);
            }
        }
        let kind = *u.choose(&kinds)?;
        let t = triplet(u, &mut f, kind, x, y, z)?;
        let (n1r, k1) = substitute_some(u, &mut f, &r1, x, t.rx)?;
        let (n2r, k2) = substitute_some(u, &mut f, &r2, y, t.ry)?;
        r1 = n1r;
        r2 = n2r;
        if let Some(w) = witness.as_mut() {
            let zv = Evaluator::new(&f, w).eval(t.fused).ok();
            w.values.push(zv);
            w.funcs.push(Vec::new());
            w.func_else.push(None);
        } else if sat {
            // No model of the seeds: the witness stays unknown (the seeds' labels carry
            // the claim).
        }
        let name = |d: &DeclId| f.decls[d.0 as usize].name.clone();
        texts.push(format!(
            "z = {} over {} and {} ({k1} and {k2} uses replaced)",
            t.text,
            name(xd),
            name(yd)
        ));
        if !sat {
            let eq = app(&mut f, Op::Eq, vec![z, t.fused]);
            side.push(eq);
            side.extend(t.guards);
        }
    }
    let conj = |f: &mut Formula, xs: &[NodeId]| match xs.len() {
        0 => f.lit(Value::Bool(true)),
        1 => xs[0],
        _ => app(f, Op::And, xs.to_vec()),
    };
    f.asserts.clear();
    if sat {
        for a in r1.iter().chain(r2.iter()) {
            f.asserts.push(*a);
        }
    } else {
        let p1 = conj(&mut f, &r1);
        let p2 = conj(&mut f, &r2);
        let d = app(&mut f, Op::Or, vec![p1, p2]);
        f.asserts.push(d);
        f.asserts.extend(side);
    }
    let f = crate::cases::mutate::rebuild(&f, None);
    // The disjunction is in every unsat core (the triplets' equations and guards are
    // satisfiable on their own); a core without it is re-checked alone.
    let core = (!sat).then(|| vec![0]);
    Ok(Constructed {
        formula: f,
        expected: s1.verdict,
        witness,
        core,
        decided_seed: Vec::new(),
        family: if sat { "fusion-sat" } else { "fusion-unsat" },
        rule: format!(
            "{} fusion of {} and {}: {}",
            if sat { "sat" } else { "unsat" },
            s1.origin,
            s2.origin,
            texts.join("; ")
        ),
    })
}

/// A seed from a construction family, decoded from `u`.
pub fn family_seed(u: &mut Unstructured) -> Result<Seed> {
    let families: &[(&str, super::Build)] = &[
        ("strings_sat", super::strings_sat::build),
        ("strings_unsat", super::strings_unsat::build),
        ("regex", super::regex::build),
    ];
    let (name, build) = families[u.choose_index(families.len())?];
    let c = build(u)?;
    Ok(Seed {
        formula: c.formula,
        verdict: c.expected,
        witness: c.witness,
        origin: format!("{name} ({})", c.rule),
        decided_by: None,
    })
}

static SEED_DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// Whether labelled files that use FloatingPoint (and datatypes) are seeds: only where
/// `SMTSMITH_THEORIES` allows the theory, which is outside the default swarm
/// (`docs/defaults.md`).
static OPT_IN_SEEDS: std::sync::OnceLock<crate::lang::generate::config::TheorySet> =
    std::sync::OnceLock::new();

/// Makes the files of the opt-in theories `allowed` allows (FloatingPoint, datatypes) seeds
/// of this process; once, before the first seed is read (a later call has no effect).
pub fn use_opt_in_seeds(allowed: crate::lang::generate::config::TheorySet) {
    let _ = OPT_IN_SEEDS.set(allowed);
}

/// Whether a script of signature `sig` uses a theory outside the default swarm that
/// `allowed` does not allow (its file is then no seed, nor a corpus entry).
pub fn outside_allowed(
    sig: &crate::lang::ir::Signature,
    allowed: &crate::lang::generate::config::TheorySet,
) -> Option<&'static str> {
    if sig.fp && !allowed.fp {
        return Some(
            "FloatingPoint (outside the default swarm; SMTSMITH_THEORIES=all,fp includes it)",
        );
    }
    if sig.datatypes && !allowed.datatypes {
        return Some(
            "datatypes (outside the default swarm; SMTSMITH_THEORIES=all,datatypes includes them)",
        );
    }
    None
}

/// Makes `dir` the folder of this process's labelled seeds (the settings' `SMTSMITH_SEEDS`);
/// once, before the first seed is read (a later call has no effect).
pub fn use_seed_dir(dir: std::path::PathBuf) {
    let _ = SEED_DIR.set(dir);
}

/// The labelled seed files: `LOGIC/sat|unsat/*.smt2` under the folder of [`use_seed_dir`]
/// (default: the repository's `seeds/`), at most 4 KiB each, sorted. A folder that is missing or holds
/// no such file stops the process with a message naming it: a seed-based target without
/// its seeds would quietly fuzz something else.
pub fn seed_files() -> &'static [(std::path::PathBuf, Verdict)] {
    static FILES: std::sync::OnceLock<Vec<(std::path::PathBuf, Verdict)>> =
        std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let dir = SEED_DIR.get_or_init(default_seed_dir);
        let mut out = Vec::new();
        let logics = std::fs::read_dir(dir).unwrap_or_else(|e| {
            panic!(
                "labelled seeds: cannot read {} ({e}); set SMTSMITH_SEEDS to a folder of LOGIC/sat|unsat/*.smt2",
                dir.display()
            )
        });
        for logic in logics.flatten() {
            for (sub, verdict) in [("sat", Verdict::Sat), ("unsat", Verdict::Unsat)] {
                let Ok(files) = std::fs::read_dir(logic.path().join(sub)) else {
                    continue;
                };
                for file in files.flatten() {
                    let p = file.path();
                    let small = file.metadata().map(|m| m.len() <= 4096).unwrap_or(false);
                    if small && p.extension().is_some_and(|e| e == "smt2") {
                        out.push((p, verdict));
                    }
                }
            }
        }
        assert!(
            !out.is_empty(),
            "labelled seeds: {} holds no LOGIC/sat|unsat/*.smt2 file of at most 4 KiB (SMTSMITH_SEEDS)",
            dir.display()
        );
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    })
}

/// The labelled seeds shipped with smtsmith: `seeds/` in the repository it was built from,
/// or, where that checkout is not (a fuzzing platform's runner gets the build's output folder
/// alone), `seeds/` beside the running program, where `oss-fuzz/build.sh` copies them.
pub fn default_seed_dir() -> std::path::PathBuf {
    let checkout = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    if checkout.is_dir() {
        return checkout;
    }
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("seeds")))
        .filter(|dir| dir.is_dir())
        .unwrap_or(checkout)
}

/// A labelled seed file chosen by `u`, parsed (files smtsmith does not support are
/// skipped: `Err`).
pub fn file_seed(u: &mut Unstructured) -> Result<Seed> {
    let files = seed_files();
    let k = u.choose_index(files.len())?;
    let (path, verdict) = &files[k];
    // Each file is read and parsed once per process (not once per fuzz input); `None`:
    // unreadable, unsupported, or a :status contrary to its folder (ambiguous label).
    static PARSED: std::sync::Mutex<Option<HashMap<usize, Option<Formula>>>> =
        std::sync::Mutex::new(None);
    let mut cache = PARSED.lock().unwrap_or_else(|e| e.into_inner());
    let formula = cache
        .get_or_insert_with(HashMap::new)
        .entry(k)
        .or_insert_with(|| {
            let text = std::fs::read_to_string(path).ok()?;
            let script = crate::cases::smtlib::parse::parse_script(&text).ok()?;
            if script.status.is_some_and(|s| s != *verdict) {
                return None;
            }
            let allowed = OPT_IN_SEEDS.get_or_init(Default::default);
            if outside_allowed(&script.formula.signature(), allowed).is_some() {
                return None;
            }
            Some(script.formula)
        });
    let formula = formula.clone().ok_or(arbitrary::Error::IncorrectFormat)?;
    drop(cache);
    let name = path
        .strip_prefix(path.ancestors().nth(3).unwrap_or(path))
        .unwrap_or(path)
        .display()
        .to_string();
    Ok(Seed {
        formula,
        verdict: *verdict,
        witness: None,
        origin: name,
        decided_by: None,
    })
}

/// A seed from a construction family or a labelled file (a few tries).
pub fn any_seed(u: &mut Unstructured) -> Result<Seed> {
    for _ in 0..8 {
        let s = if u.ratio(1, 2)? {
            family_seed(u)
        } else {
            file_seed(u)
        };
        if let Ok(s) = s {
            return Ok(s);
        }
    }
    Err(arbitrary::Error::NotEnoughData)
}

/// The sorts of `f`'s used constants that some fusion function takes.
fn fusable_sorts(f: &Formula) -> Vec<Sort> {
    let mut out: Vec<Sort> = used_constants(f)
        .into_iter()
        .map(|d| f.decls[d.0 as usize].sort.clone())
        .filter(|s| !Fusion::for_sort(s).is_empty())
        .collect();
    out.sort_by_key(|s| s.to_string());
    out.dedup();
    out
}

/// A fusion of two seeds from the construction families and the labelled files: the
/// second seed is drawn (a few tries) until it has the first one's verdict and a variable
/// of a sort the first one has.
pub fn build(u: &mut Unstructured) -> Result<Constructed> {
    let sat = u.ratio(1, 2)?;
    let seed = |u: &mut Unstructured, sorts: Option<&[Sort]>| -> Result<Seed> {
        for _ in 0..12 {
            let s = if u.ratio(1, 2)? {
                family_seed(u)
            } else {
                file_seed(u)
            };
            let Ok(s) = s else { continue };
            if (s.verdict == Verdict::Sat) != sat {
                continue;
            }
            let mine = fusable_sorts(&s.formula);
            let fits = match sorts {
                None => !mine.is_empty(),
                Some(want) => mine.iter().any(|m| want.contains(m)),
            };
            if fits {
                return Ok(s);
            }
        }
        Err(arbitrary::Error::NotEnoughData)
    };
    let s1 = seed(u, None)?;
    let sorts = fusable_sorts(&s1.formula);
    let s2 = seed(u, Some(&sorts))?;
    fuse(u, &s1, &s2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::eval::Truth;
    use crate::lang::generate::seeded_bytes;

    /// Every fusion function is invertible: on random values of `x` and `y` (non-zero
    /// where a guard asks for it) the evaluator finds `r_x(y, f(x, y)) = x` and
    /// `r_y(x, f(x, y)) = y`.
    #[test]
    fn fusion_functions_are_invertible() {
        let sorts = [
            Sort::Int,
            Sort::Real,
            Sort::String,
            Sort::BitVec(1),
            Sort::BitVec(8),
            Sort::BitVec(64),
        ];
        let mut checked = 0;
        for seed in 0..400u64 {
            let bytes = seeded_bytes(seed, 64);
            let mut u = Unstructured::new(&bytes);
            for sort in &sorts {
                for kind in Fusion::for_sort(sort) {
                    let mut f = Formula::default();
                    let dx = f.declare("x", sort.clone());
                    let dy = f.declare("y", sort.clone());
                    let dz = f.declare("z", sort.clone());
                    let (x, y, z) = (f.constant(dx), f.constant(dy), f.constant(dz));
                    let t = triplet(&mut u, &mut f, *kind, x, y, z).unwrap();
                    let val = |k: i64, s: &str| match sort {
                        Sort::Int => Value::Int(k.into()),
                        Sort::Real => Value::Real(BigRational::new(k.into(), 3.into())),
                        Sort::String => Value::str(s),
                        _ => Value::bv(sort.width().unwrap(), k.unsigned_abs() * 7919),
                    };
                    let strings = ["", "a", "ab", "xy", "\u{e9}a", "ba"];
                    let kx = (seed as i64 % 13) - 6;
                    let ky = (seed as i64 / 13 % 11) - 5;
                    let vx = val(kx, strings[seed as usize % 6]);
                    let vy = val(ky, strings[seed as usize / 6 % 6]);
                    let mut m = Model {
                        values: vec![Some(vx.clone()), Some(vy.clone()), None],
                        funcs: vec![Vec::new(); 3],
                        func_else: vec![None; 3],
                        divisions: Vec::new(),
                        unspecified: Vec::new(),
                    };
                    let guards_hold = t
                        .guards
                        .iter()
                        .all(|g| Evaluator::new(&f, &m).eval(*g).ok() == Some(Value::Bool(true)));
                    if !guards_hold {
                        continue;
                    }
                    let zv = Evaluator::new(&f, &m).eval(t.fused).unwrap();
                    m.values[2] = Some(zv);
                    let rx = Evaluator::new(&f, &m).eval(t.rx).unwrap();
                    let ry = Evaluator::new(&f, &m).eval(t.ry).unwrap();
                    assert_eq!(rx, vx, "{kind:?} {} r_x", t.text);
                    assert_eq!(ry, vy, "{kind:?} {} r_y", t.text);
                    checked += 1;
                }
            }
        }
        assert!(checked > 4000, "{checked}");
    }

    #[test]
    fn odd_inverses() {
        for w in [1u32, 2, 8, 13, 64, 128] {
            for c in [1u64, 3, 5, 7, 255, 12345] {
                let m = BigUint::from(1u8) << w;
                let c = BigUint::from(c) % &m;
                if &c % 2u8 == BigUint::from(0u8) {
                    continue;
                }
                assert_eq!((&c * odd_inverse(&c, w)) % &m, BigUint::from(1u8) % &m);
            }
        }
    }

    /// Sat fusion of family seeds with witnesses: the fused witness satisfies the fused
    /// formula (evaluator), and uses were replaced.
    #[test]
    fn sat_fusion_keeps_a_witness() {
        let mut held = 0;
        for seed in 0..600u64 {
            let bytes = seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let (Ok(a), Ok(b)) = (family_seed(&mut u), family_seed(&mut u)) else {
                continue;
            };
            if a.verdict != Verdict::Sat || b.verdict != Verdict::Sat {
                continue;
            }
            let Ok(c) = fuse(&mut u, &a, &b) else {
                continue;
            };
            crate::lang::generate::check_well_formed(&c.formula).unwrap();
            match crate::lang::eval::check_model(&c.formula, c.witness.as_ref().unwrap()) {
                Truth::True => held += 1,
                Truth::Unknown(..) => {}
                Truth::False(i) => panic!(
                    "seed {seed}: assertion {i} false: {}\n{}",
                    c.rule,
                    crate::cases::smtlib::script(&c.formula, &Default::default())
                ),
            }
        }
        assert!(held > 30, "{held}");
    }
}
