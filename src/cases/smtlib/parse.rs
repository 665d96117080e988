//! SMT-LIB input: a script is parsed and type-checked by the `yaspar-ir` crate, then
//! converted into the script IR ([`crate::cases::script`]): the declarations and asserted terms
//! in one [`Formula`] (the term pool), and the commands as [`Action`]s — declarations and
//! definitions at any point, assert, push/pop, check-sat, check-sat-assuming, get-value,
//! get-unsat-core, get-unsat-assumptions, reset-assertions. `let` is kept (bound
//! variables); `define-fun`, `define-const`, `define-sort` and `:named` terms used by name
//! are expanded; `:named` assertions are tracked for cores (every assertion is, when the
//! script produces cores). What the IR cannot hold yet (datatypes, FloatingPoint,
//! recursive definitions, `reset`, sorts with parameters) is rejected with an error naming
//! the construct and its position.
//!
//! [`Reading::Lenient`] (the default) also reads what the solvers' front ends take beyond
//! the standard — SMT-LIB 2.5 string names, unary and n-ary forms, `-5`, operators outside
//! the declared logic — each noted in [`Script::notes`] (the list: `docs/smtlib-input.md`).

use crate::cases::script::Action;
use crate::lang::ir::Verdict;
use crate::lang::ir::{DeclId, Formula, NodeId, Op, Sort, Value};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::Num;
use std::collections::HashMap;
use std::fmt;
use yaspar_ir::ast::{self as y, Repr, Typecheck};
use yaspar_ir::traits::{Contains, MetaData};
use yaspar_ir::untyped::UntypedAst;

/// A parsed script.
#[derive(Clone, Debug)]
pub struct Script {
    /// The assertions in force at the first check (at the end where there is none): for a
    /// script of one query ([`Script::single_query`]), the formula it decides.
    pub formula: Formula,
    /// The whole script in the IR the `script` target runs: the pool (every declaration
    /// and asserted term), the actions, and what the options ask the solvers to produce.
    pub script: crate::cases::script::Script,
    /// The argument of `set-logic`, as written.
    pub logic: Option<String>,
    /// The first `(set-info :status sat|unsat|unknown)`.
    pub status: Option<Verdict>,
    /// Per check (`check-sat`, `check-sat-assuming`), in order: the status set by the last
    /// `set-info :status` before it and after the previous check (the incremental
    /// benchmarks' convention); `None` where the file states none.
    pub expected: Vec<Option<Verdict>>,
    /// The script has a check (without one it asks no question: nothing to judge).
    pub check_sat: bool,
    /// What was read leniently or left out, one line each (empty for a script read as
    /// written).
    pub notes: Vec<String>,
    /// The tactic of a `(check-sat-using TACTIC)` (Z3's command; read as `check-sat`), as
    /// written.
    pub tactic: Option<String>,
}

impl Script {
    /// One query: declarations and assertions, perhaps inside `push`, one `check-sat`, then
    /// only `get-value`s (no pop, reset, assumptions or core queries before or after it).
    /// Such a script runs as one formula ([`Script::formula`]), with every formula oracle;
    /// the others run as incremental scripts.
    pub fn single_query(&self) -> bool {
        let checks: Vec<usize> = (0..self.script.actions.len())
            .filter(|k| self.script.actions[*k].is_check())
            .collect();
        let [check] = checks[..] else {
            return false;
        };
        self.script.actions[check] == Action::CheckSat
            && self
                .script
                .actions
                .iter()
                .enumerate()
                .all(|(k, a)| match a {
                    Action::Declare(_) | Action::Push(_) => true,
                    Action::Assert(_) => k < check,
                    Action::GetValue(_) => k > check,
                    Action::CheckSat => k == check,
                    _ => false,
                })
    }
}

/// How a script is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    /// SMT-LIB 2.6 as written (chainable `=` with more than two arguments included).
    Strict,
    /// Also what Z3's or cvc5's front end reads beyond the standard, each use noted.
    #[default]
    Lenient,
}

