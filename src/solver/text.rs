//! The SMT-LIB text path: a case printed as its reproducer prints it, run command by command
//! through a solver's own front end in-process (Z3's `Z3_eval_smtlib2_string`, cvc5's
//! parser library), its answers (`sat`, `get-value`, `get-unsat-core`) read back by
//! smtsmith's own parser. A [`FrontEnd`] runs commands (its FFI lives with the solver's
//! backend); [`Text`] turns that into the primitives of a [`Backend`], so the driver runs
//! the text path like any other.
//!
//! Every case starts on a new front-end state (a command context of its own): what runs is
//! exactly the printed script, which the solver's binary replays.

use super::driver::{Backend, SolverConfig};
use super::{Limits, SolverError, SolverId, Verdict, UNSUPPORTED_CALL};
use crate::cases::smtlib::{self, PrintStyle};
use crate::lang::eval::Model;
use crate::lang::ir::{DeclId, Formula, NodeId, Op, Sort, Value};
use std::collections::HashMap;
use std::fmt::Write;

/// One solver's SMT-LIB front end.
pub(crate) trait FrontEnd {
    /// A front-end state: what a script runs in (Z3: a context and its command context;
    /// cvc5: a solver with its symbol manager and parser).
    type Instance;
    /// The text path's id (`z3-text`, `cvc5-text`).
    fn id(&self) -> SolverId;
    fn version(&self) -> String;
    fn start(&mut self) -> Result<Self::Instance, SolverError>;
    fn stop(&mut self, i: Self::Instance);
    /// Runs `commands`; returns what they printed. `Err` where the front end reports a
    /// failure outside its output (a parse error the API returns), with its message.
    fn eval(&mut self, i: &mut Self::Instance, commands: &str) -> Result<String, SolverError>;
    /// Frees what earlier instances left (cvc5: the term manager); no instance is alive.
    fn new_context(&mut self) -> Result<(), SolverError>;
    /// The options setting `limits` for each check, as `set-option` pairs.
    fn limit_options(&self, limits: &Limits) -> Vec<(String, String)>;
}

struct Instance<I> {
    front: I,
    style: PrintStyle,
}

/// The SMT-LIB 2.6 string escapes (`\u{…}`, the Unicode strings theory of 2020-02) a front
/// end reads right. Z3 from 4.8.13 reads all. Z3 4.8.9 to 4.8.12 read them into an 8-bit
/// alphabet: an escape at or above 0x80 would let a formula ask for characters they do not
/// have (a documented limit), ASCII ones they read right. Z3 4.8.5 to 4.8.8 predate the
/// theory and Z3's escapes (Z3Prover/z3#4333, 2020-05): they read `\u{0}` as `u{0}`, as
/// their own C-style escapes would, which is no bug of theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escapes {
    All,
    Ascii,
    None,
}

/// A front end as a [`Backend`].
pub(crate) struct Text<F: FrontEnd> {
    front: F,
    instances: Vec<Option<Instance<F::Instance>>>,
    /// Whether this release reads the SMT-LIB 2.5 string names (probed once).
    reads_aliases: bool,
    /// Whether it reads the 2.6 names (Z3 4.8.5 does not: it is given the 2.5 ones).
    reads_26_names: bool,
    /// Which SMT-LIB 2.6 string escapes this release reads right, probed once.
    escapes: Escapes,
    /// A script's own commands before its first check, run instead of the formula's printed
    /// declarations and assertions ([`super::Solver::set_source`]).
    source: Option<std::sync::Arc<str>>,
}

/// One formula's printing state.
pub(crate) struct Session {
    /// Texts of the terms the model reader asked about, by handle.
    terms: Vec<String>,
    /// The handle of each node's text, once printed.
    node_term: Vec<Option<usize>>,
    /// Track names asserted: (track, name).
    tracked: Vec<(usize, String)>,
    /// Assertions printed so far (names of untracked `:named` assertions).
    asserted: usize,
    /// Declarations not sent yet, as commands.
    pending: Vec<String>,
    /// The last check's assumptions, with their printed texts.
    assumptions: Vec<(NodeId, String)>,
    /// A formula the session prints (the driver passes it on every call; kept for the
    /// model reader, which builds division steps).
    formula: Formula,
}

