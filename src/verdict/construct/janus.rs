//! Weakening and strengthening (Winterer's thesis, chapter 6; the tool Janus). A seed of
//! known verdict is mutated in a chain of steps; each step picks a Boolean subformula `F`,
//! computes its parity (Def. 6.3.2: flipped under `not` and in an implication's premise;
//! kept through `and`, `or`, quantifiers, an `ite`'s branches; `xor`, Boolean `=` and an
//! `ite`'s condition are not entered) and replaces it by a weaker or a stronger formula
//! (Theorem 6.3.1): for a sat seed, weaker if `F` is positive and stronger if negative; for
//! an unsat seed the converse. The verdict stays the seed's.
//!
//! Rules (Table 6.1, checked; rows that do not hold are left out, e.g. `s1 = s2` is not
//! stronger than `s1 ≠ s1 ++ s3`, which is false for `s3 = ""`, and `n1 > n2` is not
//! stronger than `n1 > n2 + c`): every atom rule is property-tested with the evaluator.
//! The harness asks each solver for the seed first: a solver that decided the seed and
//! answers `unknown` on a mutant for a reason other than its limits is an
//! `incompleteness` finding (`harness::janus_case`).

use super::fusion::Seed;
use super::sae::Dir;
use super::Constructed;
use crate::lang::ir::{BoundId, Formula, NodeId, NodeKind, Op, Sort, Value};
use crate::solver::Verdict;
use arbitrary::{Result, Unstructured};
use num_rational::BigRational;

/// Atom rules: (operator, argument class, direction, name); `Over` = weaker (`F ⇒ F'`),
/// `Under` = stronger (`F' ⇒ F`). Arguments `x`, `y`; `>`-style operators keep their own
/// rows (no swap here).
pub const RULES: &[(Op, &str, Dir, &str)] = &[
    (Op::Eq, "num", Dir::Over, "x >= y"),
    (Op::Eq, "num", Dir::Over, "x <= y"),
    (Op::Gt, "num", Dir::Over, "x >= y"),
    (Op::Gt, "num", Dir::Over, "x != y"),
    (Op::Gt, "num", Dir::Under, "x > y + c, c >= 0"),
    (Op::Lt, "num", Dir::Over, "x <= y"),
    (Op::Lt, "num", Dir::Over, "x != y"),
    (Op::Lt, "num", Dir::Under, "x + a < y, a >= 0"),
    (Op::Ge, "num", Dir::Over, "x + c >= y, c >= 0"),
    (Op::Ge, "num", Dir::Under, "x > y"),
    (Op::Ge, "num", Dir::Under, "x = y"),
    (Op::Le, "num", Dir::Over, "x <= y + a, a >= 0"),
    (Op::Le, "num", Dir::Under, "x < y"),
    (Op::Le, "num", Dir::Under, "x = y"),
    (Op::Eq, "str", Dir::Over, "str.<= x y"),
    (Op::Eq, "str", Dir::Over, "str.prefixof x y"),
    (Op::Eq, "str", Dir::Over, "str.suffixof x y"),
    (Op::Eq, "str", Dir::Over, "str.contains x y"),
    (
        Op::Eq,
        "str",
        Dir::Over,
        "str.prefixof x y and str.prefixof y x",
    ),
    (Op::Eq, "str", Dir::Over, "len x = len y"),
    (Op::StrLt, "str", Dir::Over, "x != y"),
    (Op::StrLt, "str", Dir::Over, "str.<= x y"),
    (Op::StrLe, "str", Dir::Over, "str.<= x (y ++ z)"),
    (Op::StrContains, "str", Dir::Over, "len y <= len x"),
    (Op::StrPrefixof, "str", Dir::Over, "str.contains y x"),
    (Op::StrSuffixof, "str", Dir::Over, "str.contains y x"),
    (Op::StrInRe, "re", Dir::Over, "str.in_re x (re.+ y)"),
    (Op::StrInRe, "re", Dir::Over, "str.in_re x (re.opt y)"),
    (
        Op::StrInRe,
        "re",
        Dir::Over,
        "str.in_re x ((_ re.loop 1 n) y)",
    ),
    (Op::StrInRe, "re", Dir::Over, "str.in_re x (re.union y r)"),
    (Op::StrInRe, "re", Dir::Under, "str.in_re x (re.inter y r)"),
];