/// Why a script cannot be read: a syntax or sort error (from the parser and type checker)
/// or a construct smtsmith does not support, with the position of the command (1-based
/// line and column) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub kind: ErrorKind,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Not SMT-LIB: syntax error, undeclared symbol, ill-sorted term.
    Malformed,
    /// Valid SMT-LIB that smtsmith does not support (yet); the message names the construct.
    Unsupported,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::Malformed => "malformed SMT-LIB",
            ErrorKind::Unsupported => "unsupported",
        };
        write!(f, "{}:{}: {what}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The text of a script file: UTF-8 without NUL bytes, else a malformed-input error at the
/// first offending byte (SMT-LIB is text; a binary file should not reach the tokenizer).
pub fn text_of(bytes: &[u8]) -> Result<&str, ParseError> {
    let valid = match std::str::from_utf8(bytes) {
        Ok(t) => t.len(),
        Err(e) => e.valid_up_to(),
    };
    let bad = bytes[..valid].iter().position(|&b| b == 0).unwrap_or(valid);
    if bad == bytes.len() {
        return Ok(std::str::from_utf8(bytes).expect("checked above"));
    }
    let before = std::str::from_utf8(&bytes[..bad]).expect("a prefix of the valid part");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Err(ParseError {
        line,
        column,
        kind: ErrorKind::Malformed,
        message: format!(
            "not a text file: byte 0x{:02x} at offset {bad} is {}",
            bytes[bad],
            if bytes[bad] == 0 { "NUL" } else { "not UTF-8" }
        ),
    })
}

/// `text` with the SMT-LIB 2.6 string names written by their 2.5 names (the first of
/// [`crate::lang::ir::Op::older_names`]: a Z3 release before 4.8.9 reads no others), one
/// command per line, comments dropped; names the script declares itself stay. `None` if
/// `text` is not a sequence of balanced S-expressions.
pub fn with_25_string_names(text: &str) -> Option<String> {
    compat::with_25_string_names(text)
}

/// Reads a script leniently ([`Reading::Lenient`]).
pub fn parse_script(text: &str) -> Result<Script, ParseError> {
    parse_script_with(text, Reading::Lenient)
}

/// Reads a script. yaspar-ir reads strict SMT-LIB but for chainable `=`; where the text
/// does not read as written, it is read again with S-expression rewrites (`compat`):
/// chainable `=` always, the leniencies only in [`Reading::Lenient`], where a script that
/// still fails under its declared logic is also type-checked as `ALL` (or `NRA`). Errors
/// are those of the text as written.
pub fn parse_script_with(text: &str, reading: Reading) -> Result<Script, ParseError> {
    let first = match read(text, LogicCheck::Declared) {
        Ok(s) => return Ok(s),
        Err(e) => e,
    };
    // yaspar-ir has no FloatingPoint, and its recursive definitions are not converted:
    // such scripts are read by their sorts alone.
    let lenient = reading == Reading::Lenient;
    if by_sorts::mentions_fp(text)
        || text.contains("define-fun-rec")
        || text.contains("define-funs-rec")
    {
        return by_sorts::read(text, lenient);
    }
    // A solver's own string operators are not SMT-LIB: read leniently only, and noted.
    if lenient && by_sorts::mentions_solver_extension(text) {
        return by_sorts::read(text, lenient);
    }
    let rewritten = compat::rewrite(text, lenient);
    let (text, notes, tactic) = match &rewritten {
        Some(r) => (r.text.as_str(), r.notes.clone(), r.tactic.clone()),
        None => (text, Vec::new(), None),
    };
    let with_notes = |mut s: Script, mut notes: Vec<String>| {
        notes.append(&mut s.notes);
        s.notes = notes;
        s.tactic = tactic.clone();
        s
    };
    let under_declared = match rewritten {
        Some(_) => read(text, LogicCheck::Declared),
        None => Err(first.clone()),
    };
    match under_declared {
        Ok(s) => Ok(with_notes(s, notes)),
        Err(_) if !lenient => Err(first),
        Err(e) => {
            // `ALL` reads integer numerals as integers and converts them where a real is
            // needed (`to_real`, which the text did not write), or rejects them: then the
            // real logic with quantifiers and non-linear terms reads them as reals, as
            // every real-only logic does.
            let as_nra = || read(text, LogicCheck::As("NRA")).map(|r| (r, "NRA"));
            let wide = match read(text, LogicCheck::As("ALL")) {
                Ok(s) if !text.contains("to_real") && inserts_to_real(&s) => {
                    as_nra().or(Ok((s, "ALL")))
                }
                Ok(s) => Ok((s, "ALL")),
                Err(_) => as_nra(),
            };
            if let Ok((s, wide)) = wide {
                let mut notes = notes;
                notes.push(match &s.logic {
                    Some(logic) => format!(
                        "logic: the declared logic {logic} does not admit what the script uses \
                         ({}); type-checked as {wide} (Z3 reads some of these, cvc5 1.4.0 none)",
                        without_positions(&e.message)
                    ),
                    None => format!(
                        "logic: no set-logic, and under ALL the script does not type-check ({}); \
                         type-checked as {wide}, integer numerals read where a real is expected \
                         (both solvers read it)",
                        without_positions(&e.message)
                    ),
                });
                return Ok(with_notes(s, notes));
            }
            Err(first)
        }
    }
}

mod by_sorts;

/// Whether the script's pool converts an integer to a real (`to_real`) anywhere.
fn inserts_to_real(s: &Script) -> bool {
    s.script
        .formula
        .nodes
        .iter()
        .any(|n| matches!(n.kind, crate::lang::ir::NodeKind::App(Op::ToReal, ..)))
}

/// A type checker's message without its `line:column-line:column` ranges (they refer to
/// a rewritten text).
fn without_positions(message: &str) -> String {
    message
        .split(' ')
        .filter(|w| {
            let w = w.trim_end_matches('!');
            w.is_empty() || one_based_range(w).is_none()
        })
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(['!', ' '])
        .to_string()
}

/// The actions read so far, the assertion stack they make, and the last action that is not
/// a query (queries answer the check right before them).
#[derive(Default)]
struct Actions {
    actions: Vec<Action>,
    frames: crate::cases::script::Frames,
    last: Option<Action>,
    /// Levels pushed.
    depth: u64,
}

impl Actions {
    /// A push, pop or reset-assertions; an error for a pop below level zero.
    fn scope(&mut self, a: Action) -> Result<(), String> {
        match a {
            Action::Push(n) => self.depth += u64::from(n),
            Action::Pop(n) if u64::from(n) > self.depth => {
                return Err(format!("pop {n} with {} level(s) pushed", self.depth))
            }
            Action::Pop(n) => self.depth -= u64::from(n),
            _ => self.depth = 0,
        }
        self.push(a);
        Ok(())
    }

    fn push(&mut self, a: Action) {
        self.frames.apply(self.actions.len(), &a);
        if !a.is_query() {
            self.last = Some(a.clone());
        }
        self.actions.push(a);
    }
}

/// Declares `name` in `f` for a reader whose global symbols are `globals` (the rule of
/// [`Converter::declare`]; shared by both readers).
fn declare_global(
    f: &mut Formula,
    globals: &mut HashMap<String, DeclId>,
    name: &str,
    args: Vec<Sort>,
    sort: Sort,
    notes: &mut Vec<String>,
) -> Option<DeclId> {
    if let Some(old) = globals.get(name) {
        let d = &f.decls[old.0 as usize];
        if d.args == args && d.sort == sort {
            return None;
        }
    }
    let mut fresh = name.to_string();
    while f.decls.iter().any(|d| d.name == fresh) {
        fresh.push('!');
    }
    if fresh != name {
        notes.push(format!(
            "{name} declared again with another sort: named {fresh} from there on"
        ));
    }
    let d = if args.is_empty() {
        f.declare(fresh, sort)
    } else {
        f.declare_fun(fresh, args, sort)
    };
    globals.insert(name.to_string(), d);
    Some(d)
}

/// `get-unsat-assumptions` (`assumptions`) or `get-unsat-core` at `line`: an action where
/// the script produces it and the check right before can answer it, else left out (noted).
fn unsat_query(
    assumptions: bool,
    setup: &crate::cases::script::Setup,
    run: &mut Actions,
    line: usize,
    notes: &mut Vec<String>,
) {
    let (a, on, after) = if assumptions {
        (
            Action::GetUnsatAssumptions,
            setup.unsat_assumptions,
            matches!(run.last, Some(Action::CheckSatAssuming(_))),
        )
    } else {
        (
            Action::GetUnsatCore,
            setup.cores,
            run.last.as_ref().is_some_and(Action::is_check),
        )
    };
    if on && after {
        run.push(a);
    } else {
        notes.push(format!(
            "line {line}: {} left out ({})",
            if assumptions {
                "get-unsat-assumptions"
            } else {
                "get-unsat-core"
            },
            if !on {
                "the script does not set the option that produces it"
            } else {
                "not right after a check it could answer"
            }
        ));
    }
}

/// Under which logic a script is type-checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LogicCheck {
    /// The one `set-logic` names (`ALL` where yaspar-ir does not know it).
    Declared,
    /// This one, whatever the script declares (the declared name is kept).
    As(&'static str),
}

/// Options a script may set and how they are taken over (documented in
/// `docs/smtlib-input.md`).
fn take_option(
    setup: &mut crate::cases::script::Setup,
    key: &str,
    value: &str,
    global_declarations: &mut bool,
) -> Option<String> {
    let on = value == "true";
    match key {
        "produce-unsat-cores" => setup.cores = on,
        "produce-unsat-assumptions" => setup.unsat_assumptions = on,
        "global-declarations" => *global_declarations = on,
        // The solvers' own checks of models and cores (their profiles' `self_checks`).
        "model_validate" | "check-models" | "check-unsat-cores" => setup.self_checks = on,
        // Set by smtsmith from the formula where a solver needs it (`crate::dialect::facts`).
        "arrays-exp" => {}
        // smtsmith asks for models at every check; the others change no answer.
        "produce-models"
        | "print-success"
        | "produce-assignments"
        | "produce-proofs"
        | "interactive-mode"
        | "produce-assertions"
        | "verbosity"
        | "diagnostic-output-channel"
        | "regular-output-channel"
        | "incremental"
        | "reproducible-resource-limit" => {}
        _ => {
            // A solver's own keyword (`:yices-branching`), else the solver whose curated
            // table (tables share no names) or installed catalog has the option.
            let ids = crate::dialect::solver_id::SolverId::ALL;
            let prefixed = ids.into_iter().find_map(|id| {
                crate::dialect::profile::of(id)
                    .option_of_key(key)
                    .map(|name| (id, name))
            });
            let named = || {
                ids.into_iter()
                    .find(|id| {
                        crate::dialect::profile::of(*id)
                            .options
                            .iter()
                            .any(|o| o.name == key)
                            || crate::dialect::options::catalog(*id)
                                .iter()
                                .any(|o| o.name == key)
                    })
                    .map(|id| (id, key))
            };
            let Some((id, key)) = prefixed.or_else(named) else {
                return Some(format!(
                    "option :{key} {value} not set (not among the options smtsmith sets: \
                     docs/smtlib-input.md)"
                ));
            };
            setup
                .options
                .entry(id)
                .or_default()
                .push((key.to_string(), value.to_string()))
        }
    }
    None
}

fn read(text: &str, logic_check: LogicCheck) -> Result<Script, ParseError> {
    let commands = UntypedAst
        .parse_script_str(text)
        .map_err(|e| syntax_error(text, e))?;
    let mut conv = Converter::default();
    let mut ctx = y::Context::new();
    let mut st = Read::default();
    // A script without `set-logic` is read as the solvers read it, under every theory; where
    // that fails, the wider check applies to it as to a declared logic (an integer numeral
    // where a real is expected reads as a real under `NRA`).
    if let LogicCheck::As(wide) = logic_check {
        if !commands
            .iter()
            .any(|c| matches!(c.repr(), y::alg::Command::SetLogic(_)))
        {
            ctx.set_ctx_logic(wide).map_err(|e| ParseError {
                line: 1,
                column: 1,
                kind: ErrorKind::Malformed,
                message: e,
            })?;
        }
    }
    for c in &commands {
        if !read_command(c, &mut st, &mut conv, &mut ctx, logic_check)? {
            break;
        }
    }
    Ok(st.finish(conv.f, conv.patterns_dropped))
}

/// Reads one command `c` into `st` (terms into `conv`, type-checked in `ctx`): whether
/// reading goes on (not after `exit`).
fn read_command(
    c: &yaspar_ir::untyped::Command,
    st: &mut Read,
    conv: &mut Converter,
    ctx: &mut y::Context,
    logic_check: LogicCheck,
) -> Result<bool, ParseError> {
    let range = c.meta_data();
    let at = error_at(c);
    if read_untyped(c, st, conv, ctx, logic_check)? {
        return Ok(true);
    }
    let typed = c.type_check(ctx).map_err(|e| {
        let (kind, message) = type_error(&e.to_string());
        at(kind, message)
    })?;
    use y::alg::Command as C;
    let unsupported = |what: &str| Err(at(ErrorKind::Unsupported, what.to_string()));
    match typed.repr() {
        C::SetLogic(l) => st.logic = Some(l.inner().to_string()),
        C::SetInfo(y::alg::Attribute::Symbol(k, v)) if k.to_string() == ":status" => {
            st.status(v.inner().as_str())
        }
        C::SetOption(o) => {
            let (key, value) = match o {
                y::alg::Attribute::Keyword(k) => (k.to_string(), "true".to_string()),
                y::alg::Attribute::Constant(k, v) => (k.to_string(), v.to_string()),
                y::alg::Attribute::Symbol(k, v) => (k.to_string(), v.to_string()),
                _ => (format!("{o:?}"), String::new()),
            };
            st.option(key.trim_start_matches(':'), &value);
        }
        C::SetInfo(_) | C::DefineSort(..) => {}
        C::DeclareSort(name, 0) => {
            conv.sorts.insert(name.inner().to_string(), None);
        }
        C::DeclareSort(name, n) => {
            return unsupported(&format!("declare-sort {name} with {n} parameter(s)"));
        }
        C::DeclareConst(name, sort) => {
            let s = conv.sort(sort).map_err(|m| at(ErrorKind::Unsupported, m))?;
            if let Some(d) = conv.declare(name.inner(), Vec::new(), s, &mut st.notes) {
                st.run.push(Action::Declare(d));
            }
        }
        C::DeclareFun(name, args, sort) => {
            let s = conv.sort(sort).map_err(|m| at(ErrorKind::Unsupported, m))?;
            let args = args
                .iter()
                .map(|a| conv.sort(a))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| at(ErrorKind::Unsupported, m))?;
            if let Some(d) = conv.declare(name.inner(), args, s, &mut st.notes) {
                st.run.push(Action::Declare(d));
            }
        }
        C::DefineFun(def) => {
            if !def.sort_params.is_empty() {
                return unsupported(&format!("define-fun {} with sort parameters", def.name));
            }
            conv.defs.insert(def.name.inner().to_string(), def.clone());
        }
        C::DefineConst(name, _, body) => {
            let node = conv.term(body).map_err(|m| at(ErrorKind::Unsupported, m))?;
            conv.consts.insert(name.inner().to_string(), node);
        }
        C::Assert(t) => {
            let node = conv.term(t).map_err(|m| at(ErrorKind::Unsupported, m))?;
            conv.f
                .assert(node)
                .map_err(|e| at(ErrorKind::Malformed, e.to_string()))?;
            st.run.push(Action::Assert(node));
        }
        C::CheckSat | C::CheckSatAssuming(_) => {
            let a = match typed.repr() {
                C::CheckSatAssuming(lits) => {
                    let lits = conv
                        .terms(lits)
                        .map_err(|m| at(ErrorKind::Unsupported, m))?;
                    Action::CheckSatAssuming(lits)
                }
                _ => Action::CheckSat,
            };
            st.check(a);
        }
        C::GetValue(_) => unreachable!("get-value is read before type-checking"),
        C::GetUnsatCore | C::GetUnsatAssumptions => st.unsat_query(
            matches!(typed.repr(), C::GetUnsatAssumptions),
            range.start.lin_num + 1,
        ),
        // Every sat check's model is validated anyway; the others change no answer.
        C::GetModel
        | C::GetInfo(_)
        | C::GetOption(_)
        | C::GetAssertions
        | C::GetAssignment
        | C::GetProof
        | C::Echo(_) => {}
        // The solvers read nothing after `exit`.
        C::Exit => return Ok(false),
        C::DeclareDatatype(name, dec) => conv
            .declare_datatypes(&[(name.inner().to_string(), dec)])
            .map_err(|m| at(ErrorKind::Unsupported, m))?,
        C::DeclareDatatypes(defs) => {
            let defs: Vec<_> = defs
                .iter()
                .map(|d| (d.name.inner().to_string(), &d.dec))
                .collect();
            conv.declare_datatypes(&defs)
                .map_err(|m| at(ErrorKind::Unsupported, m))?
        }
        C::DefineFunRec(d) => {
            return unsupported(&format!("recursive definition define-fun-rec {}", d.name));
        }
        C::DefineFunsRec(_) => return unsupported("recursive definitions define-funs-rec"),
        C::Push(n) => {
            let n = numeral(n).map_err(|m| at(ErrorKind::Unsupported, m))?;
            st.run
                .scope(Action::Push(n))
                .map_err(|m| at(ErrorKind::Malformed, m))?;
        }
        C::Pop(n) => {
            let n = numeral(n).map_err(|m| at(ErrorKind::Unsupported, m))?;
            st.run
                .scope(Action::Pop(n))
                .map_err(|m| at(ErrorKind::Malformed, m))?;
        }
        C::ResetAssertions => st
            .run
            .scope(Action::ResetAssertions)
            .map_err(|m| at(ErrorKind::Malformed, m))?,
        C::Reset => return unsupported("reset (declarations and options start over)"),
        #[allow(unreachable_patterns)]
        other => return unsupported(&format!("command {other:?}")),
    }
    Ok(true)
}

/// A parse error at command `c`'s position.
fn error_at(c: &yaspar_ir::untyped::Command) -> impl Fn(ErrorKind, String) -> ParseError {
    let start = c.meta_data().start;
    move |kind, message| ParseError {
        line: start.lin_num + 1,
        column: start.col_num + 1,
        kind,
        message,
    }
}

/// The commands [`read_command`] reads before yaspar-ir type-checks them, or instead: a
/// logic yaspar-ir does not know, the scope commands under `:global-declarations`,
/// `get-value`. Whether `c` was one of them (read).
fn read_untyped(
    c: &yaspar_ir::untyped::Command,
    st: &mut Read,
    conv: &mut Converter,
    ctx: &mut y::Context,
    logic_check: LogicCheck,
) -> Result<bool, ParseError> {
    let range = c.meta_data();
    let at = error_at(c);
    // yaspar-ir knows only some logic names; scripts of other logics (BV, QF_ABV,
    // QF_UFBV, ...) are type-checked under ALL, and the name is kept.
    if let y::alg::Command::SetLogic(l) = c.repr() {
        let name = l.inner().to_string();
        let known = y::list_of_logics().contains(&name.to_ascii_uppercase().as_str());
        let wide = match logic_check {
            LogicCheck::As(wide) => Some(wide),
            LogicCheck::Declared if !known => Some("ALL"),
            LogicCheck::Declared => None,
        };
        if let Some(wide) = wide {
            ctx.set_ctx_logic(wide)
                .map_err(|e| at(ErrorKind::Malformed, e))?;
            st.logic = Some(name);
            return Ok(true);
        }
    }
    // yaspar-ir ends the declarations of a scope at its pop (and all at
    // reset-assertions), as SMT-LIB does without `:global-declarations`; with it, the
    // type checker does not see the scope commands.
    if st.global_declarations {
        use y::alg::Command as C;
        let scope = match c.repr() {
            C::Push(n) => Some(numeral(n).map(Action::Push)),
            C::Pop(n) => Some(numeral(n).map(Action::Pop)),
            C::ResetAssertions => Some(Ok(Action::ResetAssertions)),
            _ => None,
        };
        if let Some(a) = scope {
            let a = a.map_err(|m| at(ErrorKind::Unsupported, m))?;
            st.run.scope(a).map_err(|m| at(ErrorKind::Malformed, m))?;
            return Ok(true);
        }
    }
    // yaspar-ir refuses quantified terms in get-value; both solvers answer them (closed
    // Boolean terms of the pool, as the `script` target asks them): the terms are
    // type-checked alone.
    if let y::alg::Command::GetValue(ts) = c.repr() {
        let ts: Vec<y::Term> = ts.type_check(ctx).map_err(|e| {
            let (kind, message) = type_error(&e.to_string());
            at(kind, message)
        })?;
        let ts = conv.terms(&ts).map_err(|m| at(ErrorKind::Unsupported, m))?;
        st.get_value(ts, range.start.lin_num + 1);
        return Ok(true);
    }
    Ok(false)
}