impl<F: FrontEnd> Text<F> {
    pub fn new(mut front: F) -> Result<Self, SolverError> {
        let reads = |front: &mut F, script: &str| -> Result<bool, SolverError> {
            let mut probe = front.start()?;
            let out = front.eval(&mut probe, script);
            front.stop(probe);
            Ok(out.is_ok_and(|out| !out.contains("error")))
        };
        let reads_aliases = reads(
            &mut front,
            "(set-logic ALL)(declare-fun s () String)(assert (str.in.re s (str.to.re \"a\")))",
        )?;
        let reads_26_names = reads(
            &mut front,
            "(set-logic ALL)(declare-fun s () String)(assert (str.in_re s (str.to_re \"a\")))",
        )?;
        let answers_sat = |front: &mut F, script: &str| -> Result<bool, SolverError> {
            let mut probe = front.start()?;
            let sat = front
                .eval(&mut probe, script)
                .is_ok_and(|out| out.trim() == "sat");
            front.stop(probe);
            Ok(sat)
        };
        let escapes = if answers_sat(
            &mut front,
            "(set-logic ALL)(assert (= (str.len \"\\u{61}\\u{2ffff}\") 2))(check-sat)",
        )? {
            Escapes::All
        } else if answers_sat(
            &mut front,
            "(set-logic ALL)(assert (= (str.len \"\\u{0}\\u{5c}\\u{7f}\") 3))\
             (assert (= \"\\u{41}\" \"A\"))(check-sat)",
        )? {
            Escapes::Ascii
        } else {
            Escapes::None
        };
        Ok(Text {
            front,
            instances: Vec::new(),
            reads_aliases,
            reads_26_names,
            escapes,
            source: None,
        })
    }

    /// An error where `text` is not this front end's to read by its string escapes (a
    /// limit, as an operator the release does not know).
    fn check_escapes(&self, text: &str) -> Result<(), SolverError> {
        let refused = match self.escapes {
            Escapes::All => None,
            Escapes::Ascii if has_escape_above_ascii(text) => {
                Some("the front end's alphabet is 8-bit: no escape at or above 0x80")
            }
            Escapes::Ascii => None,
            // Those releases read a backslash C-style (`\u{0}` as `u{0}`, `\x41` as `A`).
            Escapes::None if !crate::cases::smtlib::literal_backslashes(text).is_empty() => {
                Some("the front end predates SMT-LIB 2.6 string escapes")
            }
            Escapes::None => None,
        };
        refused.map_or(Ok(()), |message| {
            Err(SolverError {
                solver: self.front.id(),
                call: UNSUPPORTED_CALL.into(),
                message: message.into(),
            })
        })
    }

    fn instance(&mut self, s: usize) -> &mut Instance<F::Instance> {
        self.instances[s].as_mut().expect("a live text instance")
    }

    /// Runs `commands` on instance `s`; an `(error ...)` printed is an error of the call
    /// named by the command, or (an operator the release does not know) of
    /// [`UNSUPPORTED_CALL`].
    fn run(&mut self, s: usize, commands: &str) -> Result<String, SolverError> {
        let id = self.front.id();
        let inst = self.instances[s].as_mut().expect("a live text instance");
        let out = self.front.eval(&mut inst.front, commands);
        let command = command_name(commands);
        let error = |message: String| match unknown_operator(id, &message) {
            Some(op) => SolverError {
                solver: id,
                call: UNSUPPORTED_CALL.into(),
                message: format!("the front end does not know {op}"),
            },
            None if crate::dialect::facts::limitation(
                id,
                crate::dialect::facts::LimitKind::FrontEnd,
                &message,
            )
            .is_some() =>
            {
                SolverError {
                    solver: id,
                    call: UNSUPPORTED_CALL.into(),
                    message,
                }
            }
            None => SolverError {
                solver: id,
                call: command.clone(),
                message,
            },
        };
        // Z3 prints warnings into the same output ("WARNING: auto configuration ... must be
        // disabled to use option CASE_SPLIT=3"): not answers.
        let out = out.map(|o| {
            o.lines()
                .filter(|l| !l.starts_with("WARNING:"))
                .collect::<Vec<_>>()
                .join("\n")
        });
        match out {
            Ok(out) => match error_in(&out) {
                Some(m) => Err(error(m)),
                None => Ok(out),
            },
            Err(e) => Err(error(e.message)),
        }
    }

    fn style(&mut self, s: usize) -> PrintStyle {
        self.instance(s).style
    }

    /// The handle of node `id`'s text (printed inline, in the instance's style).
    fn node_term(&mut self, st: &mut Session, id: NodeId, style: &PrintStyle) -> usize {
        if let Some(k) = st.node_term[id.0 as usize] {
            return k;
        }
        let text = smtlib::closed_term(&st.formula, id, style);
        st.terms.push(text);
        let k = st.terms.len() - 1;
        st.node_term[id.0 as usize] = Some(k);
        k
    }

