//! Z3's optimizer (`minimize`, `maximize`, `assert-soft`; lexicographic, box and Pareto
//! priorities) and its exact oracle ([`judge`]).
//!
//! A case ([`OptCase`]) is a generated formula of linear arithmetic or bit-vectors (the
//! hard constraints) with objectives over its terms. Each objective is a fresh constant
//! `objectiveK` defined by a hard constraint `(= objectiveK term)`, and each soft constraint
//! a fresh Boolean `softK` defined by `(= softK term)`: the objectives then survive the
//! formula's reduction by name, and the reproducer is plain SMT-LIB with `(minimize
//! objectiveK)` lines. Z3 runs each case twice: built through its C API and parsed by its own
//! front end (`Z3_optimize_from_string`); `oracle::optimum` judges each answer and
//! `harness::optimize` runs the cases.

use crate::lang::generate::{Case, Theories, TheorySet};
use crate::lang::ir::{DeclId, Formula, NodeId, Op, Sort, Value};
use num_bigint::BigInt;
use num_rational::BigRational;
use std::fmt::Write;

/// Which way an objective goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Minimize,
    Maximize,
}

impl Direction {
    pub fn command(self) -> &'static str {
        match self {
            Direction::Minimize => "minimize",
            Direction::Maximize => "maximize",
        }
    }
}

/// How Z3 combines several objectives (its parameter `opt.priority`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// The first objective optimal, the second optimal among the first's optima, …
    Lex,
    /// Each objective optimal on its own.
    Box,
    /// One Pareto-optimal point: no model is at least as good on every objective and
    /// better on one.
    Pareto,
}

impl Priority {
    pub fn name(self) -> &'static str {
        match self {
            Priority::Lex => "lex",
            Priority::Box => "box",
            Priority::Pareto => "pareto",
        }
    }
}

/// One objective: `direction` of the constant named `name` (an Int, Real or bit-vector,
/// defined in the formula by `(= name term)`). Bit-vectors are optimized as unsigned
/// numbers, as Z3 documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    pub direction: Direction,
    pub name: String,
}

/// A soft constraint: the Boolean constant `name` (defined by `(= name term)`) with its
/// weight. All soft constraints of a case form one group, minimized after the objectives:
/// its cost is the sum of the weights of the soft constraints a model falsifies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Soft {
    pub name: String,
    pub weight: u32,
}

/// An optimization case: the hard constraints (`formula`, with the definitions of the
/// objectives' and soft constraints' constants), the objectives in priority order, the soft
/// constraints and the priority.
#[derive(Clone, Debug)]
pub struct OptCase {
    pub formula: Formula,
    pub objectives: Vec<Objective>,
    pub softs: Vec<Soft>,
    pub priority: Priority,
    /// Parameters of Z3's optimizer (`opt.` module, SMT-LIB names), drawn from its own
    /// descriptions (`smtsmith::solver::catalog::optimizer_drawable`).
    pub options: Vec<(String, String)>,
}

/// The theories of the optimizer's cases: Z3 optimizes linear arithmetic and bit-vector
/// objectives; over nonlinear arithmetic, strings or quantifiers it gives no guarantee, so
/// such cases would only make false alarms.
pub const THEORIES: Theories = Theories {
    allowed: TheorySet {
        ints: true,
        reals: true,
        bv: true,
        strings: false,
        arrays: true,
        quantifiers: false,
        uf: true,
        fp: false,
        datatypes: false,
        seq: false,
        rec: false,
    },
    required: Theories::ALL.required,
    odds: crate::lang::generate::TheoryOdds::DEFAULT,
};

/// Whether Z3's optimizer is exact on formulas of `logic`: quantifier-free, with linear
/// arithmetic, bit-vectors, arrays and uninterpreted functions only.
pub fn logic_in_scope(logic: &str) -> bool {
    let Some(rest) = logic.strip_prefix("QF_") else {
        return false;
    };
    let rest = rest.strip_prefix("A").unwrap_or(rest);
    let rest = rest.strip_prefix("UF").unwrap_or(rest);
    let rest = rest.strip_prefix("BV").unwrap_or(rest);
    matches!(rest, "" | "LIA" | "LRA" | "LIRA" | "IDL" | "RDL")
}

/// The sort of terms that can be objectives.
fn objective_sort(s: &Sort) -> bool {
    match s {
        Sort::Int | Sort::Real => true,
        Sort::BitVec(w) => *w <= 64,
        _ => false,
    }
}