/// What a reader gathered from a script's commands, made into a [`Script`] by
/// [`Read::finish`] (one place for both readers).
/// What a reader collects from a script's commands besides its terms: the actions, the
/// setup its options ask for, the logic and status, the notes. Both readers (yaspar-ir's
/// and the one by sorts) keep one and end with [`Read::finish`].
#[derive(Default)]
struct Read {
    run: Actions,
    setup: crate::cases::script::Setup,
    /// The assertion frames in force at the first check.
    first_check_active: Option<Vec<usize>>,
    logic: Option<String>,
    status: Option<Verdict>,
    /// A `:status` not yet taken by a check: the next check's expected answer.
    pending_status: Option<Verdict>,
    expected: Vec<Option<Verdict>>,
    notes: Vec<String>,
    tactic: Option<String>,
    /// `:global-declarations`: declarations outlive pop and reset-assertions.
    global_declarations: bool,
}

impl Read {
    /// `(set-info :status v)`: the script's status (its first), and the next check's.
    fn status(&mut self, v: &str) {
        let v = match v {
            "sat" => Verdict::Sat,
            "unsat" => Verdict::Unsat,
            _ => Verdict::Unknown,
        };
        self.status.get_or_insert(v);
        self.pending_status = Some(v);
    }

    /// `(set-option :key value)`.
    fn option(&mut self, key: &str, value: &str) {
        if let Some(note) = take_option(&mut self.setup, key, value, &mut self.global_declarations)
        {
            self.notes.push(note);
        }
    }

    /// A check (`check-sat` or `check-sat-assuming`), expecting the pending status.
    fn check(&mut self, a: Action) {
        self.first_check_active
            .get_or_insert_with(|| self.run.frames.active());
        self.expected.push(self.pending_status.take());
        self.run.push(a);
    }

    /// `get-value` of `ts` at `line`: an action right after a check, else left out (noted).
    fn get_value(&mut self, ts: Vec<NodeId>, line: usize) {
        if self.run.last.as_ref().is_some_and(Action::is_check) {
            self.run.push(Action::GetValue(ts));
        } else {
            self.notes.push(format!(
                "line {line}: get-value not right after a check: left out (no model to ask)"
            ));
        }
    }

    /// `get-unsat-assumptions` (`assumptions`) or `get-unsat-core` at `line`.
    fn unsat_query(&mut self, assumptions: bool, line: usize) {
        unsat_query(
            assumptions,
            &self.setup,
            &mut self.run,
            line,
            &mut self.notes,
        );
    }

    /// The script read: its term pool `pool`, `patterns_dropped` `:pattern` annotations
    /// left out.
    fn finish(self, mut pool: Formula, patterns_dropped: usize) -> Script {
        let mut notes = self.notes;
        if patterns_dropped > 0 {
            notes.push(format!(
                "`:pattern`: {} annotation(s) left out (the IR holds no triggers yet: the solvers \
                 choose their own)",
                patterns_dropped
            ));
        }
        pool.number_sorts_by_first_use();
        let run = self.run;
        let check_sat = run.actions.iter().any(Action::is_check);
        let active = self
            .first_check_active
            .unwrap_or_else(|| run.frames.active());
        let ir = crate::cases::script::Script {
            formula: pool,
            actions: run.actions,
            setup: self.setup,
            config: Default::default(),
        };
        let formula = crate::cases::script::view(&ir, &active, &[]);
        Script {
            formula,
            script: ir,
            logic: self.logic,
            status: self.status,
            expected: self.expected,
            check_sat,
            notes,
            tactic: self.tactic,
        }
    }
}

/// S-expression rewriting for what yaspar-ir does not read (see [`parse_script`]).
/// The digits of `a` when it is a negative numeral or decimal as smtsmith's reproducers write
/// them inside `as const` (`-5`, `-2.5`), SMT-LIB's `(- 5)`: read in [`Reading::Lenient`].
fn negative_numeral(a: &str) -> Option<&str> {
    a.strip_prefix('-').filter(|d| {
        d.starts_with(|c: char| c.is_ascii_digit())
            && d.chars().all(|c| c.is_ascii_digit() || c == '.')
    })
}

mod compat {
    use super::super::sexp::Sx;

    /// What the rewrite changes, with the uses of each lenient form counted for the notes.
    struct Fix<'a> {
        lenient: bool,
        /// Names the script declares or defines itself (never taken for aliases).
        declared: &'a std::collections::HashSet<String>,
        uses: std::collections::BTreeMap<String, usize>,
    }

    /// Operators Z3 applies to one argument, meaning that argument (cvc5 1.4.0 wants two).
    const UNARY: &[&str] = &[
        "str.++", "re.++", "re.union", "re.inter", "+", "*", "bvadd", "bvmul", "bvand", "bvor",
        "bvxor", "concat",
    ];

    impl Fix<'_> {
        fn note(&mut self, what: String) {
            *self.uses.entry(what).or_default() += 1;
        }

        fn fix(&mut self, x: Sx) -> Sx {
            match x {
                Sx::Atom(a) if self.lenient => {
                    if super::negative_numeral(&a).is_some() {
                        self.note(format!(
                            "negative numeral: `-N` read as `(- N)` (both solvers read it; e.g. {a})"
                        ));
                        return Sx::List(vec![Sx::Atom("-".into()), Sx::Atom(a[1..].to_string())]);
                    }
                    match crate::lang::ir::Op::by_older_name(&a) {
                        Some(op) if !self.declared.contains(&a) => {
                            self.note(format!(
                                "SMT-LIB 2.5 name: `{a}` read as `{}` (Z3 reads it, cvc5 1.4.0 does not)",
                                op.name()
                            ));
                            Sx::Atom(op.name().to_string())
                        }
                        _ => Sx::Atom(a),
                    }
                }
                Sx::Atom(a) => Sx::Atom(a),
                Sx::List(items) => {
                    let items: Vec<Sx> = items.into_iter().map(|i| self.fix(i)).collect();
                    let head = match items.first() {
                        Some(Sx::Atom(op)) => op.clone(),
                        _ => return Sx::List(items),
                    };
                    let numeral =
                        |x: &Sx| matches!(x, Sx::Atom(n) if n.chars().all(|c| c.is_ascii_digit()));
                    match (head.as_str(), items.len()) {
                        ("=", n) if n > 3 => {
                            let args = &items[1..];
                            let mut pairs = vec![Sx::Atom("and".into())];
                            for w in args.windows(2) {
                                pairs.push(Sx::List(vec![
                                    Sx::Atom("=".into()),
                                    w[0].clone(),
                                    w[1].clone(),
                                ]));
                            }
                            Sx::List(pairs)
                        }
                        _ if !self.lenient || self.declared.contains(&head) => Sx::List(items),
                        (op, 2) if UNARY.contains(&op) => {
                            self.note(format!(
                                "unary `({op} x)` read as `x` (Z3 reads it, cvc5 1.4.0 does not)"
                            ));
                            items.into_iter().nth(1).expect("two items")
                        }
                        ("distinct", 2) => {
                            self.note(
                                "unary `(distinct x)` read as `true` (Z3 reads it, cvc5 1.4.0 does not)"
                                    .into(),
                            );
                            Sx::Atom("true".into())
                        }
                        ("concat", n) if n > 3 => {
                            self.note(
                                "n-ary `concat` read as nested binary `concat` (both solvers read it)"
                                    .into(),
                            );
                            let mut it = items.into_iter().skip(1);
                            let first = it.next().expect("arguments");
                            it.fold(first, |acc, x| {
                                Sx::List(vec![Sx::Atom("concat".into()), acc, x])
                            })
                        }
                        ("re.loop", 4)
                            if !numeral(&items[1]) && numeral(&items[2]) && numeral(&items[3]) =>
                        {
                            self.note(
                                "SMT-LIB 2.5 `(re.loop r n m)` read as `((_ re.loop n m) r)` (Z3 reads it, cvc5 1.4.0 does not)"
                                    .into(),
                            );
                            let mut it = items.into_iter().skip(1);
                            let (r, n, m) =
                                (it.next().unwrap(), it.next().unwrap(), it.next().unwrap());
                            Sx::List(vec![
                                Sx::List(vec![
                                    Sx::Atom("_".into()),
                                    Sx::Atom("re.loop".into()),
                                    n,
                                    m,
                                ]),
                                r,
                            ])
                        }
                        _ => Sx::List(items),
                    }
                }
            }
        }
    }

    /// The names a script declares or defines at its top level.
    fn declared_names(commands: &[Sx]) -> std::collections::HashSet<String> {
        commands
            .iter()
            .filter_map(|c| match (c.head(), c) {
                (Some(cmd), Sx::List(items))
                    if cmd.starts_with("declare-") || cmd.starts_with("define-") =>
                {
                    match items.get(1) {
                        Some(Sx::Atom(name)) => Some(name.clone()),
                        _ => None,
                    }
                }
                _ => None,
            })
            .collect()
    }

    pub fn with_25_string_names(text: &str) -> Option<String> {
        fn rename(x: Sx, declared: &std::collections::HashSet<String>) -> Sx {
            match x {
                Sx::Atom(a) if !declared.contains(&a) => {
                    let old =
                        crate::lang::ir::Op::renamed(&a).and_then(|op| op.older_names().first());
                    Sx::Atom(old.map_or(a, |old| old.to_string()))
                }
                Sx::Atom(a) => Sx::Atom(a),
                Sx::List(items) => {
                    Sx::List(items.into_iter().map(|i| rename(i, declared)).collect())
                }
            }
        }
        let commands = Sx::parse_all(text)?;
        let declared = declared_names(&commands);
        let mut out = String::new();
        for c in commands {
            out.push_str(&rename(c, &declared).to_string());
            out.push('\n');
        }
        Some(out)
    }

    /// The script with chainable `=` written as pairs and, when `lenient`, the forms of
    /// [`Fix`] rewritten, one command per line, and one note per kind of lenient form
    /// used; `None` if the text is not a sequence of balanced
    /// S-expressions.
    pub fn rewrite(text: &str, lenient: bool) -> Option<Rewritten> {
        let commands = Sx::parse_all(text)?;
        let declared = declared_names(&commands);
        let mut fix = Fix {
            lenient,
            declared: &declared,
            uses: Default::default(),
        };
        let mut out = String::new();
        let mut tactic = None;
        for c in commands {
            let c = match (c.head(), &c) {
                // Z3's command: a check with the solver made from a tactic.
                (Some("check-sat-using"), Sx::List(items)) if lenient && items.len() == 2 => {
                    fix.note(
                        "`check-sat-using TACTIC` (Z3's) read as `check-sat`, the tactic kept \
                         for Z3"
                            .into(),
                    );
                    tactic.get_or_insert_with(|| items[1].to_string());
                    Sx::List(vec![Sx::Atom("check-sat".into())])
                }
                _ => fix.fix(c),
            };
            out.push_str(&c.to_string());
            out.push('\n');
        }
        let notes = fix
            .uses
            .into_iter()
            .map(|(what, n)| format!("{what}: {n} use(s)"))
            .collect();
        Some(Rewritten {
            text: out,
            notes,
            tactic,
        })
    }

    /// A script's text rewritten, what was noted, and the tactic of its first
    /// `check-sat-using`.
    pub struct Rewritten {
        pub text: String,
        pub notes: Vec<String>,
        pub tactic: Option<String>,
    }
}

/// The type checker's message with its positions made 1-based like ours; FloatingPoint
/// sorts and operators (which yaspar-ir does not type-check) are unsupported, not malformed.
fn type_error(message: &str) -> (ErrorKind, String) {
    let message = message.strip_prefix("TC: ").unwrap_or(message);
    let mut out = String::new();
    for word in message.split(' ') {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&one_based_range(word).unwrap_or_else(|| word.to_string()));
    }
    let fp = [
        "FloatingPoint",
        "Float16",
        "Float32",
        "Float64",
        "Float128",
        "RoundingMode",
        "roundNearestTies",
        "roundToward",
        "fp.",
        "to_fp",
    ];
    if fp.iter().any(|k| message.contains(k)) {
        return (
            ErrorKind::Unsupported,
            format!("FloatingPoint (not supported yet): {out}"),
        );
    }
    (ErrorKind::Malformed, out)
}