    /// `get-value` of the given texts, each read as a value of its sort.
    fn get_values(
        &mut self,
        s: usize,
        terms: &[(String, Sort)],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let mut cmd = String::from("(get-value (");
        for (k, (t, _)) in terms.iter().enumerate() {
            if k > 0 {
                cmd.push(' ');
            }
            cmd.push_str(t);
        }
        cmd.push_str("))");
        let out = self.run(s, &cmd)?;
        let sorts: Vec<Sort> = terms.iter().map(|(_, sort)| sort.clone()).collect();
        read_get_value(out.trim(), &sorts).ok_or_else(|| self.unreadable("get-value", &out))
    }

    fn unreadable(&self, command: &str, out: &str) -> SolverError {
        let mut shown = out.trim().to_string();
        if shown.len() > 300 {
            shown.truncate(300);
            shown.push_str("...");
        }
        SolverError {
            solver: self.front.id(),
            call: command.into(),
            message: format!("unreadable answer: {shown}"),
        }
    }
}

/// The first command's name in `commands` (`assert`, `check-sat`).
fn command_name(commands: &str) -> String {
    commands
        .trim_start()
        .trim_start_matches('(')
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .next()
        .unwrap_or("")
        .to_string()
}

/// The message of the first `(error "...")` in a front end's output.
fn error_in(out: &str) -> Option<String> {
    let at = out.find("(error")?;
    let rest = &out[at + "(error".len()..];
    let msg = rest
        .find('"')
        .and_then(|a| rest[a + 1..].rfind('"').map(|b| &rest[a + 1..a + 1 + b]))
        .unwrap_or(rest);
    Some(msg.trim().to_string())
}

/// The SMT-LIB operator an error of `id`'s front end says it does not know (an operator
/// the release lacks: unknown, like the API path's missing constructor), where the message
/// is exactly one of [`crate::dialect::facts::LimitKind::UnknownOperator`] and names one of
/// smtsmith's operators.
fn unknown_operator(id: SolverId, message: &str) -> Option<String> {
    let names: Vec<&str> = Op::all()
        .map(|o| o.name())
        .chain(Op::all().flat_map(|o| o.older_names().iter().copied()))
        .collect();
    // The symbol the message names: quoted (cvc5: "Symbol 'x' not declared"), or last (Z3:
    // "... unknown function/constant x").
    let quoted = message.split('\'').nth(1);
    let last = message.split_whitespace().last();
    let op = [quoted, last]
        .into_iter()
        .flatten()
        .map(|w| w.trim_matches(|c: char| "'`\"()".contains(c)))
        .find(|w| names.contains(w))?
        .to_string();
    crate::dialect::facts::limitation(
        id,
        crate::dialect::facts::LimitKind::UnknownOperator,
        message,
    )?;
    Some(op)
}

/// The items of an S-expression list `( a b (c d) "e" )` as texts, or `None` if `text` is
/// not one list. Strings (`""` escapes a quote), quoted symbols and comments are skipped
/// over as SMT-LIB reads them.
pub(crate) fn items(text: &str) -> Option<Vec<&str>> {
    let text = text.trim();
    let inner = text.strip_prefix('(')?.strip_suffix(')')?;
    let b = inner.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            _ => {
                let start = i;
                i = end_of_item(b, i)?;
                out.push(&inner[start..i]);
            }
        }
    }
    Some(out)
}

/// The top-level S-expressions of a front end's output, in order.
pub(crate) fn items_of(out: &str) -> Option<Vec<&str>> {
    let b = out.as_bytes();
    let mut v = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        i = end_of_item(b, i)?;
        v.push(&out[start..i]);
    }
    Some(v)
}

/// Whether a string literal of `text` holds an SMT-LIB 2.6 escape (`\u{…}` or `\uXXXX`) of
/// a code point at or above 0x80. A backslash that starts no escape (`"\u{}"` is four
/// characters) is not one.
fn has_escape_above_ascii(text: &str) -> bool {
    crate::cases::smtlib::literal_backslashes(text)
        .iter()
        .any(|e| e.is_some_and(|code| code >= 0x80))
}

/// The answer to a `get-value` of terms of `sorts` (`((t1 v1) (t2 v2))`): each value read as
/// a value of its sort (`None` where it is not read exactly); `None` if the answer is not one
/// pair per term.
pub(crate) fn read_get_value(answer: &str, sorts: &[Sort]) -> Option<Vec<Option<Value>>> {
    let pairs = items(answer)?;
    if pairs.len() != sorts.len() {
        return None;
    }
    pairs
        .iter()
        .zip(sorts)
        .map(|(pair, sort)| match items(pair)?[..] {
            [_, value] => Some(parse_value(value, sort)),
            _ => None,
        })
        .collect()
}