fn app(f: &mut Formula, op: Op, args: Vec<NodeId>) -> NodeId {
    f.app(op, args)
        .unwrap_or_else(|e| panic!("Janus builds well-sorted terms: {op:?}: {e}"))
}

fn class(s: &Sort) -> &'static str {
    match s {
        Sort::Int | Sort::Real => "num",
        Sort::String => "str",
        _ => "",
    }
}

/// Applies atom rule `name` to `x`, `y`: the rules Janus shares with SAE come from
/// [`crate::verdict::construct::sae::apply_rule`]; these are Janus's own.
pub fn apply_rule(
    u: &mut Unstructured,
    f: &mut Formula,
    name: &str,
    x: NodeId,
    y: NodeId,
) -> Result<NodeId> {
    let sort = f.sort_of(x).clone();
    Ok(match name {
        "x >= y" => app(f, Op::Ge, vec![x, y]),
        "x > y" => app(f, Op::Gt, vec![x, y]),
        "x > y + c, c >= 0" => {
            let c = super::sae::amount(u, f, &sort, false)?;
            let yc = app(f, Op::Add, vec![y, c]);
            app(f, Op::Gt, vec![x, yc])
        }
        "x + c >= y, c >= 0" => {
            let c = super::sae::amount(u, f, &sort, false)?;
            let xc = app(f, Op::Add, vec![x, c]);
            app(f, Op::Ge, vec![xc, y])
        }
        "str.prefixof x y and str.prefixof y x" => {
            let a = app(f, Op::StrPrefixof, vec![x, y]);
            let b = app(f, Op::StrPrefixof, vec![y, x]);
            app(f, Op::And, vec![a, b])
        }
        "str.<= x (y ++ z)" => {
            let z = f.lit(Value::str(u.choose(&["", "a", "ab", "\u{e9}"])?));
            let yz = app(f, Op::StrConcat, vec![y, z]);
            app(f, Op::StrLe, vec![x, yz])
        }
        "str.in_re x (re.+ y)" => {
            let r = app(f, Op::RePlus, vec![y]);
            app(f, Op::StrInRe, vec![x, r])
        }
        "str.in_re x (re.opt y)" => {
            let r = app(f, Op::ReOpt, vec![y]);
            app(f, Op::StrInRe, vec![x, r])
        }
        "str.in_re x ((_ re.loop 1 n) y)" => {
            let n = u.int_in_range(1..=4u32)?;
            let r = f
                .app_indexed(Op::ReLoop, [1, n], vec![y])
                .expect("well-sorted");
            app(f, Op::StrInRe, vec![x, r])
        }
        // Table 6.1's first string row, kept only for the test that refutes it.
        "x != x ++ z (refuted)" => {
            let z = f.lit(Value::str(u.choose(&["", "a"])?));
            let xz = app(f, Op::StrConcat, vec![x, z]);
            app(f, Op::Distinct, vec![x, xz])
        }
        shared => return crate::verdict::construct::sae::apply_rule(u, f, shared, x, y),
    })
}

/// A Boolean position: the node and its parity (true: positive).
#[derive(Clone, Copy, Debug)]
struct Position {
    node: NodeId,
    positive: bool,
}

/// The Boolean positions of the assertions with their parities (each reachable node once
/// per parity; quantifier bodies are entered, their bound variables then occur in the
/// subformula and rules only rename nothing, so no capture arises).
fn positions(f: &Formula) -> Vec<Position> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut stack: Vec<(NodeId, bool)> = f.asserts.iter().map(|a| (*a, true)).collect();
    while let Some((n, p)) = stack.pop() {
        if !seen.insert((n, p)) {
            continue;
        }
        out.push(Position {
            node: n,
            positive: p,
        });
        match &f.node(n).kind {
            NodeKind::App(Op::Not, _, a) => stack.push((a[0], !p)),
            NodeKind::App(Op::And | Op::Or, _, a) => stack.extend(a.iter().map(|c| (*c, p))),
            NodeKind::App(Op::Implies, _, a) => {
                let last = a.len() - 1;
                stack.extend(
                    a.iter()
                        .enumerate()
                        .map(|(k, c)| (*c, if k == last { p } else { !p })),
                );
            }
            NodeKind::App(Op::Ite, _, a) if *f.sort_of(n) == Sort::Bool => {
                stack.push((a[1], p));
                stack.push((a[2], p));
            }
            NodeKind::Quant { body, .. } => stack.push((*body, p)),
            _ => {}
        }
    }
    out
}