/// `14:23-14:36` (0-based line and column) as `15:24-15:37`.
fn one_based_range(word: &str) -> Option<String> {
    let (a, b) = word.split_once('-')?;
    let pos = |p: &str| -> Option<(usize, usize)> {
        let (l, c) = p.split_once(':')?;
        Some((l.parse().ok()?, c.parse().ok()?))
    };
    let ((l1, c1), (l2, c2)) = (pos(a)?, pos(b)?);
    Some(format!("{}:{}-{}:{}", l1 + 1, c1 + 1, l2 + 1, c2 + 1))
}

/// A syntax error as `line:column: unexpected …, expected …` (1-based, like the rest).
fn syntax_error(
    text: &str,
    e: lalrpop_util::ParseError<
        yaspar::position::Position,
        yaspar::tokens::Token,
        yaspar::ast::GrammarError,
    >,
) -> ParseError {
    use lalrpop_util::ParseError as P;
    use yaspar::ast::GrammarError as G;
    let (at, message) = match e {
        P::InvalidToken { location } => (Some(location), "invalid token".to_string()),
        P::UnrecognizedEof { location, expected } if text.trim().is_empty() => {
            let _ = expected;
            (Some(location), "empty script".to_string())
        }
        P::UnrecognizedEof { location, expected } => (
            Some(location),
            format!("unexpected end of input{}", expected_list(&expected)),
        ),
        P::UnrecognizedToken {
            token: (start, token, _),
            expected,
        } => (
            Some(start),
            format!("unexpected `{token}`{}", expected_list(&expected)),
        ),
        P::ExtraToken {
            token: (start, token, _),
        } => (Some(start), format!("unexpected `{token}`")),
        P::User { error } => match &error {
            G::TokenizeError { range, buf } => {
                let shown: String = buf.chars().take(20).collect();
                (
                    Some(range.start),
                    format!("invalid token `{}`", shown.escape_debug()),
                )
            }
            G::DatatypeDeclarationError { range, .. } | G::RecFunsDefinitionError { range, .. } => {
                (Some(range.start), error.to_string())
            }
            G::Other { range, message } => (Some(range.start), message.clone()),
        },
    };
    let (line, column) = at.map_or((0, 0), |p| (p.lin_num + 1, p.col_num + 1));
    ParseError {
        line,
        column,
        kind: ErrorKind::Malformed,
        message,
    }
}

/// `, expected `)`` or `, expected one of `(`, `)`, …` from lalrpop's list of terminals.
fn expected_list(expected: &[String]) -> String {
    let names: Vec<String> = expected
        .iter()
        .map(|t| format!("`{}`", t.trim_matches('"')))
        .collect();
    match names.len() {
        0 => String::new(),
        1 => format!(", expected {}", names[0]),
        n if n <= 6 => format!(", expected one of {}", names.join(", ")),
        n => format!(
            ", expected one of {}, … ({n} in all)",
            names[..6].join(", ")
        ),
    }
}

#[derive(Default)]
struct Converter {
    f: Formula,
    globals: HashMap<String, DeclId>,
    /// Declared sorts by name; numbered at first use.
    sorts: HashMap<String, Option<u32>>,
    defs: HashMap<String, y::FunctionDef>,
    consts: HashMap<String, NodeId>,
    /// Local variables (let, quantifiers, parameters of an expanded definition) in scope.
    locals: HashMap<y::LocalId, NodeId>,
    /// `:pattern` annotations read and left out (the IR holds no triggers yet).
    patterns_dropped: usize,
    /// Terms already converted (typed terms are hash-consed, and local ids are unique, so
    /// a term means the same node wherever it occurs, except inside an expanded definition,
    /// which gets its own table).
    memo: HashMap<y::Term, NodeId>,
    /// Declared datatypes by name.
    datatypes: HashMap<String, crate::lang::ir::DtSort>,
    /// Constructor, selector and `is-C` tester names of the declared datatypes.
    dt_symbols: HashMap<String, (crate::lang::ir::DtSort, DtSymbol)>,
    /// Selector and tester applications made, by operator, indices and argument: one node
    /// each, so that a `match` (read as testers and selectors) and the `ite` it prints as
    /// read as the same formula.
    dt_apps: HashMap<(Op, crate::lang::ir::Idx, NodeId), NodeId>,
}

/// Checks a group of datatypes and registers its members by name and its constructors,
/// selectors and testers (`is-C`) by symbol (both readers): a name declared again must
/// declare the same group (the IR's datatypes are global, as its declarations are).
fn register_datatypes(
    group: crate::lang::ir::datatype::DtGroup,
    datatypes: &mut HashMap<String, crate::lang::ir::DtSort>,
    dt_symbols: &mut HashMap<String, (crate::lang::ir::DtSort, DtSymbol)>,
) -> Result<(), String> {
    group.check()?;
    let group = std::sync::Arc::new(group);
    for (k, t) in group.types.iter().enumerate() {
        if datatypes.get(&t.name).is_some_and(|old| old.group != group) {
            return Err(format!("datatype {} declared again differently", t.name));
        }
        let d = crate::lang::ir::DtSort::new(group.clone(), k as u32);
        datatypes.insert(t.name.clone(), d.clone());
        for (c, ctor) in t.ctors.iter().enumerate() {
            let c = c as u32;
            dt_symbols.insert(ctor.name.clone(), (d.clone(), DtSymbol::Ctor(c)));
            dt_symbols.insert(format!("is-{}", ctor.name), (d.clone(), DtSymbol::Is(c)));
            for (f, field) in ctor.fields.iter().enumerate() {
                dt_symbols.insert(field.name.clone(), (d.clone(), DtSymbol::Sel(c, f as u32)));
            }
        }
    }
    Ok(())
}

/// The sort of constructor `c` of `d` applied to `args` in `f`: `d` itself, or for a
/// parametric datatype the instance `annotated` (`(as C S)`) names or the arguments' sorts
/// determine (both readers).
fn ctor_instance(
    f: &Formula,
    d: &crate::lang::ir::DtSort,
    c: u32,
    args: &[NodeId],
    annotated: Option<Sort>,
) -> Result<crate::lang::ir::DtSort, String> {
    use crate::lang::ir::datatype::FieldSort;
    if !d.parametric() {
        return Ok(d.clone());
    }
    if let Some(Sort::Datatype(a)) = annotated {
        if a.group == d.group {
            return Ok(crate::lang::ir::DtSort::instance(a.group, d.index, a.args));
        }
    }
    let arity = d.group.types[0].params.len();
    let mut found: Vec<Option<Sort>> = vec![None; arity];
    for (field, a) in d.ctors()[c as usize].fields.iter().zip(args) {
        match (&field.sort, f.sort_of(*a)) {
            (FieldSort::Param(p), s) => found[*p as usize] = Some(s.clone()),
            (FieldSort::Member(_), Sort::Datatype(e)) if e.group == d.group => {
                for (k, s) in e.args.iter().enumerate() {
                    found[k] = Some(s.clone());
                }
            }
            _ => {}
        }
    }
    let args: Option<Vec<Sort>> = found.into_iter().collect();
    let args = args.ok_or_else(|| {
        format!(
            "constructor {} of parametric {}: its sort is not determined (write (as C S))",
            d.ctors()[c as usize].name,
            d.name()
        )
    })?;
    Ok(crate::lang::ir::DtSort::instance(
        d.group.clone(),
        d.index,
        args,
    ))
}

/// What a datatype's symbol names.
#[derive(Clone, Copy, Debug)]
enum DtSymbol {
    Ctor(u32),
    Sel(u32, u32),
    /// `is-C` (Z3's and cvc5's name for `(_ is C)`).
    Is(u32),
}

fn numeral(n: &impl fmt::Display) -> Result<u32, String> {
    n.to_string()
        .parse()
        .map_err(|_| format!("index {n} out of range"))
}

impl Converter {
    /// Declares `name`, or returns `None` where it was declared before with the same sort
    /// (a declaration made again after the `pop` that ended it: the same symbol as far as
    /// any assertion in force can tell). Declared again with another sort, it gets a fresh
    /// name (noted): the IR's declarations are global, as the API's are.
    fn declare(
        &mut self,
        name: &str,
        args: Vec<Sort>,
        sort: Sort,
        notes: &mut Vec<String>,
    ) -> Option<DeclId> {
        declare_global(&mut self.f, &mut self.globals, name, args, sort, notes)
    }

    /// `declare-datatype(s)`: one group of (mutually recursive) datatypes. Parametric ones
    /// (`par`) are not read; a name declared again must declare the same group (the IR's
    /// datatypes are global, as its declarations are).
    fn declare_datatypes(
        &mut self,
        defs: &[(String, &y::alg::DatatypeDec<y::Str, y::Sort>)],
    ) -> Result<(), String> {
        use crate::lang::ir::datatype::{Ctor, DtDecl, DtGroup, Field, FieldSort};
        let mut types = Vec::new();
        for (name, dec) in defs {
            let params: Vec<String> = dec.params.iter().map(|p| p.inner().to_string()).collect();
            let mut ctors = Vec::new();
            for c in &dec.constructors {
                let mut fields = Vec::new();
                for y::alg::VarBinding(sel, _, sort) in &c.args {
                    let r = sort.repr();
                    let head = r.sort_name().inner().to_string();
                    let arg_names: Vec<String> =
                        r.1.iter()
                            .map(|a| a.repr().sort_name().inner().to_string())
                            .collect();
                    let plain = r.0.indices.is_empty();
                    let member = defs.iter().position(|(n, _)| plain && head == *n);
                    let param = params
                        .iter()
                        .position(|p| plain && r.1.is_empty() && head == *p);
                    let sort = match (member, param) {
                        // A member at the group's own parameters (`(List T)`), or without any.
                        (Some(m), _) if arg_names == params => FieldSort::Member(m as u32),
                        (Some(_), _) => {
                            return Err(format!(
                                "datatype {name}: field {sel} of sort {sort} (a member at other arguments than its parameters)"
                            ))
                        }
                        (None, Some(p)) => FieldSort::Param(p as u32),
                        (None, None) => FieldSort::Sort(self.sort(sort).map_err(|e| {
                            if params.is_empty() {
                                e
                            } else {
                                format!("datatype {name}: field {sel} of sort {sort} (a parameter inside another sort)")
                            }
                        })?),
                    };
                    fields.push(Field {
                        name: sel.inner().to_string(),
                        sort,
                    });
                }
                ctors.push(Ctor {
                    name: c.ctor.inner().to_string(),
                    fields,
                });
            }
            types.push(DtDecl {
                name: name.clone(),
                params: dec.params.iter().map(|p| p.inner().to_string()).collect(),
                ctors,
            });
        }
        register_datatypes(DtGroup { types }, &mut self.datatypes, &mut self.dt_symbols)
    }

    /// An application of a datatype's constructor, selector or tester named `name`.
    /// `annotated`: the sort of `(as C S)` (needed where the arguments do not tell a
    /// parametric datatype's arguments).
    fn datatype_app(
        &mut self,
        name: &str,
        args: Vec<NodeId>,
        annotated: Option<Sort>,
    ) -> Option<Result<NodeId, String>> {
        let (d, sym) = self.dt_symbols.get(name).cloned()?;
        Some(match (sym, args.as_slice()) {
            (DtSymbol::Ctor(c), _) => self
                .instance(&d, c, &args, annotated)
                .and_then(|d| self.f.construct(&d, c, args).map_err(|e| e.to_string())),
            (DtSymbol::Sel(c, f), [x]) => self.dt_app(Op::DtSel, [c, f], *x),
            (DtSymbol::Is(c), [x]) => self.dt_app(Op::DtIs, [c, 0], *x),
            _ => Err(format!("{name} applied to {} arguments", args.len())),
        })
    }

    /// The sort of constructor `c` of `d` applied to `args` ([`ctor_instance`]).
    fn instance(
        &self,
        d: &crate::lang::ir::DtSort,
        c: u32,
        args: &[NodeId],
        annotated: Option<Sort>,
    ) -> Result<crate::lang::ir::DtSort, String> {
        ctor_instance(&self.f, d, c, args, annotated)
    }

    /// A selector or tester application, one node per operator, indices and argument.
    fn dt_app(&mut self, op: Op, idx: crate::lang::ir::Idx, x: NodeId) -> Result<NodeId, String> {
        if let Some(n) = self.dt_apps.get(&(op, idx, x)) {
            return Ok(*n);
        }
        let n = self
            .f
            .app_indexed(op, idx, vec![x])
            .map_err(|e| e.to_string())?;
        self.dt_apps.insert((op, idx, x), n);
        Ok(n)
    }