impl OptCase {
    /// The case the fuzzer's bytes decode to: a generated formula of [`THEORIES`], one to
    /// three of its terms as objectives, up to three of its Boolean terms as soft
    /// constraints, a priority. `None` where the formula is outside [`logic_in_scope`] or has
    /// no term an objective can be made of.
    /// `table`: the optimizer's parameters to draw a swarm of (none: Z3's defaults).
    pub fn from_bytes(data: &[u8], table: &[crate::dialect::options::Drawable]) -> Option<OptCase> {
        let case = Case::from_bytes_in(data, &THEORIES);
        // The choices come from the input's end, which the generator reads last if at all.
        let tail: Vec<u8> = data.iter().rev().take(32).copied().collect();
        let mut u = arbitrary::Unstructured::new(&tail);
        let objectives: u8 = u.int_in_range(1..=3).unwrap_or(1);
        let softs: u8 = u.int_in_range(0..=3).unwrap_or(0);
        let priority = match u.int_in_range(0..=5u8).unwrap_or(0) {
            0..=3 => Priority::Lex,
            4 => Priority::Box,
            _ => Priority::Pareto,
        };
        let mut picks = Vec::new();
        for _ in 0..(objectives + softs) {
            picks.push((
                u.arbitrary::<u16>().unwrap_or(0),
                u.arbitrary::<bool>().unwrap_or(false),
            ));
        }
        let options = if table.is_empty() {
            Vec::new()
        } else {
            crate::dialect::options::draw_swarm(&mut u, table).unwrap_or_default()
        };
        let bounds = match u.int_in_range(0..=3u8).unwrap_or(0) {
            0 => None,
            _ => Some(u.arbitrary::<u16>().unwrap_or(0)),
        };
        let mut case = OptCase::over(case.formula, objectives as usize, &picks, priority, bounds)?;
        case.options = options;
        Some(case)
    }

    /// The case over `formula`: the first `objectives` of `picks` choose objectives (a term
    /// of the formula that mentions a constant, or in one case in four a linear combination
    /// of two or three of them; the flag: maximize), the rest soft constraints (a Boolean
    /// term; the flag: weight 1 or 1–3). `bounds`: each Int and Real constant gets a box
    /// `lo <= x <= hi` drawn from it (so that most objectives have an optimum), or none.
    pub fn over(
        mut formula: Formula,
        objectives: usize,
        picks: &[(u16, bool)],
        priority: Priority,
        bounds: Option<u16>,
    ) -> Option<OptCase> {
        if !logic_in_scope(&formula.signature().logic()) {
            return None;
        }
        // Closed terms only: a term under a `let` or a binder names variables that mean
        // nothing outside it.
        let free = formula.free_bound_vars(false);
        let order = formula.reachable_postorder();
        let mut has_constant = vec![false; formula.nodes.len()];
        for n in &order {
            has_constant[n.0 as usize] = match &formula.node(*n).kind {
                crate::lang::ir::NodeKind::Const(_) => true,
                _ => formula
                    .children(*n)
                    .iter()
                    .any(|c| has_constant[c.0 as usize]),
            };
        }
        let nodes: Vec<NodeId> = order
            .into_iter()
            .filter(|n| free[n.0 as usize].is_empty())
            .collect();
        let numeric: Vec<NodeId> = nodes
            .iter()
            .copied()
            .filter(|n| objective_sort(formula.sort_of(*n)) && has_constant[n.0 as usize])
            .collect();
        let boolean: Vec<NodeId> = nodes
            .iter()
            .copied()
            .filter(|n| *formula.sort_of(*n) == Sort::Bool)
            .collect();
        if numeric.is_empty() {
            return None;
        }
        if let Some(b) = bounds {
            boxed(&mut formula, b)?;
        }
        let mut goals = Vec::new();
        let mut softs = Vec::new();
        for (k, (pick, max)) in picks.iter().enumerate() {
            if k < objectives {
                let direction = if *max {
                    Direction::Maximize
                } else {
                    Direction::Minimize
                };
                let term = numeric[*pick as usize % numeric.len()];
                let term = match pick % 4 {
                    0 => combination(&mut formula, &numeric, *pick)?,
                    _ => term,
                };
                goals.push((direction, term));
            } else if !boolean.is_empty() {
                let weight = if *max { 1 + (*pick as u32 % 3) } else { 1 };
                softs.push((boolean[*pick as usize % boolean.len()], weight));
            }
        }
        OptCase::with_goals(formula, &goals, &softs, priority)
    }