/// Where the S-expression starting at `b[start]` ends (an atom, a string, a quoted symbol
/// or a list).
fn end_of_item(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                loop {
                    if *b.get(i)? == b'"' {
                        if b.get(i + 1) == Some(&b'"') {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
                i += 1;
            }
            b'|' => {
                i += 1;
                while *b.get(i)? != b'|' {
                    i += 1;
                }
                i += 1;
            }
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
                i += 1;
            }
            c if c.is_ascii_whitespace() => {
                if depth == 0 {
                    return Some(i);
                }
                i += 1;
            }
            _ => i += 1,
        }
        if depth == 0 && matches!(b[start], b'(' | b'"' | b'|') {
            return Some(i);
        }
    }
    (depth == 0).then_some(i)
}

/// A value printed by a front end, read as SMT-LIB by smtsmith's own parser and evaluated
/// to a value of `sort` (`None`: not a value we read exactly — an abstract element, a
/// lambda, an algebraic number, a string with escapes that are not SMT-LIB 2.6's).
pub(crate) fn parse_value(text: &str, sort: &Sort) -> Option<Value> {
    if matches!(sort, Sort::Uninterp(_) | Sort::RegLan) || text.contains('\\') && !escapes_26(text)
    {
        return None;
    }
    // A datatype's value is read under its declarations (equal groups are the same sort).
    let mut groups = Vec::new();
    crate::lang::ir::datatype::groups_of_sort(sort, &mut groups);
    let declarations: String = groups
        .iter()
        .map(|g| crate::cases::smtlib::datatype_declaration(g))
        .collect();
    let script = format!("(set-logic ALL){declarations}(assert (= {text} {text}))");
    let parsed = crate::cases::smtlib::parse::parse_script(&script).ok()?;
    let f = parsed.formula;
    let eq = *f.asserts.first()?;
    let crate::lang::ir::NodeKind::App(Op::Eq, _, args) = &f.node(eq).kind else {
        return None;
    };
    let model = Model::default();
    let value = crate::lang::eval::Evaluator::new(&f, &model)
        .eval(args[0])
        .ok()?;
    match (f.sort_of(args[0]), value) {
        (read, value) if read == sort => Some(value),
        // Yices prints a real value that is an integer as an integer numeral (`0`, `(- 1)`):
        // the same number. Any other sort than the one asked is not read.
        (Sort::Int, Value::Int(n)) if *sort == Sort::Real => Some(Value::Real(n.into())),
        _ => None,
    }
}

/// Whether every backslash in `text` starts a `\u{...}` escape (SMT-LIB 2.6; older
/// releases print `\x41`-style escapes, which 2.6 reads as four characters).
fn escapes_26(text: &str) -> bool {
    text.match_indices('\\')
        .all(|(i, _)| text[i + 1..].starts_with("u{"))
}

impl<F: FrontEnd> Backend for Text<F> {
    type Solver = usize;
    type Session = Session;

    fn id(&self) -> SolverId {
        self.front.id()
    }

    fn version(&self) -> String {
        self.front.version()
    }

    fn fixed_reuse(&self) -> Option<super::Reuse> {
        Some(super::Reuse::Solver)
    }

    fn set_source(&mut self, text: Option<std::sync::Arc<str>>) {
        self.source = text;
    }

    fn run_text(
        &mut self,
        text: &str,
        f: &Formula,
        limits: &Limits,
    ) -> Option<Result<String, SolverError>> {
        let mut cmds = String::from("(set-option :produce-models true)");
        for (k, v) in self.front.limit_options(limits) {
            let _ = write!(cmds, "(set-option :{k} {v})");
        }
        for (k, v) in crate::dialect::facts::formula_options(self.front.id(), f) {
            let _ = write!(cmds, "(set-option :{k} {v})");
        }
        cmds.push_str(text);
        Some(self.front.start().and_then(|mut i| {
            let out = self.front.eval(&mut i, &cmds);
            self.front.stop(i);
            out
        }))
    }

    fn new_context(&mut self, _limits: Option<&Limits>) -> Result<(), SolverError> {
        self.front.new_context()
    }

    fn solver_key(&self, _f: &Formula, cfg: &SolverConfig) -> String {
        cfg.logic.clone()
    }