    /// `(match s ((pattern body) ...))` as the solvers' front ends read it: testers and
    /// selectors of the scrutinee, `(ite ((_ is C) s) (let ((x (sel s)) ...) body) rest)`,
    /// the last arm (or the first variable or wildcard pattern) without a test.
    fn matching(
        &mut self,
        scrutinee: &y::Term,
        arms: &[y::alg::PatternArm<y::Str, y::Term>],
    ) -> Result<NodeId, String> {
        use y::alg::Pattern as P;
        let s = self.term(scrutinee)?;
        let Sort::Datatype(d) = self.f.sort_of(s).clone() else {
            return Err("match of a term that is not a datatype".into());
        };
        let ctor_of = |name: &str| {
            d.ctors()
                .iter()
                .position(|c| c.name == name)
                .map(|c| c as u32)
                .ok_or_else(|| format!("match pattern {name} is not a constructor of {d}"))
        };
        // The arms up to the first that matches every value (a variable pattern); the
        // last of them needs no test. Nodes are made in the order the printed `ite` reads
        // back in: each arm's test, its selectors, its variables, its body.
        let catch_all = |p: &P<y::Str>| match p {
            P::Wildcard(_) => true,
            P::Ctor(name) => ctor_of(name.inner()).is_err(),
            P::Applied { .. } => false,
        };
        let used = arms
            .iter()
            .position(|a| catch_all(&a.pattern))
            .map_or(arms.len(), |k| k + 1);
        let mut cases: Vec<(Option<NodeId>, NodeId)> = Vec::new();
        for (k, arm) in arms[..used].iter().enumerate() {
            let last = k + 1 == used;
            let test = match &arm.pattern {
                P::Ctor(name) if !last => {
                    Some(self.dt_app(Op::DtIs, [ctor_of(name.inner())?, 0], s)?)
                }
                P::Applied { ctor, .. } if !last => {
                    Some(self.dt_app(Op::DtIs, [ctor_of(ctor.inner())?, 0], s)?)
                }
                _ => None,
            };
            let mut values = Vec::new();
            let mut names = Vec::new();
            match &arm.pattern {
                P::Wildcard(Some((name, id))) => {
                    values.push(s);
                    names.push((name, *id));
                }
                P::Applied { ctor, arguments } => {
                    let c = ctor_of(ctor.inner())?;
                    for (i, a) in arguments.iter().enumerate() {
                        if let Some((name, id)) = a {
                            values.push(self.dt_app(Op::DtSel, [c, i as u32], s)?);
                            names.push((name, *id));
                        }
                    }
                }
                _ => {}
            }
            let mut bound = Vec::new();
            let mut saved = Vec::new();
            for (v, (name, id)) in values.iter().zip(names) {
                let sort = self.f.sort_of(*v).clone();
                let (b, node) = self.f.bound_var(name.inner().to_string(), sort);
                saved.push((id, self.locals.insert(id, node)));
                bound.push((b, *v));
            }
            let body = self.term(&arm.body);
            self.restore(saved);
            let mut body = body?;
            if !bound.is_empty() {
                body = self.f.let_(bound, body).map_err(|e| e.to_string())?;
            }
            cases.push((test, body));
        }
        let (_, mut out) = cases.pop().ok_or("match without cases")?;
        while let Some((test, body)) = cases.pop() {
            let test = test.expect("only the last case matches every value");
            out = self.app(Op::Ite, vec![test, body, out])?;
        }
        Ok(out)
    }

    fn sort(&mut self, s: &y::Sort) -> Result<Sort, String> {
        let r = s.repr();
        if r.is_bool() {
            return Ok(Sort::Bool);
        }
        if r.is_int() {
            return Ok(Sort::Int);
        }
        if r.is_real() {
            return Ok(Sort::Real);
        }
        if r.is_string() {
            return Ok(Sort::String);
        }
        if r.is_reglan() {
            return Ok(Sort::RegLan);
        }
        if let Some(w) = r.is_bv() {
            let w = numeral(&w)?;
            if w == 0 {
                return Err("(_ BitVec 0)".into());
            }
            return Ok(Sort::BitVec(w));
        }
        if let Some((i, e)) = r.is_array() {
            return Ok(Sort::array(self.sort(&i)?, self.sort(&e)?));
        }
        let name = r.sort_name().inner().to_string();
        if let Some(d) = self.datatypes.get(&name).cloned() {
            let arity = d.group.types[0].params.len();
            if r.0.indices.is_empty() && r.1.len() == arity {
                let args = r.1.iter().map(|a| self.sort(a)).collect::<Result<_, _>>()?;
                return Ok(Sort::Datatype(crate::lang::ir::DtSort::instance(
                    d.group, d.index, args,
                )));
            }
        }
        if r.1.is_empty() && r.0.indices.is_empty() {
            let next = self.sorts.values().filter(|v| v.is_some()).count() as u32;
            if let Some(n) = self.sorts.get_mut(&name) {
                return Ok(Sort::Uninterp(*n.get_or_insert(next)));
            }
        }
        let indices: Vec<u32> =
            r.0.indices
                .iter()
                .map(|i| {
                    i.get_numeral()
                        .map(|n| numeral(&n))
                        .unwrap_or(Err(String::new()))
                })
                .collect::<Result<_, _>>()
                .map_err(|_| format!("sort {s}"))?;
        let format = match (name.as_str(), indices.as_slice()) {
            ("FloatingPoint", [eb, sb]) => Some((*eb, *sb)),
            ("Float16", []) => Some((5, 11)),
            ("Float32", []) => Some((8, 24)),
            ("Float64", []) => Some((11, 53)),
            ("Float128", []) => Some((15, 113)),
            ("RoundingMode", []) => return Ok(Sort::RoundingMode),
            _ => None,
        };
        if let Some((eb, sb)) = format {
            if !crate::lang::ir::float::format_ok(eb, sb) {
                return Err(format!(
                    "FloatingPoint sort {s} (smtsmith takes eb 2..={}, sb 2..={})",
                    crate::lang::ir::float::MAX_EB,
                    crate::lang::ir::float::MAX_SB
                ));
            }
            return Ok(Sort::Float(eb, sb));
        }
        Err(match name.as_str() {
            "Seq" | "Set" | "Bag" => format!("sort {s} (theory not supported)"),
            _ => format!("sort {s}"),
        })
    }

    fn term(&mut self, t: &y::Term) -> Result<NodeId, String> {
        if let Some(n) = self.memo.get(t) {
            return Ok(*n);
        }
        let n = self.term_uncached(t)?;
        self.memo.insert(t.clone(), n);
        Ok(n)
    }

    fn terms(&mut self, ts: &[y::Term]) -> Result<Vec<NodeId>, String> {
        ts.iter().map(|t| self.term(t)).collect()
    }

    fn app(&mut self, op: Op, args: Vec<NodeId>) -> Result<NodeId, String> {
        self.f.app(op, args).map_err(|e| e.to_string())
    }

    /// `(and x)` and `(or x)` with one argument are `x`.
    fn nary(&mut self, op: Op, args: Vec<NodeId>) -> Result<NodeId, String> {
        if args.len() == 1 {
            Ok(args[0])
        } else {
            self.app(op, args)
        }
    }

    fn term_uncached(&mut self, t: &y::Term) -> Result<NodeId, String> {
        use y::alg::Term as T;
        match t.repr() {
            T::Constant(c, sort) => {
                let sort = match sort {
                    Some(s) => self.sort(s)?,
                    None => return Err(format!("constant {c} without a sort")),
                };
                let v = self.constant(t, c, &sort)?;
                Ok(self.f.lit(v))
            }
            T::Global(qid, sort) => {
                let name = qid.id_str().inner().as_str();
                if let Some(d) = self.globals.get(name) {
                    return Ok(self.f.constant(*d));
                }
                if let Some(n) = self.consts.get(name) {
                    return Ok(*n);
                }
                if let Some(def) = self.defs.get(name).cloned() {
                    return self.expand(&def, Vec::new());
                }
                let annotated = match sort {
                    Some(s) => Some(self.sort(s)?),
                    None => None,
                };
                if let Some(r) = self.datatype_app(name, Vec::new(), annotated) {
                    return r;
                }
                match name {
                    "re.none" => self.app(Op::ReNone, vec![]),
                    "re.all" => self.app(Op::ReAll, vec![]),
                    "re.allchar" => self.app(Op::ReAllchar, vec![]),
                    _ => Err(format!("symbol {name}")),
                }
            }
            T::Local(l) => self
                .locals
                .get(&l.id)
                .copied()
                .ok_or_else(|| format!("variable {} out of scope", l.symbol)),
            T::App(qid, args, sort) => {
                let name = qid.id_str().inner().to_string();
                let args = self.terms(args)?;
                if let Some(def) = self.defs.get(&name).cloned() {
                    return self.expand(&def, args);
                }
                if let Some(d) = self.globals.get(&name).copied() {
                    return self.f.call(d, args).map_err(|e| e.to_string());
                }
                let annotated = match sort {
                    Some(s) if self.dt_symbols.contains_key(&name) => Some(self.sort(s)?),
                    _ => None,
                };
                if let Some(r) = self.datatype_app(&name, args.clone(), annotated) {
                    return r;
                }
                // `((_ is C) x)`.
                if let (true, [y::alg::Index::Symbol(c)]) = (name == "is", qid.0.indices.as_slice())
                {
                    return match self.dt_symbols.get(c.inner().as_str()).cloned() {
                        Some((_, DtSymbol::Ctor(_))) => {
                            let tester = format!("is-{}", c.inner());
                            self.datatype_app(&tester, args, None)
                                .expect("each constructor's tester")
                        }
                        _ => Err(format!("(_ is {}): not a constructor", c.inner())),
                    };
                }
                let indices = qid
                    .0
                    .indices
                    .iter()
                    .map(|i| match i.get_numeral() {
                        Some(n) => numeral(&n),
                        None => Err(format!("index {i:?} of {name}")),
                    })
                    .collect::<Result<Vec<u32>, _>>()?;
                if name == "const" {
                    let s = match sort {
                        Some(s) => self.sort(s)?,
                        None => return Err("(as const ..) without its sort".into()),
                    };
                    // A constant array of a value is a value, as smtsmith builds and prints
                    // array values: the same formula after a round trip, and a value where
                    // cvc5's API needs one (nested constant arrays).
                    if let (Sort::Array(index, _), crate::lang::ir::NodeKind::Lit(v)) =
                        (&s, &self.f.node(args[0]).kind)
                    {
                        let value = Value::Array(crate::lang::ir::ArrayValue::constant(
                            (**index).clone(),
                            v.clone(),
                        ));
                        let app = format!("((as const {s}) {})", super::value(v));
                        if super::value(&value) == app {
                            return Ok(self.f.lit(value));
                        }
                    }
                    return self.f.const_array(s, args[0]).map_err(|e| e.to_string());
                }
                let op = theory_op(&name, args.len(), indices.len()).ok_or_else(|| {
                    if name.starts_with("fp") || name.starts_with("to_fp") {
                        format!("FloatingPoint operator {name} (not supported yet)")
                    } else {
                        format!("operator {name}")
                    }
                })?;
                let mut idx = [0u32; 2];
                for (k, i) in indices.iter().enumerate() {
                    idx[k] = *i;
                }
                if matches!(op, Op::And | Op::Or | Op::Add | Op::Mul) && args.len() == 1 {
                    return Ok(args[0]);
                }
                // `(- 2)` is the literal -2 and `(/ 1.0 3.0)` the literal 1/3, as the
                // printer writes them: the same formula after a round trip, a value where
                // cvc5's API needs one (`as const`), and a numeral divisor for the logic
                // (`(mod x (- 2))` is linear). Folded only where the literal prints as
                // exactly this application, so that parsing stays one-to-one.
                if let Some(v) = self.fold(op, &args) {
                    return Ok(self.f.lit(v));
                }
                self.f.app_indexed(op, idx, args).map_err(|e| e.to_string())
            }
            T::Let(bindings, body) => {
                let mut bound = Vec::new();
                let mut values = Vec::new();
                for y::alg::VarBinding(name, _, value) in bindings {
                    values.push(self.term(value)?);
                    let _ = name;
                }
                let mut saved = Vec::new();
                for (y::alg::VarBinding(name, id, _), v) in bindings.iter().zip(&values) {
                    let sort = self.f.sort_of(*v).clone();
                    let (b, node) = self.f.bound_var(name.inner().to_string(), sort);
                    saved.push((*id, self.locals.insert(*id, node)));
                    bound.push((b, *v));
                }
                let body = self.term(body);
                self.restore(saved);
                self.f.let_(bound, body?).map_err(|e| e.to_string())
            }
            T::Exists(vars, body) | T::Forall(vars, body) => {
                let forall = matches!(t.repr(), T::Forall(..));
                let mut bound = Vec::new();
                let mut saved = Vec::new();
                for y::alg::VarBinding(name, id, sort) in vars {
                    let s = self.sort(sort)?;
                    let (b, node) = self.f.bound_var(name.inner().to_string(), s);
                    saved.push((*id, self.locals.insert(*id, node)));
                    bound.push(b);
                }
                let body = self.term(body);
                self.restore(saved);
                self.f
                    .quantifier(forall, bound, body?)
                    .map_err(|e| e.to_string())
            }
            T::Matching(scrutinee, arms) => self.matching(scrutinee, arms),
            T::Annotated(inner, attributes) => {
                let node = self.term(inner)?;
                // A `:named` term may be used by its name later on.
                for a in attributes {
                    match a {
                        y::alg::Attribute::Named(name) => {
                            self.consts.insert(name.inner().to_string(), node);
                        }
                        y::alg::Attribute::Pattern(_) => self.patterns_dropped += 1,
                        _ => {}
                    }
                }
                Ok(node)
            }
            T::Eq(a, b) => {
                let args = vec![self.term(a)?, self.term(b)?];
                self.app(Op::Eq, args)
            }
            T::Distinct(ts) => {
                let args = self.terms(ts)?;
                self.app(Op::Distinct, args)
            }
            T::And(ts) => {
                let args = self.terms(ts)?;
                self.nary(Op::And, args)
            }
            T::Or(ts) => {
                let args = self.terms(ts)?;
                self.nary(Op::Or, args)
            }
            T::Xor(ts) => {
                let args = self.terms(ts)?;
                self.nary(Op::Xor, args)
            }
            T::Implies(ts, c) => {
                let mut args = self.terms(ts)?;
                args.push(self.term(c)?);
                self.app(Op::Implies, args)
            }
            T::Not(a) => {
                let a = self.term(a)?;
                self.app(Op::Not, vec![a])
            }
            T::Ite(c, a, b) => {
                let args = vec![self.term(c)?, self.term(a)?, self.term(b)?];
                self.app(Op::Ite, args)
            }
        }
    }