    /// The case over `formula` with these objectives (direction and term) and soft
    /// constraints (Boolean term and weight), each defined by a fresh constant.
    pub fn with_goals(
        mut formula: Formula,
        objectives: &[(Direction, NodeId)],
        softs: &[(NodeId, u32)],
        priority: Priority,
    ) -> Option<OptCase> {
        let mut case = OptCase {
            formula: Formula::default(),
            objectives: Vec::new(),
            softs: Vec::new(),
            priority,
            options: Vec::new(),
        };
        for (k, (direction, term)) in objectives.iter().enumerate() {
            if !objective_sort(formula.sort_of(*term)) {
                return None;
            }
            let name = format!("objective{k}");
            define(&mut formula, &name, *term)?;
            case.objectives.push(Objective {
                direction: *direction,
                name,
            });
        }
        for (k, (term, weight)) in softs.iter().enumerate() {
            if *formula.sort_of(*term) != Sort::Bool {
                return None;
            }
            let name = format!("soft{k}");
            define(&mut formula, &name, *term)?;
            case.softs.push(Soft {
                name,
                weight: *weight,
            });
        }
        case.formula = formula;
        Some(case)
    }

    /// The objectives and soft constraints over another formula (a reduction's
    /// candidate) whose constants it still declares: a reduction drops an objective by
    /// dropping its definition. `None` where no objective is left.
    pub fn with_formula(&self, formula: Formula) -> Option<OptCase> {
        let objectives: Vec<Objective> = self
            .objectives
            .iter()
            .filter(|o| decl(&formula, &o.name).is_some())
            .cloned()
            .collect();
        let softs = self
            .softs
            .iter()
            .filter(|s| decl(&formula, &s.name).is_some())
            .cloned()
            .collect();
        (!objectives.is_empty()).then_some(OptCase {
            formula,
            objectives,
            softs,
            priority: self.priority,
            options: self.options.clone(),
        })
    }

    /// The formula's declaration of `name`.
    pub fn decl(&self, name: &str) -> Option<DeclId> {
        decl(&self.formula, name)
    }

    /// The declarations, assertions and optimization commands, as Z3's front end reads
    /// them (`Z3_optimize_from_string` takes exactly these: no `set-logic`, no check).
    pub fn commands(&self) -> String {
        let printed = crate::cases::smtlib::script(&self.formula, &Default::default());
        let mut out = String::new();
        for line in printed.lines() {
            if line.starts_with("(set-logic") || line.starts_with("(check-sat") {
                continue;
            }
            out.push_str(line);
            out.push('\n');
        }
        for o in &self.objectives {
            let _ = writeln!(out, "({} {})", o.direction.command(), o.name);
        }
        for s in &self.softs {
            let _ = writeln!(
                out,
                "(assert-soft {} :weight {} :id goal)",
                s.name, s.weight
            );
        }
        out
    }

    /// The whole script for Z3's binary: the priority, the commands, the check, the
    /// objectives' values and the model's values of the objectives' constants.
    pub fn script(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{SCRIPT_MARK} {})", self.priority.name());
        for (k, v) in &self.options {
            let _ = writeln!(out, "(set-option :{k} {v})");
        }
        out.push_str(&self.commands());
        out.push_str("(check-sat)\n(get-objectives)\n");
        let names: Vec<&str> = self.objectives.iter().map(|o| o.name.as_str()).collect();
        if !names.is_empty() {
            let _ = writeln!(out, "(get-value ({}))", names.join(" "));
        }
        out
    }
}

