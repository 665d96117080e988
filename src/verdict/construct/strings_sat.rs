//! Strings, satisfiable by construction (Bugariu and Müller, "Automatically testing string
//! solvers", sections 3–4): string operations are applied to constants from boundary pools
//! and evaluated by smtsmith's evaluator; terms are combined (term synthesis: results feed
//! further operations) and asserted equal to their values or to other terms of the same
//! value; then constants are abstracted into variables (the same constant becomes the same
//! variable). The constants are a model of the formula, so it is satisfiable; the
//! evaluator confirms the witness before any solver runs.

use super::Constructed;
use crate::lang::eval::{apply_strict, check_model, Model, Truth};
use crate::lang::ir::{Formula, NodeId, Op, Sort, Value};
use crate::solver::Verdict;
use arbitrary::{Result, Unstructured};
use num_bigint::BigInt;
use std::collections::HashMap;

/// The operations: the paper's twelve (concat, length, at, substr, prefixof, suffixof,
/// contains, indexof, replace, to_int, from_int, plus `<`/`<=` of newer SMT-LIB) and the
/// newer SMT-LIB ones (replace_all, is_digit, to_code, from_code).
pub const OPS: &[Op] = &[
    Op::StrConcat,
    Op::StrLen,
    Op::StrAt,
    Op::StrSubstr,
    Op::StrPrefixof,
    Op::StrSuffixof,
    Op::StrContains,
    Op::StrIndexof,
    Op::StrReplace,
    Op::StrReplaceAll,
    Op::StrToInt,
    Op::StrFromInt,
    Op::StrLt,
    Op::StrLe,
    Op::StrIsDigit,
    Op::StrToCode,
    Op::StrFromCode,
];

/// The constants the construction starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pools {
    pub strings: Vec<Vec<u32>>,
    pub ints: Vec<BigInt>,
}

impl Pools {
    /// The built-in boundary pools.
    pub fn builtin() -> Pools {
        Pools {
            strings: string_pool(),
            ints: int_pool(),
        }
    }

    /// The pools of this process: those handed down by [`use_pools`] (the settings'
    /// `SMTSMITH_STRING_POOL` and `SMTSMITH_INT_POOL`), else the built-in ones.
    pub fn current() -> &'static Pools {
        POOLS.get_or_init(Pools::builtin)
    }
}

static POOLS: std::sync::OnceLock<Pools> = std::sync::OnceLock::new();

/// Makes `pools` this process's pools ([`Pools::current`]); once, before the first case
/// (a later call has no effect).
pub fn use_pools(pools: Pools) {
    let _ = POOLS.set(pools);
}

/// SMT-LIB string literals separated by white space (`""` inside a literal is a quote).
pub fn parse_string_pool(text: &str) -> Result<Vec<Vec<u32>>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        if chars[i] != '"' {
            return Err(format!("expected a string literal at character {}", i + 1));
        }
        let start = i;
        i += 1;
        loop {
            match chars.get(i) {
                None => return Err(format!("unterminated literal at character {}", start + 1)),
                Some('"') if chars.get(i + 1) == Some(&'"') => i += 2,
                Some('"') => {
                    i += 1;
                    break;
                }
                Some(_) => i += 1,
            }
        }
        let lit: String = chars[start..i].iter().collect();
        out.push(
            crate::cases::smtlib::parse_string_literal(&lit)
                .ok_or_else(|| format!("{lit}: not a valid SMT-LIB string literal"))?,
        );
    }
    if out.is_empty() {
        return Err("no string literal".into());
    }
    Ok(out)
}