    fn new_solver(&mut self, f: &Formula, cfg: &SolverConfig) -> Result<usize, SolverError> {
        // A script's own text goes as written: its escapes are judged as a printed
        // assertion's are.
        if let Some(text) = self.source.as_deref() {
            self.check_escapes(text)?;
        }
        let front = self.front.start()?;
        let mut style = cfg.print;
        style.aliases = (style.aliases && self.reads_aliases) || !self.reads_26_names;
        let slot = match self.instances.iter().position(Option::is_none) {
            Some(k) => k,
            None => {
                self.instances.push(None);
                self.instances.len() - 1
            }
        };
        self.instances[slot] = Some(Instance { front, style });
        let mut options = vec![("produce-models".to_string(), "true".to_string())];
        if cfg.cores {
            options.push(("produce-unsat-cores".into(), "true".into()));
        }
        if cfg.unsat_assumptions {
            options.push(("produce-unsat-assumptions".into(), "true".into()));
        }
        options.extend(self.front.limit_options(cfg.limits));
        for (k, v) in crate::dialect::facts::formula_options(self.front.id(), f) {
            options.push((k.into(), v.into()));
        }
        options.extend(cfg.options.iter().cloned());
        let mut cmds = String::new();
        for (k, v) in &options {
            let _ = write!(cmds, "(set-option :{k} {v})");
        }
        match &self.source {
            // The script's own commands, its logic among them.
            Some(text) => cmds.push_str(text),
            None => {
                let _ = write!(cmds, "(set-logic {})", cfg.logic);
            }
        }
        if let Err(e) = self.run(slot, &cmds) {
            self.delete_solver(slot);
            return Err(e);
        }
        Ok(slot)
    }

    fn delete_solver(&mut self, s: usize) {
        if let Some(i) = self.instances[s].take() {
            self.front.stop(i.front);
        }
    }

    fn push(&mut self, s: usize, n: u32) -> Result<(), SolverError> {
        self.run(s, &format!("(push {n})")).map(drop)
    }

    fn pop(&mut self, s: usize, n: u32) -> Result<(), SolverError> {
        self.run(s, &format!("(pop {n})")).map(drop)
    }

    fn reset_assertions(&mut self, s: usize) -> Result<(), SolverError> {
        self.run(s, "(reset-assertions)").map(drop)
    }

    fn open(&mut self, f: &Formula) -> Session {
        // Every uninterpreted sort and datatype first (a quantifier may use one no
        // declaration does);
        // a script's own text declares its own.
        let mut pending = match self.source {
            Some(_) => Vec::new(),
            None => crate::cases::smtlib::sort_declarations(f),
        };
        // Recursive definitions may use any declaration: all of them, then the definitions,
        // before anything else (declarations are not repeated later).
        if let (None, Some(defs)) = (&self.source, smtlib::rec_definitions(f)) {
            for (k, d) in f.decls.iter().enumerate() {
                if f.rec_def(DeclId(k as u32)).is_none() {
                    pending.push(smtlib::declaration(d));
                }
            }
            pending.push(defs);
        }
        Session {
            terms: Vec::new(),
            node_term: vec![None; f.nodes.len()],
            tracked: Vec::new(),
            asserted: 0,
            pending,
            assumptions: Vec::new(),
            formula: f.clone(),
        }
    }

    fn close(&mut self, _st: Session) {}

    /// Declarations go out with the next command that needs them (a session does not know
    /// its instance).
    fn declare(&mut self, st: &mut Session, f: &Formula, d: DeclId) -> Result<(), SolverError> {
        if self.source.is_none() && f.rec_defs.is_empty() {
            st.pending.push(smtlib::declaration(&f.decls[d.0 as usize]));
        }
        Ok(())
    }

    fn build(
        &mut self,
        _st: &mut Session,
        _f: &Formula,
        _roots: &[NodeId],
    ) -> Result<(), SolverError> {
        Ok(())
    }

    fn assert(
        &mut self,
        s: usize,
        st: &mut Session,
        f: &Formula,
        t: NodeId,
        track: Option<usize>,
    ) -> Result<(), SolverError> {
        if self.source.is_some() {
            // The script's own assertions went out with its text.
            return Ok(());
        }
        self.flush(s, st)?;
        let style = self.style(s);
        let k = track.unwrap_or(st.asserted);
        let text = smtlib::assertion(f, k, t, &style, track.is_some());
        self.check_escapes(&text)?;
        st.asserted += 1;
        if let Some(k) = track {
            st.tracked.push((k, smtlib::track_name(f, k)));
        }
        self.run(s, &text).map(drop)
    }

