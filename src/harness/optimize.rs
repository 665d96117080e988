//! Running an optimization case: Z3's optimizer through both paths, [`super::judge`], and
//! each finding written (the case's own script as its reproducer) and reduced.

use super::Harness;
use crate::cases::optimize::{OptCase, OptOutcome, OptPath};
use crate::solver::z3::Z3;
use crate::solver::{SolverError, SolverId};
use crate::verdict::finding::{self, Context, Written};
use crate::verdict::oracle::optimum::{judge, Judged};
use crate::verdict::oracle::{Answer, Class, Issue};

thread_local! {
    /// The optimizer's own Z3 context, beside the harness's solvers, and the cases run in it
    /// since it was made; leaked on purpose as the harnesses are (no destructor at thread
    /// exit).
    static OPTIMIZER: std::cell::RefCell<Option<(&'static mut Z3, u32)>> = const { std::cell::RefCell::new(None) };
}

/// Cases run in one optimizer context before a new one replaces it: a context keeps every
/// term made in it, so a fuzzing process that never replaced it grew from 369 MB to 743 MB
/// of resident memory in 22 minutes.
const CASES_PER_CONTEXT: u32 = 256;

/// Runs `f` with this thread's optimizer context.
pub fn with_optimizer<T>(f: impl FnOnce(&mut Z3) -> T) -> Result<T, SolverError> {
    OPTIMIZER.with(|o| {
        let mut o = o.borrow_mut();
        if o.is_none() {
            *o = Some((Box::leak(Box::new(Z3::new()?)), 0));
        }
        let (z3, cases) = o.as_mut().expect("made above");
        if *cases >= CASES_PER_CONTEXT {
            z3.renew_context()?;
            *cases = 0;
        }
        *cases += 1;
        Ok(f(z3))
    })
}

/// What one path of one case gave: Z3's outcome (or its error) and the findings.
pub struct PathRun {
    pub path: OptPath,
    pub outcome: Result<OptOutcome, SolverError>,
    /// How long Z3's optimizer took.
    pub time: std::time::Duration,
    pub judged: Vec<Judged>,
}

/// The plain solvers' answers per formula (printed), within one case: its two paths usually
/// ask the same formulas (the same optima, the same better objective).
pub type PlainAnswers = std::collections::HashMap<String, Vec<(SolverId, Answer)>>;

/// Z3's optimizer on `case` through `path`, judged; the plain solvers run on `h`.
pub fn run_path(h: &mut Harness, z3: &mut Z3, case: &OptCase, path: OptPath) -> PathRun {
    run_path_sharing(h, z3, case, path, &mut PlainAnswers::new())
}

/// [`run_path`], reusing the plain solvers' answers in `plain` (and adding its own).
fn run_path_sharing(
    h: &mut Harness,
    z3: &mut Z3,
    case: &OptCase,
    path: OptPath,
    plain: &mut PlainAnswers,
) -> PathRun {
    let timeout = h.settings.limits.timeout_ms;
    let start = std::time::Instant::now();
    let outcome = z3.optimize(case, path, timeout);
    let time = start.elapsed();
    let judged = match &outcome {
        Ok(o) => judge(case, path, o, &mut |g| {
            let key = crate::cases::smtlib::script(g, &Default::default());
            plain.entry(key).or_insert_with(|| h.answers(g)).clone()
        }),
        Err(e) => api_error(e, path),
    };
    PathRun {
        path,
        outcome,
        time,
        judged,
    }
}

/// An error of Z3's optimizer on a case in its scope, unless it is a documented limitation
/// or a resource limit.
fn api_error(e: &SolverError, path: OptPath) -> Vec<Judged> {
    // A parameter value the optimizer refuses is the catalog's problem, not a bug.
    if e.call == crate::solver::OPTION_CALL {
        return Vec::new();
    }
    let limit = crate::solver::is_limit_reason(&e.message)
        || crate::dialect::facts::limitation(
            crate::solver::SolverId::Z3,
            crate::dialect::facts::LimitKind::Check,
            &e.message,
        )
        .is_some();
    if limit {
        return Vec::new();
    }
    vec![Judged {
        issue: Issue {
            class: Class::ApiError,
            blamed: Some(path.solver()),
            summary: format!(
                "Z3's optimizer, given the case through {}: {} failed: {}",
                path.name(),
                e.call,
                e.message
            ),
        },
        witness_formula: None,
        answers: Vec::new(),
    }]
}

/// The body of the `optimize` target on one case: both paths, every finding written to
/// `h`'s findings folder and reduced within its budget.
pub fn run_case(h: &mut Harness, case: &OptCase, input: Option<&[u8]>) -> Vec<(Issue, Written)> {
    let mut plain = PlainAnswers::new();
    let Ok(runs) = with_optimizer(|z3| {
        [OptPath::Api, OptPath::Text]
            .into_iter()
            .map(|p| run_path_sharing(h, z3, case, p, &mut plain))
            .collect::<Vec<_>>()
    }) else {
        panic!("cannot start Z3 for the optimizer");
    };
    let mut out = Vec::new();
    for run in runs {
        let own = optimizer_answer(&run);
        for j in run.judged {
            // One Z3 bug met through both paths is one finding.
            if out
                .iter()
                .any(|(i, _): &(Issue, Written)| i.class == j.issue.class)
            {
                continue;
            }
            match write(h, case, &j, &own, input) {
                Ok(w) => out.push((j.issue, w)),
                Err(e) => panic!("cannot write the optimizer's finding: {e}"),
            }
        }
    }
    out
}

/// Writes `j` (the case's script as its reproducer), then reduces it within the harness's
/// budget.
fn write(
    h: &mut Harness,
    case: &OptCase,
    j: &Judged,
    own: &(SolverId, Answer),
    input: Option<&[u8]>,
) -> std::io::Result<Written> {
    let script = case.script();
    let limits = h.settings.limits.clone();
    let versions = h.versions().to_vec();
    let answers = with_own(own, &j.answers);
    let ctx = Context::new(&case.formula, &versions, &limits, Default::default())
        .with_answers(&answers)
        .with_input(input)
        .with_source(Some(&script));
    let mut written = finding::write(&h.output.dir, &j.issue, &ctx)?;
    if written.again {
        return Ok(written);
    }
    if let Some(budget) = h.reduce_budget() {
        let path = match j.issue.blamed {
            Some(crate::solver::SolverId::Z3Text) => OptPath::Text,
            _ => OptPath::Api,
        };
        let start = std::time::Instant::now();
        let reduced = reduce(h, case, &j.issue, path, budget);
        // The reduced case's own finding: its summary gives the reduced case's numbers.
        let rerun = with_optimizer(|z3| run_path(h, z3, &reduced, path)).ok();
        let own = rerun.as_ref().map_or_else(|| own.clone(), optimizer_answer);
        let again = rerun
            .map(|r| r.judged)
            .unwrap_or_default()
            .into_iter()
            .find(|r| r.issue.same_finding(&j.issue));
        let (issue, answers) = match &again {
            Some(r) => (&r.issue, with_own(&own, &r.answers)),
            None => (&j.issue, with_own(&own, &j.answers)),
        };
        let script = reduced.script();
        let ctx = Context::new(&reduced.formula, &versions, &limits, Default::default())
            .with_answers(&answers)
            .with_source(Some(&script));
        let stats = finding::record::ReductionStats {
            reducer: Some("smtsmith optimize".into()),
            original_assertions: case.formula.asserts.len(),
            assertions: reduced.formula.asserts.len(),
            seconds: start.elapsed().as_secs_f64(),
            ..Default::default()
        };
        finding::write_reduced(&mut written, issue, &ctx, &stats)?;
        let issue = issue.clone();
        settle(h, &mut written, &issue, &reduced, path)?;
    }
    Ok(written)
}

/// Settles a reduced optimizer finding: known when a known bug of its class, solver and
/// shape (the reduced case's hard constraints: logic, operators, array sorts), its
/// reproducer read back as an optimization case and run through the same path on this Z3,
/// makes the same finding; new otherwise.
fn settle(
    h: &mut Harness,
    written: &mut Written,
    issue: &Issue,
    reduced: &OptCase,
    path: OptPath,
) -> std::io::Result<()> {
    let shape = finding::known_shape(issue, &reduced.formula);
    let version = h
        .versions()
        .iter()
        .find(|(id, _)| *id == SolverId::Z3)
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    for k in finding::known::index()
        .iter()
        .filter(|k| k.solver == SolverId::Z3 && k.classes.iter().any(|c| c == issue.class.dir()))
    {
        let Some(text) = finding::known::reproducer(&k.file) else {
            continue;
        };
        let Ok(case) = OptCase::from_script(text) else {
            continue;
        };
        if finding::known_shape(issue, &case.formula) != shape {
            continue;
        }
        // In a new context, as a new process would run it: the optimizer's answers on a
        // case can depend on what its context ran before.
        let Ok(mut z3) = Z3::new() else {
            continue;
        };
        let run = run_path(h, &mut z3, &case, path);
        if run.judged.iter().any(|j| j.issue.same_finding(issue)) {
            return finding::mark_by_replay(
                written,
                k,
                &version,
                &format!(
                    "known-findings/{} has this finding's shape, and its case, run through Z3's optimizer by {} with {{version}}, makes the same finding",
                    k.file,
                    path.name()
                ),
            );
        }
    }
    finding::mark_status(
        written,
        finding::Status::New,
        "reduced; no known optimizer bug of its class with its shape (the hard constraints' logic, operators, array sorts) makes the same finding when its case is replayed through the same path",
    )
}

/// The optimizer's own answer as a finding records answers: its verdict, model and time,
/// the optima it reported as the reason.
fn optimizer_answer(run: &PathRun) -> (SolverId, Answer) {
    let answer = run.outcome.clone().map(|o| {
        let optima: Vec<String> = o
            .bounds
            .iter()
            .map(|b| b.as_ref().map_or("?".into(), |b| b.to_string()))
            .collect();
        crate::solver::Outcome {
            verdict: o.verdict,
            reason: Some(match o.reason {
                Some(r) => format!("optimizer: {r}"),
                None => format!("optimizer; reported optima: {}", optima.join(", ")),
            }),
            model: o.model,
            time: run.time,
            phases: Default::default(),
            core: None,
        }
    });
    (run.path.solver(), answer)
}

/// The optimizer's answer first, then the plain solvers' (the plain Z3's left out where
/// the optimizer's answer is recorded under the same name).
fn with_own(own: &(SolverId, Answer), plain: &[(SolverId, Answer)]) -> Vec<(SolverId, Answer)> {
    let mut out = vec![own.clone()];
    out.extend(plain.iter().filter(|(id, _)| *id != own.0).cloned());
    out
}

/// The smallest case found within `budget` on which Z3 through `path` still shows `issue`.
pub fn reduce(
    h: &mut Harness,
    case: &OptCase,
    issue: &Issue,
    path: OptPath,
    budget: std::time::Duration,
) -> OptCase {
    let holds = &mut |f: &crate::lang::ir::Formula| {
        let Some(candidate) = case.with_formula(f.clone()) else {
            return false;
        };
        with_optimizer(|z3| {
            run_path(h, z3, &candidate, path)
                .judged
                .iter()
                .any(|j| j.issue.same_finding(issue))
        })
        .unwrap_or(false)
    };
    let outcome = crate::cases::reduce::reduce(&case.formula, holds, budget);
    let mut reduced = case
        .with_formula(outcome.formula)
        .unwrap_or_else(|| case.clone());
    // Then the optimizer's parameters, one at a time, as the script reducer drops options.
    let mut k = 0;
    while k < reduced.options.len() {
        let mut candidate = reduced.clone();
        candidate.options.remove(k);
        let holds = with_optimizer(|z3| {
            run_path(h, z3, &candidate, path)
                .judged
                .iter()
                .any(|j| j.issue.same_finding(issue))
        })
        .unwrap_or(false);
        if holds {
            reduced = candidate;
        } else {
            k += 1;
        }
    }
    reduced
}