impl OptCase {
    /// The case a reproducer of the optimizer writes ([`OptCase::script`], or one reduced by
    /// hand from it): the priority (`opt.priority`, Z3's default `lex` without it), the
    /// optimizer's options, the hard constraints as smtsmith reads them ([`hard_part`]), the
    /// objectives (`minimize`/`maximize` of a declared constant) and soft constraints
    /// (`assert-soft` of a declared Boolean constant), in order.
    pub fn from_script(text: &str) -> Result<OptCase, String> {
        let script = crate::cases::smtlib::parse::parse_script(&hard_part(text))
            .map_err(|e| format!("the hard constraints: {e}"))?;
        let mut case = OptCase {
            formula: script.formula,
            objectives: Vec::new(),
            softs: Vec::new(),
            priority: Priority::Lex,
            options: Vec::new(),
        };
        use crate::cases::smtlib::sexp::Sx;
        let commands =
            Sx::parse_all(text).ok_or("not balanced S-expressions (a parenthesis or a quote)")?;
        for command in &commands {
            let Sx::List(parts) = command else {
                continue;
            };
            let atoms: Vec<&str> = parts
                .iter()
                .map(|p| match p {
                    Sx::Atom(a) => a.as_str(),
                    Sx::List(_) => "",
                })
                .collect();
            let known = |name: &str| {
                decl(&case.formula, name)
                    .map(|_| name.to_string())
                    .ok_or(format!("{command}: {name} is no declared constant"))
            };
            match atoms.as_slice() {
                ["set-option", ":opt.priority", p] => {
                    case.priority = match *p {
                        "lex" => Priority::Lex,
                        "box" => Priority::Box,
                        "pareto" => Priority::Pareto,
                        other => return Err(format!("priority {other}")),
                    }
                }
                ["set-option", key, value] if key.starts_with(":opt.") => {
                    case.options.push((key[1..].to_string(), value.to_string()))
                }
                [c @ ("minimize" | "maximize"), name] => case.objectives.push(Objective {
                    direction: if *c == "minimize" {
                        Direction::Minimize
                    } else {
                        Direction::Maximize
                    },
                    name: known(name)?,
                }),
                ["assert-soft", name, rest @ ..] => {
                    let weight = match rest {
                        [":weight", w, ..] => w.parse().map_err(|_| format!("weight {w}"))?,
                        _ => 1,
                    };
                    case.softs.push(Soft {
                        name: known(name)?,
                        weight,
                    })
                }
                _ => {}
            }
        }
        if case.objectives.is_empty() && case.softs.is_empty() {
            return Err("no minimize, maximize or assert-soft".into());
        }
        Ok(case)
    }
}

/// The bounds Z3's binary prints for `case` after `(get-objectives)`: per objective, then
/// the soft group (its id `goal`) if the case has soft constraints, in
/// [`OptOutcome::bounds`]'s order; `None` where a value is not read. `None` for all where
/// `out` has no `(objectives …)` block.
pub fn read_objectives(case: &OptCase, out: &str) -> Option<Vec<Option<Bound>>> {
    use crate::cases::smtlib::sexp::Sx;
    let items = Sx::parse_all(out)?;
    let block = items.iter().find_map(|i| match i {
        Sx::List(parts) if i.head() == Some("objectives") => Some(&parts[1..]),
        _ => None,
    })?;
    let value_of = |name: &str| {
        block.iter().find_map(|pair| match pair {
            Sx::List(p) if p.len() == 2 && p[0] == Sx::Atom(name.to_string()) => parse_bound(&p[1]),
            _ => None,
        })
    };
    let mut bounds: Vec<Option<Bound>> =
        case.objectives.iter().map(|o| value_of(&o.name)).collect();
    if !case.softs.is_empty() {
        bounds.push(value_of("goal"));
    }
    Some(bounds)
}