    fn fold(&self, op: Op, args: &[NodeId]) -> Option<Value> {
        fold_literal(&self.f, op, args)
    }

    fn restore(&mut self, saved: Vec<(y::LocalId, Option<NodeId>)>) {
        for (id, old) in saved.into_iter().rev() {
            match old {
                Some(n) => self.locals.insert(id, n),
                None => self.locals.remove(&id),
            };
        }
    }

    /// The body of a `define-fun` with its parameters bound to `args` (converted with its
    /// own memo table: the same body term means a different node for other arguments).
    fn expand(&mut self, def: &y::FunctionDef, args: Vec<NodeId>) -> Result<NodeId, String> {
        if def.vars.len() != args.len() {
            return Err(format!(
                "{} applied to {} argument(s)",
                def.name,
                args.len()
            ));
        }
        let mut saved = Vec::new();
        for (y::alg::VarBinding(_, id, _), a) in def.vars.iter().zip(args) {
            saved.push((*id, self.locals.insert(*id, a)));
        }
        let memo = std::mem::take(&mut self.memo);
        let body = self.term(&def.body);
        self.memo = memo;
        self.restore(saved);
        body
    }

    fn constant(&mut self, t: &y::Term, c: &y::Constant, sort: &Sort) -> Result<Value, String> {
        use y::alg::Constant as K;
        let text = t.to_string();
        match (c, sort) {
            (K::Bool(b), _) => Ok(Value::Bool(*b)),
            (K::Numeral(n), Sort::Int) => Ok(Value::Int(
                BigInt::from_str_radix(&n.to_string(), 10).map_err(|e| e.to_string())?,
            )),
            (K::Numeral(n), Sort::Real) => Ok(Value::Real(BigRational::from_integer(
                BigInt::from_str_radix(&n.to_string(), 10).map_err(|e| e.to_string())?,
            ))),
            (K::Decimal(_), Sort::Real) => decimal(&text)
                .map(Value::Real)
                .ok_or_else(|| format!("decimal {text}")),
            (K::String(s), Sort::String) => {
                let quoted = format!("\"{}\"", s.inner().replace('"', "\"\""));
                super::parse_string_literal(&quoted)
                    .map(Value::Str)
                    .ok_or_else(|| format!("string literal {quoted} (escape out of range)"))
            }
            (K::Binary(..) | K::Hexadecimal(..), Sort::BitVec(w)) => {
                let v = if let Some(b) = text.strip_prefix("#b") {
                    BigUint::from_str_radix(b, 2)
                } else if let Some(h) = text.strip_prefix("#x") {
                    BigUint::from_str_radix(h, 16)
                } else {
                    return Err(format!("bit-vector literal {text}"));
                };
                Ok(Value::bv(*w, v.map_err(|e| format!("{text}: {e}"))?))
            }
            _ => Err(format!("literal {text} of sort {sort}")),
        }
    }
}

/// The literal an application of `op` to literals is, where the printer writes that literal
/// as exactly this application (`(- 2)`, `(/ 1.0 3.0)`, `(fp #b0 #b01 #b1)`): the same
/// formula after a round trip, and a value where cvc5's API needs one. One-to-one: an
/// application that prints otherwise stays an application.
fn fold_literal(f: &Formula, op: Op, args: &[NodeId]) -> Option<Value> {
    let lit = |n: &NodeId| match &f.node(*n).kind {
        crate::lang::ir::NodeKind::Lit(v) => Some(v.clone()),
        _ => None,
    };
    let lits: Vec<Value> = args.iter().map(lit).collect::<Option<_>>()?;
    let v = match (op, lits.as_slice()) {
        (Op::Neg, [Value::Int(n)]) => Value::Int(-n),
        (Op::Neg, [Value::Real(r)]) => Value::Real(-r),
        (Op::RealDiv, [Value::Real(p), Value::Real(q)]) if !num_traits::Zero::is_zero(q) => {
            Value::Real(p / q)
        }
        // The printer writes every float but NaN as `(fp …)` of binary literals; the
        // argument literals may have been written otherwise (`(_ bv5 23)`, `#x..`).
        (Op::FpLit, [_, _, _]) => {
            let sorts: Vec<Sort> = lits.iter().map(Value::sort).collect();
            crate::lang::ir::result_sort(op, [0, 0], &sorts).ok()?;
            let v = crate::lang::eval::apply_indexed(op, [0, 0], &lits).ok()?;
            return (!matches!(&v, Value::Float(x) if x.is_nan())).then_some(v);
        }
        _ => return None,
    };
    let text: Vec<String> = lits.iter().map(super::value).collect();
    let app = format!("({} {})", op.name(), text.join(" "));
    (super::value(&v) == app).then_some(v)
}

/// `12.50` as an exact rational.
fn decimal(text: &str) -> Option<BigRational> {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = format!("{int}{frac}");
    let n = BigInt::from_str_radix(&digits, 10).ok()?;
    let d = num_traits::pow(BigInt::from(10), frac.len());
    Some(BigRational::new(n, d))
}