/// Nodes used somewhere other than a Boolean position — as an argument of anything but
/// `not`, `and`, `or`, `=>`, a Boolean `ite`'s branches or a quantifier's body — and every
/// node below one.
fn opaque_nodes(f: &Formula) -> std::collections::HashSet<NodeId> {
    let mut out = std::collections::HashSet::new();
    for n in f.reachable_postorder() {
        let kind = &f.node(n).kind;
        let positional: Vec<NodeId> = match kind {
            NodeKind::App(Op::Not | Op::And | Op::Or | Op::Implies, _, a) => a.clone(),
            NodeKind::App(Op::Ite, _, a) if *f.sort_of(n) == Sort::Bool => vec![a[1], a[2]],
            NodeKind::Quant { body, .. } => vec![*body],
            _ => Vec::new(),
        };
        for c in f.children(n) {
            if !positional.contains(&c) {
                out.insert(c);
            }
        }
    }
    // Everything below such a use is out of reach too (a let's body reaches atoms through
    // and/or nodes that look positional: seen in a 4.8.7 run, where an atom under a let in a
    // negative context was strengthened through its positive copy elsewhere).
    let mut stack: Vec<NodeId> = out.iter().copied().collect();
    while let Some(n) = stack.pop() {
        for c in f.children(n) {
            if out.insert(c) {
                stack.push(c);
            }
        }
    }
    out
}

/// Replaces the node `at` by `by` everywhere it occurs (a node shared between positions of
/// both parities is not chosen: see [`step`]).
fn replace(f: &Formula, at: NodeId, by: NodeId) -> Formula {
    crate::cases::mutate::rebuild(f, Some((at, by)))
}