/// A bound as Z3's binary prints it: numerals and decimals, `oo`, `epsilon`, bit-vector
/// literals (unsigned), and `+`, `-`, `*` (by a number) and `/` of numbers over them.
pub fn parse_bound(term: &crate::cases::smtlib::sexp::Sx) -> Option<Bound> {
    use crate::cases::smtlib::sexp::Sx;
    use num_traits::{One, Zero};
    let zero = || Bound {
        infinity: BigRational::zero(),
        value: BigRational::zero(),
        epsilon: BigRational::zero(),
    };
    let scale = |b: &Bound, c: &BigRational| Bound {
        infinity: &b.infinity * c,
        value: &b.value * c,
        epsilon: &b.epsilon * c,
    };
    let add = |a: Bound, b: &Bound| Bound {
        infinity: a.infinity + &b.infinity,
        value: a.value + &b.value,
        epsilon: a.epsilon + &b.epsilon,
    };
    // A plain number: no infinity, no epsilon.
    let number = |b: &Bound| (b.infinity.is_zero() && b.epsilon.is_zero()).then(|| b.value.clone());
    let text = match term {
        Sx::Atom(a) => a.as_str(),
        Sx::List(parts) => {
            let (Sx::Atom(op), args) = parts.split_first()? else {
                return None;
            };
            let args: Vec<Bound> = args.iter().map(parse_bound).collect::<Option<_>>()?;
            return match (op.as_str(), args.as_slice()) {
                ("-", [a]) => Some(scale(a, &-BigRational::one())),
                ("-", [a, rest @ ..]) => Some(rest.iter().fold(a.clone(), |acc, b| {
                    add(acc, &scale(b, &-BigRational::one()))
                })),
                ("+", args) => Some(args.iter().fold(zero(), add)),
                ("*", [a, b]) => match (number(a), number(b)) {
                    (Some(c), _) => Some(scale(b, &c)),
                    (_, Some(c)) => Some(scale(a, &c)),
                    _ => None,
                },
                ("/", [a, b]) => {
                    let (n, d) = (number(a)?, number(b)?);
                    (!d.is_zero()).then(|| Bound {
                        value: n / d,
                        ..zero()
                    })
                }
                _ => None,
            };
        }
    };
    match text {
        "oo" => Some(Bound {
            infinity: BigRational::one(),
            ..zero()
        }),
        "epsilon" => Some(Bound {
            epsilon: BigRational::one(),
            ..zero()
        }),
        _ => {
            let value = if let Some(hex) = text.strip_prefix("#x") {
                BigRational::from_integer(BigInt::parse_bytes(hex.as_bytes(), 16)?)
            } else if let Some(bin) = text.strip_prefix("#b") {
                BigRational::from_integer(BigInt::parse_bytes(bin.as_bytes(), 2)?)
            } else if let Some((i, f)) = text.split_once('.') {
                let digits = format!("{i}{f}");
                let n = BigInt::parse_bytes(digits.as_bytes(), 10)?;
                BigRational::new(n, BigInt::from(10u32).pow(f.len() as u32))
            } else {
                BigRational::from_integer(BigInt::parse_bytes(text.as_bytes(), 10)?)
            };
            Some(Bound { value, ..zero() })
        }
    }
}

/// Asserts `lo <= x <= hi` for each Int and Real constant of `f`, `lo` in -8..=7 and the
/// width in 0..=15 drawn from `b` and the constant's number.
fn boxed(f: &mut Formula, b: u16) -> Option<()> {
    let constants: Vec<(DeclId, Sort)> = f
        .decls
        .iter()
        .enumerate()
        .filter(|(_, d)| d.args.is_empty() && matches!(d.sort, Sort::Int | Sort::Real))
        .map(|(k, d)| (DeclId(k as u32), d.sort.clone()))
        .collect();
    for (d, sort) in constants {
        let mix = u32::from(b)
            .wrapping_mul(2654435761)
            .rotate_left(d.0 * 5 + 3);
        let lo = i64::from(mix % 16) - 8;
        let hi = lo + i64::from((mix >> 8) % 16);
        let x = f.constant(d);
        let lit = |f: &mut Formula, n: i64| {
            f.lit(match sort {
                Sort::Int => Value::Int(BigInt::from(n)),
                _ => Value::Real(BigRational::from_integer(BigInt::from(n))),
            })
        };
        let (l, h) = (lit(f, lo), lit(f, hi));
        let within = f.app(Op::Le, vec![l, x, h]).ok()?;
        f.assert(within).ok()?;
    }
    Some(())
}

/// A linear combination of two or three of `terms` of one sort (that of the one `pick`
/// chooses first), with coefficients in -3..=3 but 0.
fn combination(f: &mut Formula, terms: &[NodeId], pick: u16) -> Option<NodeId> {
    let first = terms[pick as usize % terms.len()];
    let sort = f.sort_of(first).clone();
    let same: Vec<NodeId> = terms
        .iter()
        .copied()
        .filter(|t| *f.sort_of(*t) == sort)
        .collect();
    let n = 2 + (pick as usize >> 2) % 2;
    let mut parts = Vec::new();
    for k in 0..n {
        let t = same[(pick as usize / 7 + k * 3) % same.len()];
        let c = [1i64, -1, 2, -2, 3, -3][(pick as usize / 11 + k) % 6];
        let coefficient = f.lit(match &sort {
            Sort::Int => Value::Int(BigInt::from(c)),
            Sort::Real => Value::Real(BigRational::from_integer(BigInt::from(c))),
            Sort::BitVec(w) => {
                // c modulo 2^w (two's complement for a negative one).
                let modulus = BigInt::from(1u8) << *w;
                let v = ((BigInt::from(c) % &modulus) + &modulus) % &modulus;
                Value::bv(*w, v.to_biguint().expect("not negative"))
            }
            _ => return None,
        });
        let op = if matches!(sort, Sort::BitVec(_)) {
            Op::BvMul
        } else {
            Op::Mul
        };
        parts.push(f.app(op, vec![coefficient, t]).ok()?);
    }
    let op = if matches!(sort, Sort::BitVec(_)) {
        Op::BvAdd
    } else {
        Op::Add
    };
    f.app(op, parts).ok()
}