    fn check(
        &mut self,
        s: usize,
        st: &mut Session,
        assumptions: &[NodeId],
    ) -> Result<(Verdict, Option<String>), SolverError> {
        self.flush(s, st)?;
        let style = self.style(s);
        st.assumptions = assumptions
            .iter()
            .map(|a| (*a, smtlib::term_styled(&st.formula, *a, &style)))
            .collect();
        let cmd = if assumptions.is_empty() {
            "(check-sat)".to_string()
        } else {
            let lits: Vec<&str> = st.assumptions.iter().map(|(_, t)| t.as_str()).collect();
            format!("(check-sat-assuming ({}))", lits.join(" "))
        };
        let out = match self.run(s, &cmd) {
            Err(e)
                if crate::dialect::facts::limitation(
                    self.front.id(),
                    crate::dialect::facts::LimitKind::Check,
                    &e.message,
                )
                .is_some() =>
            {
                return Ok((
                    Verdict::Unknown,
                    Some(format!("unsupported: {}", e.message)),
                ))
            }
            r => r?,
        };
        let answer = out.trim();
        match answer {
            "sat" => Ok((Verdict::Sat, None)),
            "unsat" => Ok((Verdict::Unsat, None)),
            // cvc5 prints its reason with the answer: `unknown (RESOURCEOUT)`.
            _ if answer.starts_with("unknown (") && answer.ends_with(')') => Ok((
                Verdict::Unknown,
                Some(answer["unknown (".len()..answer.len() - 1].to_string()),
            )),
            "unknown" => {
                let info = self.run(s, "(get-info :reason-unknown)")?;
                let reason = items(info.trim())
                    .and_then(|xs| xs.get(1).map(|r| r.trim_matches('"').to_string()))
                    .unwrap_or_else(|| info.trim().to_string());
                Ok((Verdict::Unknown, Some(reason)))
            }
            _ => Err(self.unreadable("check-sat", &out)),
        }
    }

    fn model(&mut self, s: usize, st: &mut Session, view: &Formula) -> Result<Model, SolverError> {
        match self.model_read(s, st, view) {
            // Asked by smtsmith's names of the script's symbols (declared sorts renamed, for
            // one): a model the front end does not give under them is no model, not an error
            // of the front end.
            Err(_) if self.source.is_some() => Ok(Model::default().extended_to(view.decls.len())),
            r => r,
        }
    }

    fn drop_model(&mut self, _st: &mut Session) {}

    fn values(
        &mut self,
        s: usize,
        _st: &mut Session,
        f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        let style = self.style(s);
        let asked: Vec<(String, Sort)> = terms
            .iter()
            .map(|t| (smtlib::closed_term(f, *t, &style), f.sort_of(*t).clone()))
            .collect();
        self.get_values(s, &asked)
    }

    fn core(
        &mut self,
        s: usize,
        st: &mut Session,
        in_force: &[usize],
    ) -> Result<Vec<usize>, SolverError> {
        let out = self.run(s, "(get-unsat-core)")?;
        let names = items(out.trim()).ok_or_else(|| self.unreadable("get-unsat-core", &out))?;
        let mut core = Vec::new();
        for n in names {
            let n = n.trim_matches('|');
            match st.tracked.iter().find(|(_, name)| name == n) {
                Some((k, _)) if in_force.contains(k) => core.push(*k),
                Some(_) => {}
                None => return Err(self.unreadable("get-unsat-core", &out)),
            }
        }
        Ok(core)
    }

    fn failed_assumptions(
        &mut self,
        s: usize,
        st: &mut Session,
    ) -> Result<Vec<NodeId>, SolverError> {
        let out = self.run(s, "(get-unsat-assumptions)")?;
        let lits =
            items(out.trim()).ok_or_else(|| self.unreadable("get-unsat-assumptions", &out))?;
        let squeeze = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        lits.into_iter()
            .map(|l| {
                st.assumptions
                    .iter()
                    .find(|(_, t)| squeeze(t) == squeeze(l))
                    .map(|(id, _)| *id)
                    .ok_or_else(|| self.unreadable("get-unsat-assumptions", &out))
            })
            .collect()
    }

    fn simplify(
        &mut self,
        _f: &Formula,
        terms: &[NodeId],
    ) -> Result<Vec<Option<Value>>, SolverError> {
        // The ground-term oracle asks the API paths' rewriters only.
        Ok(vec![None; terms.len()])
    }

    fn provoke_error(&mut self) -> Option<SolverError> {
        let inst = self.front.start().ok()?;
        self.instances.push(Some(Instance {
            front: inst,
            style: PrintStyle::default(),
        }));
        let s = self.instances.len() - 1;
        let r = self.run(s, "(set-logic ALL)(assert (not 1))").err();
        self.delete_solver(s);
        r
    }
}

