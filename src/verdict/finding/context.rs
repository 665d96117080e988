//! What a finding is written from (`Context`: the formula, the answers, the releases, the
//! limits and setup, the input) and where a written finding lives (`Written`).

use super::*;

/// Where a written finding lives.
#[derive(Clone, Debug)]
pub struct Written {
    pub smt2: PathBuf,
    pub json: PathBuf,
    /// The reproducer in `known-findings/` of the known bug this finding is (it is then
    /// written under `known/<class>/` of the findings folder).
    pub known: Option<String>,
    /// `<hash>.reduced.smt2` beside `smt2`, once the finding is reduced.
    pub reduced: Option<PathBuf>,
    /// The same finding (class and formula) was already in the findings folder, reduced or
    /// settled: nothing was written again, and it is not reduced again (`check` through
    /// every path meets one finding in several setups).
    pub again: bool,
}

impl Written {
    /// No files: a finding a reduction's candidate made (judged, not written).
    pub fn none() -> Written {
        Written {
            smt2: PathBuf::new(),
            json: PathBuf::new(),
            known: None,
            reduced: None,
            again: false,
        }
    }
}

/// Everything needed to write a finding.
pub struct Context<'a> {
    pub formula: &'a Formula,
    /// The formula's signature, computed once: the reproducer's logic, the record's logic,
    /// operators and key.
    pub(super) signature: crate::lang::ir::Signature,
    pub answers: &'a [(SolverId, Answer)],
    pub versions: &'a [(SolverId, String)],
    pub limits: &'a Limits,
    /// How the case met the solvers: with reuse mode `scope` the reproducer of an API
    /// path's finding asserts inside `(push 1)`; one of Z3's API path made from a tactic
    /// checks with `check-sat-using`; the reproducer prints in the case's style.
    pub setup: crate::solver::CaseSetup,
    pub config: Option<&'a Config>,
    pub input: Option<&'a [u8]>,
    /// The script's own commands before its check, which the text paths ran instead of
    /// the printed formula (`smtsmith check`): the reproducer is that text.
    pub source: Option<&'a str>,
    /// The process ended inside a check that had been stopped at its time limit (the
    /// record's `stopped_at_limit`).
    pub(super) stopped_at_limit: bool,
}

/// Why a finding the text paths made on a script's own text has no reduced form.
pub const NOT_REDUCED_OWN_TEXT: &str = "made on the file's own text, which smtsmith's reducer does not rewrite (it reduces the re-printed formula): reduce the reproducer with ddSMT";

impl<'a> Context<'a> {
    /// The context of a finding on `formula`, made with the solvers' `versions` under
    /// `limits` in `setup`: no answers, configuration, fuzzer input or own text until the
    /// `with_*` steps give them.
    pub fn new(
        formula: &'a Formula,
        versions: &'a [(SolverId, String)],
        limits: &'a Limits,
        setup: crate::solver::CaseSetup,
    ) -> Context<'a> {
        Context {
            formula,
            signature: formula.signature(),
            answers: &[],
            versions,
            limits,
            setup,
            config: None,
            input: None,
            source: None,
            stopped_at_limit: false,
        }
    }

    /// The solvers' answers on the formula.
    pub fn with_answers(self, answers: &'a [(SolverId, Answer)]) -> Context<'a> {
        Context { answers, ..self }
    }

    /// The generator's configuration, where the formula was generated.
    pub fn with_config(self, config: Option<&'a Config>) -> Context<'a> {
        Context { config, ..self }
    }

    /// The fuzzer input the formula came from.
    pub fn with_input(self, input: Option<&'a [u8]>) -> Context<'a> {
        Context { input, ..self }
    }

    /// The script's own text, which the text paths ran instead of the printed formula.
    pub fn with_source(self, source: Option<&'a str>) -> Context<'a> {
        Context { source, ..self }
    }

    /// Whether the process ended inside a check stopped at its time limit.
    pub fn with_stopped_at_limit(self, stopped_at_limit: bool) -> Context<'a> {
        Context {
            stopped_at_limit,
            ..self
        }
    }

    /// The version of solver path `id` as the library reports it: a text path's is its
    /// library's where the path itself is not recorded (empty if neither is).
    pub fn version_of(&self, id: SolverId) -> String {
        [id, id.library()]
            .into_iter()
            .find_map(|id| self.versions.iter().find(|(s, _)| *s == id))
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}