/// The first line of every optimization case's script ([`OptCase::script`]): what tells a
/// reproducer of the optimizer from others.
pub const SCRIPT_MARK: &str = "(set-option :opt.priority";

/// Whether `text` is an optimization case's script.
pub fn is_optimization(text: &str) -> bool {
    text.lines().any(|l| l.starts_with(SCRIPT_MARK))
}

/// `text` without its optimization commands (`minimize`, `maximize`, `assert-soft`,
/// `get-objectives`, the optimizer's options): the hard constraints, as smtsmith's reader
/// takes them.
pub fn hard_part(text: &str) -> String {
    text.lines()
        .filter(|l| {
            ![
                "(minimize ",
                "(maximize ",
                "(assert-soft ",
                "(get-objectives",
                "(set-option :opt.",
            ]
            .iter()
            .any(|c| l.trim_start().starts_with(c))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

fn decl(f: &Formula, name: &str) -> Option<DeclId> {
    f.decls
        .iter()
        .position(|d| d.name == name && d.args.is_empty())
        .map(|k| DeclId(k as u32))
}

/// Declares constant `name` of `term`'s sort and asserts `(= name term)`.
fn define(f: &mut Formula, name: &str, term: NodeId) -> Option<()> {
    let sort = f.sort_of(term).clone();
    let d = f.declare(name, sort);
    let c = f.constant(d);
    let eq = f.app(Op::Eq, vec![c, term]).ok()?;
    f.assert(eq).ok()
}

/// A bound Z3 reports for an objective: `infinity·∞ + value + epsilon·ε`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    pub infinity: BigRational,
    pub value: BigRational,
    pub epsilon: BigRational,
}

impl Bound {
    /// A finite value the objective attains (no infinity, no epsilon).
    pub fn attained(&self) -> Option<&BigRational> {
        use num_traits::Zero;
        (self.infinity.is_zero() && self.epsilon.is_zero()).then_some(&self.value)
    }
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use num_traits::Zero;
        let mut parts = Vec::new();
        if !self.infinity.is_zero() {
            parts.push(format!("{}·oo", self.infinity));
        }
        if !self.value.is_zero() || (self.infinity.is_zero() && self.epsilon.is_zero()) {
            parts.push(self.value.to_string());
        }
        if !self.epsilon.is_zero() {
            parts.push(format!("{}·epsilon", self.epsilon));
        }
        f.write_str(&parts.join(" + "))
    }
}

/// How Z3 was given the case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptPath {
    /// Built through the C API (`Z3_optimize_assert`, `Z3_optimize_minimize`, …).
    Api,
    /// Parsed by Z3's front end (`Z3_optimize_from_string`).
    Text,
}

impl OptPath {
    pub fn name(self) -> &'static str {
        match self {
            OptPath::Api => "its C API",
            OptPath::Text => "its SMT-LIB front end",
        }
    }

    /// The solver path findings of this path are blamed on.
    pub fn solver(self) -> crate::dialect::solver_id::SolverId {
        match self {
            OptPath::Api => crate::dialect::solver_id::SolverId::Z3,
            OptPath::Text => crate::dialect::solver_id::SolverId::Z3Text,
        }
    }
}

/// Z3's answer to an optimization case.
#[derive(Clone, Debug)]
pub struct OptOutcome {
    pub verdict: crate::lang::ir::Verdict,
    pub reason: Option<String>,
    /// The model after `sat` (values of the formula's constants).
    pub model: Option<crate::lang::eval::Model>,
    /// Per objective, then the soft group if any: the value Z3 reports as its optimum (the
    /// lower bound of a minimized objective and of the soft group's cost, the upper bound of
    /// a maximized one); `None` where it is not a number we read exactly.
    pub bounds: Vec<Option<Bound>>,
}