/// The operator of the table named `name` that takes `arity` arguments and `indices`
/// indices (by the table's arities: `-` is negation with one argument, subtraction with
/// more).
fn theory_op(name: &str, arity: usize, indices: usize) -> Option<Op> {
    crate::lang::ir::ops::OPS
        .iter()
        .filter(|i| i.name == name && i.indices == indices && i.op != Op::ConstArray)
        .find(|i| arity >= i.min_arity && (i.is_variadic() || arity == i.min_arity))
        .map(|i| i.op)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Script {
        parse_script(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    /// A solver's own `set-option` keyword (`yices-smt2` reads Yices's parameters as
    /// `:yices-NAME`) reads as that solver's option under its own name, and the printed
    /// reproducer writes it back under the keyword; an unknown option is a note.
    #[test]
    fn prefixed_options_read_as_their_solvers() {
        let s = parse(
            "(set-option :yices-branching negative)(set-option :yices-var-elim false)
             (set-option :no-such-option 1)(set-logic QF_LIA)(declare-fun x () Int)
             (assert (> x 0))(check-sat)",
        );
        assert_eq!(
            s.script
                .setup
                .options_of(crate::dialect::solver_id::SolverId::Yices),
            [
                ("branching".to_string(), "negative".to_string()),
                ("var-elim".to_string(), "false".to_string())
            ]
        );
        assert!(s
            .script
            .setup
            .options_of(crate::dialect::solver_id::SolverId::Z3)
            .is_empty());
        let own = crate::cases::smtlib::scripts::own_options(
            &s.script,
            crate::dialect::solver_id::SolverId::Yices,
        );
        assert_eq!(own.script[0], ("yices-branching".into(), "negative".into()));
        assert!(own.command_line.is_empty(), "{own:?}");
    }

    /// `define-fun-rec` and `define-funs-rec` (mutual recursion) are read into recursive
    /// definitions; the printed formula reads back as itself; a body that does not fit its
    /// result sort is an error.
    #[test]
    fn recursive_definitions_are_read_and_print_back() {
        let s = parse(
            "(set-logic ALL)(declare-fun x () Int)
             (define-fun-rec sum ((n Int) (a Int)) Int (ite (<= n 0) a (+ n (sum (- n 1) a))))
             (define-funs-rec ((ev ((n Int)) Bool) (od ((n Int)) Bool))
               ((ite (<= n 0) true (od (- n 1))) (ite (<= n 0) false (ev (- n 1)))))
             (assert (= (sum 3 x) 8)) (assert (ev x)) (check-sat)",
        );
        let f = &s.formula;
        assert_eq!(f.rec_defs.len(), 3);
        let printed = crate::cases::smtlib::script(f, &Default::default());
        assert!(
            printed.contains("(define-funs-rec ((sum ((n Int) (a Int)) Int)"),
            "{printed}"
        );
        let again = parse(&printed);
        assert_eq!(
            crate::cases::smtlib::script(&again.formula, &Default::default()),
            printed
        );
        let m = crate::lang::eval::Model::of_constants(&[Value::Int(2.into())])
            .extended_to(f.decls.len());
        assert_eq!(
            crate::lang::eval::check_model(f, &m),
            crate::lang::eval::Truth::True
        );
        let bad = parse_script("(define-fun-rec f ((n Int)) Bool (+ n 1))(check-sat)");
        assert!(bad.is_err());
    }

    #[test]
    fn literals_follow_smtlib() {
        let s = parse(
            "(set-logic ALL)(declare-const s String)(declare-const b (_ BitVec 16))
             (declare-const x Real)
             (assert (= s \"a\"\"\\u{48}\\x\\u0041\"))
             (assert (= b #x0102)) (assert (= b (_ bv258 16))) (assert (= x 2.50))",
        );
        let f = &s.formula;
        let lit = |k: usize| {
            let a = f.asserts[k];
            let crate::lang::ir::NodeKind::App(_, _, args) = &f.node(a).kind else {
                panic!()
            };
            match &f.node(args[1]).kind {
                crate::lang::ir::NodeKind::Lit(v) => v.clone(),
                k => panic!("{k:?}"),
            }
        };
        // `""` is a quote; \u{48} and \u0041 are escapes; `\x` is two characters.
        assert_eq!(lit(0), Value::str("a\"H\\xA"));
        assert_eq!(lit(1), Value::bv(16, 258u32));
        assert_eq!(lit(2), Value::bv(16, 258u32));
        assert_eq!(
            lit(3),
            Value::Real(BigRational::new(BigInt::from(5), BigInt::from(2)))
        );
    }

    #[test]
    fn unsupported_constructs_are_named_with_their_position() {
        let e = parse_script("(set-logic QF_LIA)\n(push 1)\n(pop 2)\n").unwrap_err();
        assert_eq!((e.line, e.column, e.kind), (3, 1, ErrorKind::Malformed));
        assert!(e.message.contains("pop 2"), "{e}");
        let e = parse_script("(set-logic QF_LIA)\n(check-sat)\n(reset)\n").unwrap_err();
        assert_eq!((e.line, e.kind), (3, ErrorKind::Unsupported));
        let e = parse_script(
            "(set-logic ALL)\n(declare-datatype P (par (T) ((mk (fst (Array Int T))))))\n(check-sat)\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::Unsupported), "{e}");
        assert!(e.message.contains("a parameter inside another sort"), "{e}");
        let e = parse_script("(set-logic QF_FP)\n(declare-const f (_ FloatingPoint 30 24))\n")
            .unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::Unsupported), "{e}");
        assert!(e.message.contains("FloatingPoint"), "{e}");
        let e = parse_script("(set-logic QF_FP)\n(declare-const f Float32)\n(assert (fp.isNaN 1))")
            .unwrap_err();
        assert_eq!((e.line, e.kind), (3, ErrorKind::Malformed), "{e}");
        let e = parse_script("(set-logic QF_LIA)\n(assert (= x 1))\n").unwrap_err();
        assert_eq!((e.line, e.kind), (2, ErrorKind::Malformed));
        let e = parse_script("(set-logic QF_LIA)\n(assert (and true\n").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed);
    }

    /// FloatingPoint scripts (read by their sorts, not by yaspar-ir): `to_fp` by its
    /// argument sorts, the special constants, both names of rounding modes, `define-sort`,
    /// an integer numeral where a real is expected; the ground assertion evaluates true.
    /// A group of mutually recursive datatypes using an earlier one, with assertions through
    /// both tester forms and `match` (the datatype tests' common script).
    const ROSE_FOREST: &str = "(set-logic ALL)
            (declare-datatype Color ((red) (green)))
            (declare-datatypes ((Rose 0) (Forest 0))
              (((rose (root Color) (kids Forest))) ((fnil) (fcons (fhead Rose) (ftail Forest)))))
            (declare-const t Rose)
            (assert (is-fcons (kids t)))
            (assert ((_ is red) (root (fhead (kids t)))))
            (assert (match (kids t) ((fnil false) ((fcons h rest) (= rest fnil)))))";

    /// Datatype declarations (one, mutually recursive, a field of an earlier group),
    /// constructors, selectors, both tester forms, `match` read as testers, selectors and
    /// lets: printed and read back as the same formula.
    #[test]
    fn datatype_scripts_read_with_match_as_testers_and_selectors() {
        let text = format!(
            "{ROSE_FOREST}(assert (= t (rose green (fcons (rose red fnil) fnil))))(check-sat)"
        );
        let text = text.as_str();
        let s = parse(text);
        let f = &s.formula;
        let groups = f.datatype_groups();
        assert_eq!(groups.len(), 2, "{groups:?}");
        assert_eq!(
            groups[0].types[0].name, "Color",
            "declared before the group using it"
        );
        assert_eq!(f.signature().logic(), "QF_DT");
        let printed = crate::cases::smtlib::script(f, &Default::default());
        assert!(
            printed.contains("(declare-datatypes ((Rose 0) (Forest 0))"),
            "{printed}"
        );
        assert!(printed.contains("(ite ((_ is fnil) (kids t)) false (let ((h (fhead (kids t))) (rest (ftail (kids t)))) (= rest fnil)))"), "{printed}");
        assert_eq!(parse(&printed).formula, *f);
        // The constructor term of the last assertion, by the evaluator (no model needed).
        let crate::lang::ir::NodeKind::App(Op::Eq, _, args) = &f.node(f.asserts[3]).kind else {
            panic!("an equation")
        };
        let model = crate::lang::eval::Model::default();
        let v = crate::lang::eval::Evaluator::new(f, &model)
            .eval(args[1])
            .unwrap();
        let Value::Dt(d) = v else { panic!("{v:?}") };
        assert_eq!((d.ctor, d.args.len()), (0, 2));
        // A datatype without a finite value is refused (by the type checker).
        let e = parse_script("(set-logic ALL)(declare-datatype L ((cons (tl L))))(check-sat)")
            .unwrap_err();
        assert!(e.message.contains("base case is required"), "{e}");
    }

    /// Parametric datatypes: instances as sorts, `(as C S)` and constructors whose
    /// arguments tell the instance; printed with `par`, `(as C S)` and `is-C` (Z3's front
    /// end takes `(_ is C)` of a parametric datatype only with C's signature), read back as
    /// the same formula.
    #[test]
    fn parametric_datatypes_read_as_instances() {
        let text = "(set-logic ALL)
            (declare-datatypes ((PList 1)) ((par (T) ((pnil) (pcons (phead T) (ptail (PList T)))))))
            (declare-const x (PList Int))
            (declare-const y (PList Bool))
            (assert (= x (pcons 1 (as pnil (PList Int)))))
            (assert ((_ is pcons) y))
            (check-sat)";
        let f = parse(text).formula;
        assert_eq!(f.decls[0].sort.to_string(), "(PList Int)");
        assert_eq!(f.decls[1].sort.to_string(), "(PList Bool)");
        assert_eq!(
            f.datatype_groups().len(),
            1,
            "one declaration for both instances"
        );
        let printed = crate::cases::smtlib::script(&f, &Default::default());
        assert!(
            printed.contains("((par (T) ((pnil) (pcons (phead T) (ptail (PList T)))))))"),
            "{printed}"
        );
        assert!(
            printed.contains("(= x ((as pcons (PList Int)) 1 (as pnil (PList Int))))"),
            "{printed}"
        );
        assert!(printed.contains("(is-pcons y)"), "{printed}");
        assert_eq!(parse(&printed).formula, f);
        // A nullary constructor of a parametric datatype needs `(as C S)` (cvc5 refuses it
        // without; the type checker too).
        let e = parse_script(
            "(set-logic ALL)(declare-datatype P (par (T) ((none) (some (v T)))))(declare-const p (P Int))(assert (= p none))(check-sat)",
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Malformed, "{e}");
    }

    /// The reader by sorts (FloatingPoint scripts) reads datatypes as the typed reader does:
    /// on a script both read, the same printed formula (declarations of a group and of a
    /// group using it, both tester forms, `match` with constructor and variable patterns);
    /// a datatype with a float field reads and prints back as itself; parametric ones read as
    /// instances (a parameter inside another sort is unsupported, as in the typed reader).
    #[test]
    fn the_reader_by_sorts_reads_datatypes_as_the_typed_reader() {
        let text = format!(
            "{ROSE_FOREST}(assert (match (root t) ((red false) (other (= other green)))))
             (assert (= t (rose green (fcons (rose red fnil) fnil))))(check-sat)"
        );
        let text = text.as_str();
        let opts = crate::cases::smtlib::ScriptOptions::default();
        let typed = parse(text);
        let by_sorts = by_sorts::read(text, true).unwrap();
        assert_eq!(
            crate::cases::smtlib::script(&by_sorts.formula, &opts),
            crate::cases::smtlib::script(&typed.formula, &opts)
        );
        let fp = parse(
            "(set-logic ALL)(declare-datatype D ((mk (f (_ FloatingPoint 2 3)) (g Int)) (none)))
             (declare-const d D)(assert (fp.isZero (f d)))(assert (not (is-none d)))(check-sat)",
        );
        let printed = crate::cases::smtlib::script(&fp.formula, &opts);
        assert!(
            printed.contains(
                "(declare-datatypes ((D 0)) (((mk (f (_ FloatingPoint 2 3)) (g Int)) (none))))"
            ),
            "{printed}"
        );
        assert_eq!(
            crate::cases::smtlib::script(&parse(&printed).formula, &opts),
            printed
        );
        // Parametric ones too, as the typed reader reads them (instances, `(as C S)`), and
        // printed back as themselves.
        let par = "(set-logic ALL)
            (declare-datatypes ((PList 1)) ((par (T) ((pnil) (pcons (phead T) (ptail (PList T)))))))
            (declare-const x (PList Int))(declare-const y (PList Bool))
            (assert (= x (pcons 1 (as pnil (PList Int)))))(assert ((_ is pcons) y))(check-sat)";
        assert_eq!(
            crate::cases::smtlib::script(&by_sorts::read(par, true).unwrap().formula, &opts),
            crate::cases::smtlib::script(&parse(par).formula, &opts)
        );
        let fp_par = parse(
            "(declare-datatype P (par (T) ((none) (some (v T)))))(declare-const x (P Float32))
             (assert (= x ((as some (P Float32)) (_ +zero 8 24))))(check-sat)",
        );
        let printed = crate::cases::smtlib::script(&fp_par.formula, &opts);
        assert_eq!(
            crate::cases::smtlib::script(&parse(&printed).formula, &opts),
            printed
        );
        // A parameter inside another sort is not read (by either reader).
        let e = parse_script(
            "(declare-datatype P (par (T) ((none) (some (v (Array Int T))))))(declare-const x Float32)(check-sat)",
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported, "{e}");
    }

    #[test]
    fn floating_point_scripts_are_read_by_their_sorts() {
        let s = parse(
            "(set-logic QF_BVFP)(define-sort F () (_ FloatingPoint 3 5))
             (declare-const x F)(declare-const b (_ BitVec 8))(declare-const r RoundingMode)
             (define-fun one () F ((_ to_fp 3 5) roundNearestTiesToEven 1))
             (assert (= ((_ to_fp 3 5) b) ((_ to_fp 3 5) RNE ((_ to_fp 8 24) r x))))
             (assert (fp.eq ((_ to_fp 3 5) RTZ #b00000011) (fp.add RNE one (fp #b0 #b100 #x0))
                            ((_ to_fp_unsigned 3 5) RTP #b011)))
             (assert (not (= (_ +zero 3 5) (_ -zero 3 5) (_ NaN 3 5) (_ +oo 3 5))))
             (check-sat)",
        );
        let f = &s.formula;
        let ops = f.signature().ops;
        for op in [
            Op::ToFpBv,
            Op::ToFpFp,
            Op::ToFpReal,
            Op::ToFpSbv,
            Op::ToFpUbv,
            Op::FpAdd,
        ] {
            assert!(ops.contains(&op), "{op:?} in {ops:?}");
        }
        assert_eq!(f.signature().logic(), "QF_BVFP");
        let m = crate::lang::eval::Model::default();
        let mut ev = crate::lang::eval::Evaluator::new(f, &m);
        assert_eq!(ev.eval(f.asserts[1]), Ok(Value::Bool(true)));
        assert_eq!(ev.eval(f.asserts[2]), Ok(Value::Bool(true)));
        // Z3's check-sat-using is a check, its tactic kept.
        let t = parse(
            "(declare-const x Float32)(assert (fp.isNaN x))(check-sat-using (then simplify smt))",
        );
        assert!(t.check_sat);
        assert_eq!(t.tactic.as_deref(), Some("(then simplify smt)"));
        // The printed formula reads back as the same formula.
        let opts = crate::cases::smtlib::ScriptOptions::default();
        let again = parse(&crate::cases::smtlib::script(f, &opts));
        assert_eq!(
            crate::cases::smtlib::script(&again.formula, &opts),
            crate::cases::smtlib::script(f, &opts)
        );
    }

    /// The reader by sorts (FloatingPoint, solver extensions, and scripts whose options
    /// name `seq.`) reads the `-N` of smtsmith's `as const` leniently, noted, as the typed
    /// reader does; strictly it is an unknown symbol.
    #[test]
    fn negative_numerals_read_leniently_by_the_sorts_reader() {
        for option in [
            "(set-option :smt.seq.split_w_len true)",
            "(declare-const r Float32)",
        ] {
            let text = format!(
                "{option}(set-logic ALL)(declare-const a (Array Real Int))\
                 (assert (distinct ((as const (Array Real Int)) -6) a))(check-sat)"
            );
            let s = parse_script(&text).unwrap();
            let f = &s.formula;
            assert_eq!(
                super::super::term(f, f.asserts[0]),
                "(distinct ((as const (Array Real Int)) -6) a)",
                "{option}"
            );
            assert!(
                s.notes.iter().any(|n| n.starts_with("negative numeral")),
                "{option}: {:?}",
                s.notes
            );
            let e = parse_script_with(&text, Reading::Strict).unwrap_err();
            assert!(e.message.contains("-6"), "{option}: {e}");
        }
    }

    /// smtsmith's own reproducers read back: n-ary `=` (which yaspar-ir rejects) and
    /// `-5` inside `as const` (which cvc5's parser needs) are read as what they mean.
    #[test]
    fn reproducer_forms_yaspar_rejects_are_read() {
        let s = parse(
            "; c\n(set-logic ALL)(declare-const a (Array Int Int))(declare-const x Int)
             (assert (= a ((as const (Array Int Int)) -5) a))
             (assert (= x 1 (str.len \"-2 \"\"x\"\" ;\")))",
        );
        let f = &s.formula;
        assert_eq!(
            super::super::term(f, f.asserts[0]),
            "(and (= a ((as const (Array Int Int)) -5)) (= ((as const (Array Int Int)) -5) a))"
        );
        // The string literal (with a quote, `-2` and `;` inside) is untouched.
        assert_eq!(
            super::super::term(f, f.asserts[1]),
            "(and (= x 1) (= 1 (str.len \"-2 \"\"x\"\" ;\")))"
        );
        // Not a number inside a string literal or a quoted symbol: the assertion is
        // ill-sorted (Int = String), so the rewrite must not have made it parse.
        let e = parse_script("(declare-const x Int)(assert (= x 1 \"-2\" |-3|))").unwrap_err();
        assert!(e.message.contains("two argument"), "{e}");
    }

    /// Every script smtsmith prints for a generated formula reads back (so `smtsmith
    /// check` and the seed corpus take smtsmith's own reproducers).
    #[test]
    fn generated_scripts_read_back() {
        for seed in 0..400 {
            let bytes = crate::lang::generate::seeded_bytes(seed, 200);
            let f = crate::lang::generate::Case::from_bytes(&bytes).formula;
            let text = super::super::script(&f, &Default::default());
            let back = parse_script(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(back.formula.asserts.len(), f.asserts.len(), "seed {seed}");
        }
    }

    #[test]
    fn definitions_expand_and_lets_stay() {
        let s = parse(
            "(set-logic ALL)(declare-sort A 0)(declare-fun g (A) Int)(declare-const a A)
             (define-fun f ((y Int)) Int (+ y 1))
             (assert (let ((z (f 2))) (= (f z) (g a))))
             (assert (forall ((q A)) (> (f (g q)) 0)))
             (set-info :status sat)",
        );
        let text = super::super::term(&s.formula, s.formula.asserts[0]);
        assert_eq!(text, "(let ((z (+ 2 1))) (= (+ z 1) (g a)))");
        let text = super::super::term(&s.formula, s.formula.asserts[1]);
        assert_eq!(text, "(forall ((q U0)) (> (+ (g q) 1) 0))");
        assert_eq!(s.status, Some(Verdict::Sat));
    }

    fn actions(s: &Script) -> Vec<String> {
        s.script
            .actions
            .iter()
            .map(|a| match a {
                Action::Declare(d) => {
                    format!("declare {}", s.script.formula.decls[d.0 as usize].name)
                }
                Action::Assert(t) => {
                    format!("assert {}", super::super::term(&s.script.formula, *t))
                }
                Action::CheckSatAssuming(ls) => format!(
                    "assuming {}",
                    ls.iter()
                        .map(|l| super::super::term(&s.script.formula, *l))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                Action::GetValue(ts) => format!("values {}", ts.len()),
                other => format!("{other:?}"),
            })
            .collect()
    }

    /// Every command of an incremental script becomes its action, in order; a name
    /// declared again after its pop is the same symbol; `:named` terms read by name; the
    /// status before each check is that check's.
    #[test]
    fn incremental_scripts_become_actions() {
        let s = parse(
            "(set-option :produce-unsat-cores true)(set-option :produce-unsat-assumptions true)
             (set-logic QF_LIA)(declare-fun x () Int)(assert (! (< x 9) :named p))
             (push 1)(declare-fun y () Int)(assert (< x y))
             (set-info :status sat)(check-sat)(get-value (x (+ x 1)))(get-model)
             (pop 1)(declare-fun y () Int)(assert (=> p (> y 0)))
             (check-sat-assuming ((> x 0) (not (= x 1))))(get-unsat-assumptions)
             (set-info :status unsat)(check-sat)(get-unsat-core)
             (reset-assertions)(declare-const z Bool)(check-sat)(exit)(assert false)",
        );
        assert_eq!(
            actions(&s),
            [
                "declare x",
                "assert (< x 9)",
                "Push(1)",
                "declare y",
                "assert (< x y)",
                "CheckSat",
                "values 2",
                "Pop(1)",
                "assert (=> (< x 9) (> y 0))",
                "assuming (> x 0) (not (= x 1))",
                "GetUnsatAssumptions",
                "CheckSat",
                "GetUnsatCore",
                "ResetAssertions",
                "declare z",
                "CheckSat",
            ]
        );
        assert_eq!(
            s.expected,
            [Some(Verdict::Sat), None, Some(Verdict::Unsat), None]
        );
        assert!(s.script.setup.cores && s.script.setup.unsat_assumptions);
        assert!(!s.single_query());
        // The formula of the first check: the assertion in force there.
        assert_eq!(s.formula.asserts.len(), 2);
        assert!(s.notes.is_empty(), "{:?}", s.notes);
        assert!(s.script.valid());
        // Declared again with another sort: a fresh name, noted.
        let s = parse(
            "(set-logic ALL)(push 1)(declare-fun y () Int)(pop 1)(declare-fun y () Bool)(assert y)(check-sat)",
        );
        assert_eq!(actions(&s)[3..], ["declare y!", "assert y!", "CheckSat"]);
        assert!(s.notes[0].contains("another sort"), "{:?}", s.notes);
        // With global declarations, names outlive their scope (yaspar-ir alone would end them).
        let s = parse(
            "(set-option :global-declarations true)(set-logic QF_LIA)(push 1)(declare-fun y () Int)
             (pop 1)(assert (> y 0))(reset-assertions)(assert (< y 0))(check-sat)",
        );
        assert_eq!(actions(&s).len(), 7);
        // One query inside push, with get-value after it, is a formula.
        let s = parse("(set-logic QF_LIA)(declare-fun x () Int)(push 1)(assert (> x 0))(check-sat)(get-value (x))");
        assert!(s.single_query());
    }

    /// The 2.5-name copy of a script (for Z3 releases before 4.8.9) renames the theory's
    /// operators only, not a string literal that spells one; it reads back as the same
    /// formula.
    #[test]
    fn scripts_are_rewritten_with_the_25_string_names() {
        let text = "; a comment\n(set-logic ALL)(declare-fun s () String)\
                    (assert (str.in_re s (re.union re.none (str.to_re \"str.to_int\"))))\
                    (assert (= (str.to_int s) (str.len (str.from_int 3))))(check-sat)";
        let older = with_25_string_names(text).unwrap();
        assert_eq!(
            older,
            "(set-logic ALL)\n(declare-fun s () String)\n\
             (assert (str.in.re s (re.union re.nostr (str.to.re \"str.to_int\"))))\n\
             (assert (= (str.to.int s) (str.len (int.to.str 3))))\n(check-sat)\n"
        );
        assert_eq!(
            crate::cases::smtlib::script(&parse(&older).formula, &Default::default()),
            crate::cases::smtlib::script(&parse(text).formula, &Default::default())
        );
        assert!(with_25_string_names("(assert (str.in_re s").is_none());
    }

    /// Each lenient form reads as its standard meaning and is noted; strict reading
    /// rejects it with the error of the text as written.
    /// A constant array of a value reads as an array value, nested ones too, as smtsmith
    /// builds and prints them (a reproducer replays with what made it: cvc5's API takes only
    /// values in `as const`); of a term, it stays an application.
    #[test]
    fn constant_arrays_of_values_read_as_values() {
        let s = parse(
            "(declare-fun a () (Array Int (Array Int Int)))(declare-fun x () Int)\
             (assert (= a ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 5))))\
             (assert (= (select a 0) ((as const (Array Int Int)) x)))",
        );
        let rhs = |k: usize| match &s.formula.node(s.formula.asserts[k]).kind {
            crate::lang::ir::NodeKind::App(Op::Eq, _, args) => s.formula.node(args[1]).kind.clone(),
            other => panic!("{other:?}"),
        };
        assert!(
            matches!(rhs(0), crate::lang::ir::NodeKind::Lit(Value::Array(_))),
            "{:?}",
            rhs(0)
        );
        assert!(
            matches!(rhs(1), crate::lang::ir::NodeKind::App(Op::ConstArray, ..)),
            "{:?}",
            rhs(1)
        );
    }

    #[test]
    fn lenient_forms_read_as_their_meaning_and_are_noted() {
        let cases = [
            (
                "(declare-const s String)(assert (str.in.re s (str.to.re \"a\")))",
                "(str.in_re s (str.to_re \"a\"))",
                "`str.in.re`",
            ),
            (
                "(declare-const s String)(assert (= (str.to-int s) (str.to.int (int.to.str 3))))",
                "(= (str.to_int s) (str.to_int (str.from_int 3)))",
                "`int.to.str`",
            ),
            (
                "(declare-const s String)(assert (str.in.re s re.nostr))",
                "(str.in_re s re.none)",
                "`re.nostr`",
            ),
            (
                "(declare-const s String)(assert (= (str.++ s) \"a\"))",
                "(= s \"a\")",
                "unary `(str.++ x)`",
            ),
            (
                "(declare-const x Int)(assert (= (+ x) (* x)))",
                "(= x x)",
                "unary `(+ x)`",
            ),
            (
                "(declare-const x Int)(assert (distinct x))",
                "true",
                "unary `(distinct x)`",
            ),
            (
                "(declare-const b (_ BitVec 2))(assert (= (concat b b b) (concat (bvadd b) b b)))",
                "(= (concat (concat b b) b) (concat (concat b b) b))",
                "n-ary `concat`",
            ),
            (
                "(declare-const s String)(assert (str.in_re s (re.loop (str.to_re \"a\") 1 2)))",
                "(str.in_re s ((_ re.loop 1 2) (str.to_re \"a\")))",
                "`(re.loop r n m)`",
            ),
            (
                "(declare-const x Int)(assert (< x -5))",
                "(< x (- 5))",
                "negative numeral",
            ),
        ];
        for (body, term, note) in cases {
            let text = format!("(set-logic ALL){body}(check-sat)");
            let s = parse(&text);
            assert_eq!(
                super::super::term(&s.formula, s.formula.asserts[0]),
                term,
                "{text}"
            );
            assert!(
                s.notes.iter().any(|n| n.contains(note)),
                "{text}: {:?}",
                s.notes
            );
            let e = parse_script_with(&text, Reading::Strict).unwrap_err();
            assert_eq!(e.line, 1, "{text}: {e}");
        }
        // An operator outside the declared logic: read as ALL, the logic kept, noted.
        let text = "(set-logic QF_S)(declare-const s String)(assert (<= (str.len s) 3))(check-sat)";
        let s = parse(text);
        assert_eq!(s.logic.as_deref(), Some("QF_S"));
        assert!(
            s.notes
                .iter()
                .any(|n| n.contains("QF_S") && n.contains("<=")),
            "{:?}",
            s.notes
        );
        assert!(parse_script_with(text, Reading::Strict).is_err());
        // No set-logic: an integer numeral where a real is expected reads as a real (both
        // solvers read it), noted; strict reading rejects it.
        let text = "(declare-fun a () Real)(declare-fun b () Real)\
                    (assert (= 1 (+ (* a a) (* b b))))(check-sat)";
        let s = parse(text);
        assert_eq!(s.logic, None);
        assert_eq!(
            super::super::term(&s.formula, s.formula.asserts[0]),
            "(= 1.0 (+ (* a a) (* b b)))"
        );
        assert!(
            s.notes.iter().any(|n| n.contains("no set-logic")),
            "{:?}",
            s.notes
        );
        assert!(parse_script_with(text, Reading::Strict).is_err());
        // A name the script declares itself is not an alias.
        let s = parse(
            "(set-logic ALL)(declare-fun str.to.int (Int) Int)(assert (= (str.to.int 1) -1))",
        );
        assert_eq!(
            super::super::term(&s.formula, s.formula.asserts[0]),
            "(= (str.to.int 1) (- 1))"
        );
        // Standard chainable `=` is read in strict mode too, without a note.
        let s =
            parse_script_with("(declare-const x Int)(assert (= x 1 x))", Reading::Strict).unwrap();
        assert!(s.notes.is_empty());
        // A script read as written has no notes.
        assert!(
            parse("(set-logic QF_LIA)(declare-const x Int)(assert (< x 5))")
                .notes
                .is_empty()
        );
    }
}