impl<F: FrontEnd> Text<F> {
    /// Sends the declarations the session holds back.
    /// The model after sat: the values of `view`'s declared constants and of its functions
    /// at its model points, by `get-value`.
    fn model_read(
        &mut self,
        s: usize,
        st: &mut Session,
        view: &Formula,
    ) -> Result<Model, SolverError> {
        let n = view.decls.len();
        let constants: Vec<usize> = (0..n)
            .filter(|k| view.decls[*k].args.is_empty() && declared(st, view, *k))
            .collect();
        let asked: Vec<(String, Sort)> = constants
            .iter()
            .map(|k| {
                let d = &view.decls[*k];
                (smtlib::symbol(&d.name), d.sort.clone())
            })
            .collect();
        let got = self.get_values(s, &asked)?;
        let mut values = vec![None; n];
        for (k, v) in constants.into_iter().zip(got) {
            values[k] = v;
        }
        let mut funcs = vec![Vec::new(); n];
        let style = self.style(s);
        // Only the terms `read_points` asks about are printed: applications of declared
        // functions and divisions, with their arguments. `get-value` takes terms without
        // quantifiers (Z3 before 4.8.10 refuses them).
        use crate::lang::ir::NodeKind;
        let order = view.reachable_postorder();
        let mut asked = vec![false; view.nodes.len()];
        for id in &order {
            if let NodeKind::Call(_, xs)
            | NodeKind::App(Op::IntDiv | Op::Mod | Op::RealDiv, _, xs) = &view.node(*id).kind
            {
                asked[id.0 as usize] = true;
                for x in xs {
                    asked[x.0 as usize] = true;
                }
            }
        }
        let mut quantified = vec![false; view.nodes.len()];
        let mut memo = vec![None; view.nodes.len()];
        for id in order {
            let k = id.0 as usize;
            quantified[k] = match &view.node(id).kind {
                crate::lang::ir::NodeKind::Quant { .. } => true,
                crate::lang::ir::NodeKind::Let(bs, body) => {
                    quantified[body.0 as usize] || bs.iter().any(|(_, t)| quantified[t.0 as usize])
                }
                crate::lang::ir::NodeKind::App(_, _, xs)
                | crate::lang::ir::NodeKind::Call(_, xs) => {
                    xs.iter().any(|x| quantified[x.0 as usize])
                }
                _ => false,
            };
            if asked[k] && k < st.node_term.len() && !quantified[k] {
                memo[k] = Some(self.node_term(st, id, &style));
            }
        }
        let mut reader = Reader {
            text: self,
            session: st,
            solver: s,
            cache: HashMap::new(),
        };
        let (divisions, unspecified) = super::read_points(view, &memo, &mut funcs, &mut reader)?;
        Ok(Model {
            values,
            funcs,
            func_else: vec![None; n],
            divisions,
            unspecified,
        })
    }

    fn flush(&mut self, s: usize, st: &mut Session) -> Result<(), SolverError> {
        if st.pending.is_empty() {
            return Ok(());
        }
        let text: String = std::mem::take(&mut st.pending).concat();
        self.run(s, &text).map(drop)
    }
}

/// Whether declaration `k` of `view` was declared in session `st`.
fn declared(st: &Session, view: &Formula, k: usize) -> bool {
    k < st.formula.decls.len() && st.formula.decls[k].name == view.decls[k].name
}

/// The model reader over a text instance: values by `get-value`, division steps as texts.
struct Reader<'a, F: FrontEnd> {
    text: &'a mut Text<F>,
    session: &'a mut Session,
    solver: usize,
    cache: HashMap<usize, Option<Value>>,
}