/// An objective's or a cost's value as a rational (bit-vectors unsigned).
pub fn rational(v: &Value) -> Option<BigRational> {
    match v {
        Value::Int(i) => Some(BigRational::from_integer(i.clone())),
        Value::Real(r) => Some(r.clone()),
        Value::BitVec { value, .. } => Some(BigRational::from_integer(BigInt::from(value.clone()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every coefficient of a combination is a value of its sort, at every bit-vector
    /// width down to 1 (negative ones modulo 2^w).
    /// Z3's printed bounds read exactly: 5.4.1.0's `25/26 - epsilon` of the minimize/is_int
    /// finding, integers, decimals, infinities, bit-vectors.
    #[test]
    fn printed_bounds_read_exactly() {
        let r = |n: i64, d: i64| BigRational::new(n.into(), d.into());
        let parse_bound = |text: &str| {
            let term = crate::cases::smtlib::sexp::Sx::parse_all(text)
                .unwrap()
                .remove(0);
            super::parse_bound(&term)
        };
        let b = parse_bound("(+ (/ 25.0 26.0) (* (- 1.0) epsilon))").unwrap();
        assert_eq!((b.value.clone(), b.epsilon.clone()), (r(25, 26), r(-1, 1)));
        assert_eq!(b.attained(), None);
        assert_eq!(parse_bound("1").unwrap().attained(), Some(&r(1, 1)));
        assert_eq!(parse_bound("(- 2.5)").unwrap().attained(), Some(&r(-5, 2)));
        assert_eq!(parse_bound("(* (- 1) oo)").unwrap().infinity, r(-1, 1));
        assert_eq!(parse_bound("#x0f").unwrap().attained(), Some(&r(15, 1)));
        assert_eq!(parse_bound("(- 3 epsilon)").unwrap().epsilon, r(-1, 1));
        assert!(parse_bound("(* oo epsilon)").is_none());
        assert!(parse_bound("(f 1)").is_none());
    }

    /// A reproducer reads back as its case: priority, options, objectives, soft constraints;
    /// Z3's objectives block gives their bounds by name.
    #[test]
    fn reproducers_read_back_as_cases() {
        let text = "(set-option :opt.priority box)\n(set-option :opt.optsmt_engine symba)\n\
                    (declare-fun r0 () Real)\n(declare-fun s () Bool)\n(assert (<= r0 1.0))\n\
                    (maximize r0)\n(assert-soft s :weight 2 :id goal)\n(check-sat)\n(get-objectives)\n";
        let case = OptCase::from_script(text).unwrap();
        assert_eq!(case.priority, Priority::Box);
        assert_eq!(
            case.options,
            [("opt.optsmt_engine".to_string(), "symba".to_string())]
        );
        assert_eq!(case.objectives[0].direction, Direction::Maximize);
        assert_eq!(
            (case.softs[0].name.as_str(), case.softs[0].weight),
            ("s", 2)
        );
        let bounds =
            read_objectives(&case, "sat\n(objectives\n (r0 1)\n (goal 0)\n)\n((r0 0.0))").unwrap();
        assert_eq!(bounds.len(), 2);
        assert!(bounds.iter().all(Option::is_some));
        assert!(OptCase::from_script("(declare-fun x () Int)(minimize y)").is_err());
    }

    #[test]
    fn combinations_are_well_sorted_at_every_width() {
        for sort in [
            Sort::Int,
            Sort::Real,
            Sort::BitVec(1),
            Sort::BitVec(2),
            Sort::BitVec(64),
        ] {
            let mut f = Formula::default();
            let d = f.declare("x", sort.clone());
            let x = f.constant(d);
            for pick in 0..200u16 {
                let t = combination(&mut f, &[x], pick).expect("well sorted");
                assert_eq!(*f.sort_of(t), sort);
            }
        }
    }

    #[test]
    fn the_scope_is_quantifier_free_linear_arithmetic_and_bit_vectors() {
        for l in [
            "QF_LIA",
            "QF_AUFBVLIA",
            "QF_BV",
            "QF_UFLRA",
            "QF_LIRA",
            "QF_IDL",
        ] {
            assert!(logic_in_scope(l), "{l}");
        }
        for l in ["QF_NIA", "LIA", "QF_SLIA", "QF_FP", "QF_UFNRA", "ALL"] {
            assert!(!logic_in_scope(l), "{l}");
        }
    }
}