/// One weakening (`Dir::Over`) or strengthening (`Dir::Under`) of the formula at `pos`.
/// Returns the new node for `pos` and the rule's name.
fn rewrite(
    u: &mut Unstructured,
    f: &mut Formula,
    node: NodeId,
    dir: Dir,
) -> Result<Option<(NodeId, String)>> {
    let kind = f.node(node).kind.clone();
    let mut options: Vec<String> = Vec::new();
    match (&kind, dir) {
        (NodeKind::App(Op::And, _, a), Dir::Over) if a.len() >= 2 => {
            options.push("drop a conjunct".into());
            options.push("and to or".into());
        }
        (NodeKind::App(Op::Or, _, a), Dir::Under) if a.len() >= 2 => {
            options.push("drop a disjunct".into());
            options.push("or to and".into());
        }
        (NodeKind::App(Op::Xor, _, a), Dir::Over) if a.len() == 2 => {
            options.push("xor to or".into())
        }
        (NodeKind::App(Op::Ite, _, _), Dir::Over) if *f.sort_of(node) == Sort::Bool => {
            options.push("ite to cond => then".into());
            options.push("ite to not cond => else".into());
        }
        (NodeKind::Quant { forall: true, .. }, Dir::Over) => {
            options.push("forall to exists".into());
            options.push("instantiate forall".into());
        }
        (NodeKind::Quant { forall: false, .. }, Dir::Under) => {
            options.push("instantiate exists".into());
        }
        (NodeKind::App(op, _, a), _) if a.len() == 2 => {
            let c = if *op == Op::StrInRe {
                "re"
            } else {
                class(f.sort_of(a[0]))
            };
            for (o, k, d, name) in RULES {
                if o == op && *k == c && *d == dir {
                    options.push(format!("atom: {name}"));
                }
            }
        }
        _ => {}
    }
    options.push(if dir == Dir::Over {
        "F or psi".into()
    } else {
        "F and psi".into()
    });
    let choice = options[u.choose_index(options.len())?].clone();
    let new = match (choice.as_str(), &kind) {
        ("drop a conjunct" | "drop a disjunct", NodeKind::App(op, _, a)) => {
            let k = u.choose_index(a.len())?;
            let rest: Vec<NodeId> = a
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, c)| *c)
                .collect();
            if rest.len() == 1 {
                rest[0]
            } else {
                app(f, *op, rest)
            }
        }
        ("and to or", NodeKind::App(_, _, a)) | ("xor to or", NodeKind::App(_, _, a)) => {
            app(f, Op::Or, a.clone())
        }
        ("or to and", NodeKind::App(_, _, a)) => app(f, Op::And, a.clone()),
        ("ite to cond => then", NodeKind::App(_, _, a)) => app(f, Op::Implies, vec![a[0], a[1]]),
        ("ite to not cond => else", NodeKind::App(_, _, a)) => {
            let n = app(f, Op::Not, vec![a[0]]);
            app(f, Op::Implies, vec![n, a[2]])
        }
        ("forall to exists", NodeKind::Quant { vars, body, .. }) => f
            .quantifier(false, vars.clone(), *body)
            .expect("same variables and body"),
        ("instantiate forall" | "instantiate exists", NodeKind::Quant { forall, vars, body }) => {
            instantiate(u, f, *forall, vars, *body)?
        }
        (name, NodeKind::App(_, _, a)) if name.starts_with("atom: ") => {
            apply_rule(u, f, &name["atom: ".len()..], a[0], a[1])?
        }
        _ => {
            // ψ closed, built by the generator from the formula's constants.
            let cfg = crate::cases::mutate::config_for(f, u)?;
            let g = std::mem::take(f);
            let (g, psi) = crate::lang::generate::grow(&cfg, u, g, &Sort::Bool, &[], 2)?;
            *f = g;
            let op = if dir == Dir::Over { Op::Or } else { Op::And };
            app(f, op, vec![node, psi])
        }
    };
    Ok(Some((new, choice)))
}

/// `body` with its first bound variable replaced by a closed term of its sort (a literal
/// or a constant of the formula); the other variables stay quantified.
fn instantiate(
    u: &mut Unstructured,
    f: &mut Formula,
    forall: bool,
    vars: &[BoundId],
    body: NodeId,
) -> Result<NodeId> {
    let v = vars[0];
    let sort = f.bounds[v.0 as usize].sort.clone();
    let consts: Vec<NodeId> = f
        .reachable_postorder()
        .into_iter()
        .filter(|n| matches!(f.node(*n).kind, NodeKind::Const(_)) && *f.sort_of(*n) == sort)
        .collect();
    let term = if !consts.is_empty() && u.ratio(1, 2)? {
        consts[u.choose_index(consts.len())?]
    } else {
        let value = match &sort {
            Sort::Int => Value::Int(u.int_in_range(-2..=3i64)?.into()),
            Sort::Real => Value::Real(BigRational::from_integer(u.int_in_range(-2..=3i64)?.into())),
            Sort::String => Value::str(u.choose(&["", "a", "ab"])?),
            Sort::Bool => Value::Bool(u.arbitrary()?),
            Sort::BitVec(w) => Value::bv(*w, u.int_in_range(0..=255u32)?),
            _ => return Err(arbitrary::Error::IncorrectFormat),
        };
        f.lit(value)
    };
    // Substitute every node of the bound variable inside the body (new nodes; the
    // original body is left as it is).
    fn subst(
        f: &mut Formula,
        n: NodeId,
        v: BoundId,
        term: NodeId,
        memo: &mut std::collections::HashMap<NodeId, NodeId>,
    ) -> NodeId {
        if let Some(m) = memo.get(&n) {
            return *m;
        }
        let node = f.node(n).clone();
        let kind = match &node.kind {
            NodeKind::Bound(b) if *b == v => {
                memo.insert(n, term);
                return term;
            }
            NodeKind::App(op, idx, a) => NodeKind::App(
                *op,
                *idx,
                a.iter().map(|c| subst(f, *c, v, term, memo)).collect(),
            ),
            NodeKind::Call(d, a) => {
                NodeKind::Call(*d, a.iter().map(|c| subst(f, *c, v, term, memo)).collect())
            }
            NodeKind::Let(bs, body) => NodeKind::Let(
                bs.iter()
                    .map(|(b, c)| (*b, subst(f, *c, v, term, memo)))
                    .collect(),
                subst(f, *body, v, term, memo),
            ),
            NodeKind::Quant { forall, vars, body } => NodeKind::Quant {
                forall: *forall,
                vars: vars.clone(),
                body: subst(f, *body, v, term, memo),
            },
            _ => {
                memo.insert(n, n);
                return n;
            }
        };
        let out = if kind == node.kind {
            n
        } else {
            f.nodes.push(crate::lang::ir::Node {
                kind,
                sort: node.sort.clone(),
            });
            NodeId(f.nodes.len() as u32 - 1)
        };
        memo.insert(n, out);
        out
    }
    let new_body = subst(f, body, v, term, &mut std::collections::HashMap::new());
    if vars.len() == 1 {
        Ok(new_body)
    } else {
        Ok(f.quantifier(forall, vars[1..].to_vec(), new_body)
            .expect("Boolean body"))
    }
}