/// Integers separated by white space.
pub fn parse_int_pool(text: &str) -> Result<Vec<BigInt>, String> {
    let out = text
        .split_whitespace()
        .map(|w| {
            w.parse::<BigInt>()
                .map_err(|_| format!("{w:?} is not an integer"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if out.is_empty() {
        return Err("no integer".into());
    }
    Ok(out)
}

/// String constants: empty, one character, quote and backslash (escape handling), digits
/// with a leading zero or a sign, non-ASCII (Latin-1, BMP, beyond the BMP up to the SMT-LIB
/// maximum 0x2FFFF), repetitions.
fn string_pool() -> Vec<Vec<u32>> {
    let s = |t: &str| t.chars().map(|c| c as u32).collect::<Vec<u32>>();
    vec![
        s(""),
        s("a"),
        s("b"),
        s("ab"),
        s("aa"),
        s("ba"),
        s("\""),
        s("\\"),
        s("\\u{61}"),
        s("0"),
        s("01"),
        s("12"),
        s("-1"),
        s(" "),
        vec![0xE9],
        vec![0x263A],
        vec![0x2FFFF],
        vec![0x61, 0x10000, 0x61],
    ]
}

/// Integer constants: around 0 and string lengths, the code-point bounds, large.
fn int_pool() -> Vec<BigInt> {
    [
        -2i64,
        -1,
        0,
        1,
        2,
        3,
        4,
        10,
        48,
        97,
        0x2FFFF,
        0x30000,
        1 << 32,
    ]
    .into_iter()
    .map(BigInt::from)
    .collect()
}

struct Builder<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    pools: &'u Pools,
    f: Formula,
    /// Terms built so far with their values (leaves and applications).
    terms: Vec<(NodeId, Value)>,
    /// Leaf nodes by constant value (the same constant is the same leaf: a variable or the
    /// literal, decided at first use).
    leaves: HashMap<Value, NodeId>,
    /// The witness: each variable's value.
    witness: Vec<Value>,
    /// Probability (in 1/8) that a constant becomes a variable.
    abstraction: u8,
    used_ops: Vec<Op>,
}

impl Builder<'_, '_> {
    fn leaf(&mut self, v: Value) -> Result<NodeId> {
        if let Some(n) = self.leaves.get(&v) {
            return Ok(*n);
        }
        let n = if self.u.int_in_range(0..=7u8)? < self.abstraction {
            let name = match v.sort() {
                Sort::String => format!("s{}", self.witness.len()),
                _ => format!("i{}", self.witness.len()),
            };
            let d = self.f.declare(name, v.sort());
            self.witness.push(v.clone());
            self.f.constant(d)
        } else {
            self.f.lit(v.clone())
        };
        self.leaves.insert(v.clone(), n);
        self.terms.push((n, v));
        Ok(n)
    }

    /// An argument of `sort`: a pool constant or (more often, once there are some) a term
    /// built before (term synthesis).
    fn arg(&mut self, sort: &Sort) -> Result<(NodeId, Value)> {
        let built: Vec<usize> = (0..self.terms.len())
            .filter(|k| self.terms[*k].1.sort() == *sort)
            .collect();
        if !built.is_empty() && self.u.ratio(1, 2)? {
            return Ok(self.terms[built[self.u.choose_index(built.len())?]].clone());
        }
        let v = match sort {
            Sort::String => {
                let pool = &self.pools.strings;
                Value::Str(pool[self.u.choose_index(pool.len())?].clone())
            }
            _ => {
                let pool = &self.pools.ints;
                Value::Int(pool[self.u.choose_index(pool.len())?].clone())
            }
        };
        let n = self.leaf(v.clone())?;
        Ok((n, v))
    }

    /// One application of a string operation to arguments, with its value; `None` when the
    /// evaluator cannot decide it.
    fn apply(&mut self) -> Result<Option<(NodeId, Value)>> {
        let op = OPS[self.u.choose_index(OPS.len())?];
        let info = op.info();
        let arity = if info.is_variadic() {
            info.min_arity + self.u.int_in_range(0..=1)?
        } else {
            info.min_arity
        };
        let sorts = info.arg_sorts(arity, None);
        let mut nodes = Vec::new();
        let mut vals = Vec::new();
        for s in &sorts {
            let (n, v) = self.arg(s)?;
            nodes.push(n);
            vals.push(v);
        }
        let Ok(value) = apply_strict(op, &vals) else {
            return Ok(None);
        };
        let node = self
            .f
            .app(op, nodes)
            .expect("the table's argument sorts are well-sorted");
        if !self.used_ops.contains(&op) {
            self.used_ops.push(op);
        }
        self.terms.push((node, value.clone()));
        Ok(Some((node, value)))
    }
}

/// A satisfiable string formula decoded from `u`, with its witness, over the pools of
/// [`Pools::current`].
pub fn build(u: &mut Unstructured) -> Result<Constructed> {
    build_with(u, Pools::current())
}

/// [`build`] over the given constant pools.
pub fn build_with(u: &mut Unstructured, pools: &Pools) -> Result<Constructed> {
    let abstraction = u.int_in_range(0..=8u8)?;
    let mut b = Builder {
        u,
        pools,
        f: Formula::default(),
        terms: Vec::new(),
        leaves: HashMap::new(),
        witness: Vec::new(),
        abstraction,
        used_ops: Vec::new(),
    };
    let steps = b.u.int_in_range(1..=6)?;
    let mut apps = Vec::new();
    for _ in 0..steps {
        if let Some(t) = b.apply()? {
            apps.push(t);
        }
    }
    if apps.is_empty() {
        // An exhausted input: the first pool string concatenated with itself.
        let v = Value::Str(b.pools.strings[0].clone());
        let x = b.leaf(v.clone())?;
        let n = b.f.app(Op::StrConcat, vec![x, x]).expect("well-sorted");
        let value = apply_strict(Op::StrConcat, &[v.clone(), v]).expect("concatenation is total");
        apps.push((n, value));
        b.used_ops.push(Op::StrConcat);
    }
    let asserts = b.u.int_in_range(1..=3usize)?;
    let mut how = Vec::new();
    for k in 0..asserts {
        let (t, v) = apps[if k == 0 {
            apps.len() - 1
        } else {
            b.u.choose_index(apps.len())?
        }]
        .clone();
        // Another term of the same value (term synthesis: equate terms of equal value).
        let same: Vec<NodeId> = b
            .terms
            .iter()
            .filter(|(n, w)| *n != t && *w == v)
            .map(|(n, _)| *n)
            .collect();
        let a = match &v {
            Value::Bool(true) => t,
            Value::Bool(false) => b.f.app(Op::Not, vec![t]).expect("well-sorted"),
            _ if !same.is_empty() && b.u.ratio(1, 2)? => {
                how.push("term = term");
                let other = same[b.u.choose_index(same.len())?];
                b.f.app(Op::Eq, vec![t, other]).expect("well-sorted")
            }
            _ => {
                how.push("term = value");
                let r = b.leaf(v.clone())?;
                if r == t {
                    continue;
                }
                b.f.app(Op::Eq, vec![t, r]).expect("well-sorted")
            }
        };
        if !b.f.asserts.contains(&a) {
            b.f.assert(a).expect("Boolean");
        }
    }
    if b.f.asserts.is_empty() {
        let (t, _) = apps[apps.len() - 1];
        let e = b.f.app(Op::Eq, vec![t, t]).expect("well-sorted");
        b.f.assert(e).expect("Boolean");
    }
    let witness = Model::of_constants(&b.witness);
    let ops: Vec<&str> = b.used_ops.iter().map(|o| o.name()).collect();
    how.sort();
    how.dedup();
    Ok(Constructed {
        formula: b.f,
        expected: Verdict::Sat,
        witness: Some(witness),
        core: None,
        decided_seed: Vec::new(),
        family: "strings-sat",
        rule: format!(
            "operations {} on pool constants, {}, {} of 8 constants abstracted into variables",
            ops.join(" "),
            if how.is_empty() {
                "Boolean results asserted".to_string()
            } else {
                how.join(" and ")
            },
            abstraction
        ),
    })
}

/// The construction's claim, checked by the evaluator: the witness satisfies the formula.
pub fn witness_holds(c: &Constructed) -> Truth {
    match &c.witness {
        Some(m) => check_model(&c.formula, m),
        None => Truth::Unknown(0, crate::lang::eval::Unknown("no witness".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::generate::{check_well_formed, seeded_bytes};

    /// Pools from the environment's syntax: literals with escapes and doubled quotes,
    /// integers; malformed text is rejected with the reason.
    #[test]
    fn pools_are_read_from_text() {
        let p = parse_string_pool(r#" "" "a""b" "\u{10000}" "#).unwrap();
        assert_eq!(p, vec![vec![], vec![0x61, 0x22, 0x62], vec![0x10000]]);
        assert!(parse_string_pool("\"a")
            .unwrap_err()
            .contains("unterminated"));
        assert!(parse_string_pool("a")
            .unwrap_err()
            .contains("expected a string literal"));
        assert_eq!(
            parse_int_pool(" -1 0 7 ").unwrap(),
            vec![BigInt::from(-1), 0.into(), 7.into()]
        );
        assert!(parse_int_pool("1 x").unwrap_err().contains("\"x\""));
    }

    /// With custom pools every literal of a case is a pool constant or a value the
    /// evaluator computed from them, and the witness still holds.
    #[test]
    fn custom_pools_are_used() {
        let pools = Pools {
            strings: vec![vec![0x7A, 0x7A]],
            ints: vec![BigInt::from(5)],
        };
        let mut seen_zz = false;
        for seed in 0..300 {
            let bytes = seeded_bytes(seed, 96);
            let c = build_with(&mut Unstructured::new(&bytes), &pools).unwrap();
            assert_eq!(witness_holds(&c), Truth::True);
            let text = crate::cases::smtlib::script(&c.formula, &Default::default());
            assert!(!text.contains("\"ab\""), "built-in pool used: {text}");
            seen_zz |= text.contains("\"zz\"")
                || c.witness
                    .as_ref()
                    .unwrap()
                    .values
                    .contains(&Some(Value::str("zz")));
        }
        assert!(seen_zz);
    }

    /// The sat side of the construction holds: for every decoded case the evaluator finds
    /// every assertion true under the witness (never false; unknown would make the case
    /// unusable and is counted).
    #[test]
    fn witnesses_satisfy_their_formulas() {
        let mut ops = Vec::new();
        for seed in 0..3000 {
            let bytes = seeded_bytes(seed, 96);
            let c = build(&mut Unstructured::new(&bytes)).unwrap();
            check_well_formed(&c.formula).unwrap();
            assert_eq!(
                witness_holds(&c),
                Truth::True,
                "seed {seed}: {}",
                crate::cases::smtlib::script(&c.formula, &Default::default())
            );
            for op in c.formula.signature().ops {
                if !ops.contains(&op) {
                    ops.push(op);
                }
            }
        }
        for op in OPS {
            assert!(ops.contains(op), "{op:?} never used");
        }
    }
}