impl<F: FrontEnd> super::ModelReader for Reader<'_, F> {
    type Term = usize;

    fn value(&mut self, t: usize, sort: &Sort) -> Result<Option<Value>, SolverError> {
        if let Some(v) = self.cache.get(&t) {
            return Ok(v.clone());
        }
        let text = self.session.terms[t].clone();
        let v = self
            .text
            .get_values(self.solver, &[(text, sort.clone())])?
            .pop()
            .flatten();
        self.cache.insert(t, v.clone());
        Ok(v)
    }

    fn apply(&mut self, op: Op, args: &[usize], _sort: &Sort) -> Result<usize, SolverError> {
        let mut text = format!("({}", op.name());
        for a in args {
            text.push(' ');
            text.push_str(&self.session.terms[*a]);
        }
        text.push(')');
        self.session.terms.push(text);
        Ok(self.session.terms.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only escapes of code points at or above 0x80 are beyond an 8-bit front end; a
    /// backslash the printer escapes (`\u{5c}u{41}` is `\u{41}` as four characters) is not.
    #[test]
    fn escapes_above_ascii_are_told_from_ascii_ones() {
        let printed = |s: &[u32]| crate::lang::ir::string_literal(s);
        assert!(!has_escape_above_ascii(&printed(&[0, 0x7f, 0x5c])));
        assert!(!has_escape_above_ascii(&printed(
            &"\\u{41}".chars().map(u32::from).collect::<Vec<_>>()
        )));
        assert!(has_escape_above_ascii(&printed(&[0x61, 0x80])));
        assert!(has_escape_above_ascii(&printed(&[0x2ffff])));
        assert!(!has_escape_above_ascii("(assert (= x \"abc\"))"));
        // Not escapes in SMT-LIB 2.6: the characters as written.
        assert!(!has_escape_above_ascii(
            "(assert (= x \"\\u{}\\u{e9\\ue9\"))"
        ));
        assert!(has_escape_above_ascii("(assert (= x \"\\u00e9\"))"));
    }

    #[test]
    fn lists_split_into_items_as_smtlib_reads_them() {
        assert_eq!(
            items("((x 1) (y (- 2)))").unwrap(),
            vec!["(x 1)", "(y (- 2))"]
        );
        assert_eq!(
            items(
                r#"( "a"")b" |q (r| ; c)
 z)"#
            )
            .unwrap(),
            vec![r#""a"")b""#, "|q (r|", "z"]
        );
        assert_eq!(items("(a (b)"), None);
        assert_eq!(items("sat"), None);
        assert_eq!(items("()").unwrap(), Vec::<&str>::new());
    }

    #[test]
    fn values_are_read_exactly_or_not_at_all() {
        let int = |n: i64| Some(Value::Int(n.into()));
        assert_eq!(parse_value("(- 3)", &Sort::Int), int(-3));
        assert_eq!(parse_value("-3", &Sort::Int), int(-3));
        assert_eq!(
            parse_value("(/ 1.0 3.0)", &Sort::Real),
            Some(Value::Real(num_rational::BigRational::new(
                1.into(),
                3.into()
            )))
        );
        assert_eq!(
            parse_value("#b0101", &Sort::BitVec(4)),
            Some(Value::bv(4, 5u8))
        );
        assert_eq!(
            parse_value(r#""a\u{5c}""""#, &Sort::String),
            Some(Value::Str(vec![97, 92, 34]))
        );
        // A 2.5 escape, an algebraic number, an abstract element, a wrong sort: unknown.
        assert_eq!(parse_value(r#""\x41""#, &Sort::String), None);
        assert_eq!(
            parse_value("(root-obj (+ (^ x 2) (- 2)) 1)", &Sort::Real),
            None
        );
        assert_eq!(parse_value("U0!val!0", &Sort::Uninterp(0)), None);
        // An integer numeral for a real (Yices's way of printing an integral real) is that
        // real; another sort than the one asked is not read.
        let real = |n: i64| Some(Value::Real(num_bigint::BigInt::from(n).into()));
        assert_eq!(parse_value("1", &Sort::Real), real(1));
        assert_eq!(parse_value("(- 1)", &Sort::Real), real(-1));
        assert_eq!(parse_value("1.0", &Sort::Int), None);
        assert_eq!(parse_value("#b01", &Sort::Int), None);
        let arr = parse_value(
            "(store ((as const (Array Int Int)) 0) 1 5)",
            &Sort::array(Sort::Int, Sort::Int),
        )
        .unwrap();
        let Value::Array(a) = arr else { panic!() };
        assert_eq!(a.select(&Value::Int(1.into())), Value::Int(5.into()));
    }

    #[test]
    fn front_end_errors_are_read() {
        assert_eq!(
            error_in("(error \"line 1 column 9: unknown constant str.replace_re\")\n").as_deref(),
            Some("line 1 column 9: unknown constant str.replace_re")
        );
        assert_eq!(error_in("sat\n"), None);
        // The messages as the releases print them (Z3 4.8.7, cvc5 1.4.0).
        assert_eq!(
            unknown_operator(
                SolverId::Z3Text,
                "line 1 column 99: unknown function/constant str.replace_re"
            )
            .as_deref(),
            Some("str.replace_re")
        );
        assert_eq!(
            unknown_operator(
                SolverId::Cvc5Text,
                "Symbol 'str.in.re' not declared as a variable"
            )
            .as_deref(),
            Some("str.in.re")
        );
        // Z3 4.8.7's front end on `((_ re.^ 2) r)`.
        assert_eq!(
            unknown_operator(
                SolverId::Z3Text,
                "line 3 column 48: invalid use of indexed identifier, unknown builtin function re.^"
            )
            .as_deref(),
            Some("re.^")
        );
        // A symbol of the script, not an operator; "not" in the sentence is no operator.
        assert_eq!(
            unknown_operator(SolverId::Cvc5Text, "Symbol 'U0' not declared as a type"),
            None
        );
        // Another solver's message, or a message that merely names an operator, is not one.
        assert_eq!(
            unknown_operator(
                SolverId::Cvc5Text,
                "line 1 column 99: unknown function/constant str.replace_re"
            ),
            None
        );
        assert_eq!(
            unknown_operator(SolverId::Z3Text, "invalid argument str.replace_re"),
            None
        );
        assert_eq!(
            command_name("(check-sat-assuming (a))"),
            "check-sat-assuming"
        );
    }
}