/// A chain of 1–4 weakening/strengthening steps of `seed`, each in the direction its
/// position's parity and the seed's verdict ask for.
pub fn mutate(u: &mut Unstructured, seed: &Seed) -> Result<Constructed> {
    let sat = match seed.verdict {
        Verdict::Sat => true,
        Verdict::Unsat => false,
        _ => return Err(arbitrary::Error::IncorrectFormat),
    };
    let mut f = seed.formula.clone();
    let steps = u.int_in_range(1..=4u8)?;
    let mut applied = Vec::new();
    for _ in 0..steps {
        let ps = positions(&f);
        let opaque = opaque_nodes(&f);
        // A node reachable with both parities, or also used where no parity is defined
        // (under xor, Boolean =, an ite's condition, a function's argument), cannot be
        // rewritten soundly (the rewrite replaces every use): skip those.
        let usable: Vec<Position> = ps
            .iter()
            .copied()
            .filter(|p| !opaque.contains(&p.node))
            .filter(|p| {
                !ps.iter()
                    .any(|q| q.node == p.node && q.positive != p.positive)
            })
            .collect();
        if usable.is_empty() {
            break;
        }
        let p = usable[u.choose_index(usable.len())?];
        // sat: weaken positive, strengthen negative; unsat: the converse.
        let dir = if p.positive == sat {
            Dir::Over
        } else {
            Dir::Under
        };
        let Some((new, name)) = rewrite(u, &mut f, p.node, dir)? else {
            continue;
        };
        applied.push(format!(
            "{} {} position: {name}",
            if dir == Dir::Over {
                "weaken"
            } else {
                "strengthen"
            },
            if p.positive { "positive" } else { "negative" }
        ));
        f = replace(&f, p.node, new);
    }
    // A snippet that reused an enclosing quantifier (closed, so the generator may take it)
    // gives its variables two binders, which the backends cannot translate: dropped.
    if applied.is_empty() || !f.binders_unique() {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let witness = seed.witness.clone().map(|w| w.extended_to(f.decls.len()));
    Ok(Constructed {
        formula: f,
        expected: seed.verdict,
        // A weakening of a sat formula keeps its models; a strengthened negative position
        // keeps them too (Lemma 6.3.1: the mutant is implied by the seed).
        witness: if sat { witness } else { None },
        core: None,
        decided_seed: Vec::new(),
        family: "janus",
        rule: format!(
            "{} of {}: {}",
            if sat {
                "weakening (sat)"
            } else {
                "strengthening (unsat)"
            },
            seed.origin,
            applied.join("; ")
        ),
    })
}

/// A Janus mutant of a seed from the families or the labelled files.
pub fn build(u: &mut Unstructured) -> Result<Constructed> {
    let seed = super::fusion::any_seed(u)?;
    mutate(u, &seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::generate::seeded_bytes;
    use crate::verdict::construct::sae::counterexamples;

    /// Every atom rule weakens (`F ⇒ F'`) or strengthens (`F' ⇒ F`) on 600 random
    /// assignments per sort; Table 6.1's `s1 = s2` ⇒ `s1 ≠ s1 ++ s3` is refuted.
    #[test]
    fn atom_rules_hold() {
        for (op, class, dir, name) in RULES {
            assert_eq!(
                counterexamples(*op, class, *dir, name, 600, apply_rule),
                0,
                "{op:?} {dir:?} {name}"
            );
        }
        assert!(
            counterexamples(
                Op::Eq,
                "str",
                Dir::Over,
                "x != x ++ z (refuted)",
                600,
                apply_rule
            ) > 0
        );
    }

    /// Nodes below a non-Boolean-position use are never rewritten, however they are
    /// reached: `a` inside `(xor (and a c) d)` is out of reach although its parent `and`
    /// looks positional (the shape of a false alarm seen with a let).
    #[test]
    fn nodes_below_opaque_uses_are_opaque() {
        let mut f = Formula::default();
        let x = f.declare("x", Sort::Int);
        let x = f.constant(x);
        let zero = f.lit(Value::Int(0.into()));
        let a = app(&mut f, Op::Gt, vec![x, zero]);
        let c = f.declare("c", Sort::Bool);
        let c = f.constant(c);
        let d = f.declare("d", Sort::Bool);
        let d = f.constant(d);
        let ac = app(&mut f, Op::And, vec![a, c]);
        let xor = app(&mut f, Op::Xor, vec![ac, d]);
        f.assert(xor).unwrap();
        f.assert(a).unwrap();
        let opaque = opaque_nodes(&f);
        assert!(opaque.contains(&ac) && opaque.contains(&a));
        assert!(!opaque.contains(&xor));
    }

    /// A closed quantifier placed inside its own body gives its variable two binders: the
    /// check that drops such mutants sees it (the backends would build a free variable).
    #[test]
    fn a_quantifier_inside_itself_is_detected() {
        let mut f = Formula::default();
        let (v, vn) = f.bound_var("v", Sort::Int);
        let zero = f.lit(Value::Int(0.into()));
        let gt = app(&mut f, Op::Gt, vec![vn, zero]);
        let q = f.quantifier(false, vec![v], gt).unwrap();
        f.assert(q).unwrap();
        assert!(f.binders_unique());
        let both = app(&mut f, Op::Or, vec![gt, q]);
        let nested = f.quantifier(false, vec![v], both).unwrap();
        f.asserts = vec![nested];
        assert!(!f.binders_unique());
    }

    /// Mutants of sat family seeds keep the seed's witness (Lemma 6.3.1), every kind of
    /// step occurs, and the result is well-formed.
    #[test]
    fn weakened_sat_seeds_keep_their_witness() {
        let (mut held, mut kinds) = (0, std::collections::BTreeSet::new());
        for seed in 0..800u64 {
            let bytes = seeded_bytes(seed, 256);
            let mut u = Unstructured::new(&bytes);
            let Ok(s) = super::super::fusion::family_seed(&mut u) else {
                continue;
            };
            let Ok(c) = mutate(&mut u, &s) else {
                continue;
            };
            crate::lang::generate::check_well_formed(&c.formula).unwrap();
            for part in c.rule.split("; ") {
                if let Some(k) = part.split(": ").nth(1) {
                    kinds.insert(k.split(' ').next().unwrap_or("").to_string());
                }
            }
            let Some(w) = &c.witness else { continue };
            match crate::lang::eval::check_model(&c.formula, w) {
                crate::lang::eval::Truth::True => held += 1,
                crate::lang::eval::Truth::Unknown(..) => {}
                crate::lang::eval::Truth::False(i) => panic!(
                    "seed {seed}: assertion {i} false: {}\n{}",
                    c.rule,
                    crate::cases::smtlib::script(&c.formula, &Default::default())
                ),
            }
        }
        assert!(held > 100, "{held}");
        assert!(kinds.len() >= 5, "{kinds:?}");
    }
}
