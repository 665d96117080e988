//! Algebraic datatypes: declarations (a group of mutually recursive datatypes, as one
//! `declare-datatypes` declares them), their sorts and values.
//!
//! A datatype sort holds its whole group ([`DtSort`]: the group behind an `Arc` and the
//! member's index), so a sort says everything about itself, as the built-in sorts do: the
//! printer, the evaluator and the backends need no table beside the formula. A field whose
//! sort is a member of the same group refers to it by index ([`FieldSort::Member`]); that
//! keeps the group a finite tree (no cycle of `Arc`s), and two groups are the same exactly
//! when they are structurally equal (names included).

use super::{Sort, Value};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The datatypes one `declare-datatypes` declares (one for `declare-datatype`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DtGroup {
    pub types: Vec<DtDecl>,
}

/// One datatype: its name, its sort parameters (`par`; every member of a parametric group
/// has the same number, and a member's own occurrences take them unchanged) and
/// constructors (at least one).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DtDecl {
    pub name: String,
    #[serde(default)]
    pub params: Vec<String>,
    pub ctors: Vec<Ctor>,
}

/// A constructor with its fields (selectors).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Ctor {
    pub name: String,
    pub fields: Vec<Field>,
}

/// A field: its selector's name and its sort.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub sort: FieldSort,
}

/// The sort of a field: another sort, a member of the field's own group (at the group's
/// parameters), or one of the parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FieldSort {
    Sort(Sort),
    Member(u32),
    Param(u32),
}

/// A datatype sort: member `index` of `group`, its parameters instantiated by `args`
/// (empty for a datatype without parameters).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DtSort {
    pub group: Arc<DtGroup>,
    pub index: u32,
    #[serde(default)]
    pub args: Vec<Sort>,
}

/// A value of a datatype: a constructor applied to values of its fields.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DtValue {
    pub sort: DtSort,
    pub ctor: u32,
    pub args: Vec<Value>,
}

impl DtGroup {
    /// Why the group cannot be declared, if it cannot: no datatype, a datatype without
    /// constructors, a field naming a member that does not exist, a name used twice (sort,
    /// constructor, selector and tester names share one namespace), or a datatype with no
    /// finite value (SMT-LIB requires each to be well-founded).
    pub fn check(&self) -> Result<(), String> {
        if self.types.is_empty() {
            return Err("a datatype declaration declares no datatype".into());
        }
        let mut names = std::collections::HashSet::new();
        let arity = self.types[0].params.len();
        for t in &self.types {
            if t.params.len() != arity {
                return Err(format!(
                    "datatype {}: the members of a group with parameters take the same number (smtsmith)",
                    t.name
                ));
            }
            if t.ctors.is_empty() {
                return Err(format!("datatype {} has no constructor", t.name));
            }
            let mut fresh = |n: &str| {
                if names.insert(n.to_string()) {
                    Ok(())
                } else {
                    Err(format!("{n} is declared twice in one datatype declaration"))
                }
            };
            fresh(&t.name)?;
            for c in &t.ctors {
                fresh(&c.name)?;
                for f in &c.fields {
                    fresh(&f.name)?;
                    match f.sort {
                        FieldSort::Member(m) if m as usize >= self.types.len() => {
                            return Err(format!("field {} names member {m}", f.name));
                        }
                        FieldSort::Param(p) if p as usize >= arity => {
                            return Err(format!("field {} names parameter {p}", f.name));
                        }
                        _ => {}
                    }
                }
            }
        }
        let depths = self.value_depths();
        if let Some(k) = depths.iter().position(Option::is_none) {
            return Err(format!(
                "datatype {} has no finite value (not well-founded)",
                self.types[k].name
            ));
        }
        Ok(())
    }

    /// Per member, the least depth of a value built of constructors of the group (fields of
    /// other sorts count as depth 0), or `None` where the member has no finite value.
    pub fn value_depths(&self) -> Vec<Option<u32>> {
        let mut depth: Vec<Option<u32>> = vec![None; self.types.len()];
        loop {
            let mut changed = false;
            for (k, t) in self.types.iter().enumerate() {
                let best = t.ctors.iter().filter_map(|c| ctor_depth(c, &depth)).min();
                if best.is_some() && (depth[k].is_none() || best < depth[k]) {
                    depth[k] = best;
                    changed = true;
                }
            }
            if !changed {
                return depth;
            }
        }
    }

    /// Whether some field of the group has the sort of a group member (the group is
    /// recursive: its values are unbounded).
    pub fn recursive(&self) -> bool {
        self.types.iter().any(|t| {
            t.ctors.iter().any(|c| {
                c.fields
                    .iter()
                    .any(|f| matches!(f.sort, FieldSort::Member(_)))
            })
        })
    }
}

/// The depth of the least value `c` builds, given the members' least depths.
fn ctor_depth(c: &Ctor, depth: &[Option<u32>]) -> Option<u32> {
    let mut d = 1;
    for f in &c.fields {
        if let FieldSort::Member(m) = f.sort {
            d = d.max(depth[m as usize]? + 1);
        }
    }
    Some(d)
}

impl DtSort {
    pub fn new(group: Arc<DtGroup>, index: u32) -> DtSort {
        DtSort {
            group,
            index,
            args: Vec::new(),
        }
    }

    /// Member `index` of a parametric `group` at `args`.
    pub fn instance(group: Arc<DtGroup>, index: u32, args: Vec<Sort>) -> DtSort {
        DtSort { group, index, args }
    }

    /// Whether the group has parameters (its constructors need `(as C S)` to be printed).
    pub fn parametric(&self) -> bool {
        !self.group.types[0].params.is_empty()
    }

    /// The same datatype as a group without parameters (fields at this sort's arguments,
    /// names unchanged): what the solvers' APIs are given, one group per instance.
    pub fn monomorphic(&self) -> DtSort {
        if !self.parametric() {
            return self.clone();
        }
        let types = self
            .group
            .types
            .iter()
            .map(|t| DtDecl {
                name: t.name.clone(),
                params: Vec::new(),
                ctors: t
                    .ctors
                    .iter()
                    .map(|c| Ctor {
                        name: c.name.clone(),
                        fields: c
                            .fields
                            .iter()
                            .map(|f| Field {
                                name: f.name.clone(),
                                sort: match &f.sort {
                                    FieldSort::Param(p) => {
                                        FieldSort::Sort(self.args[*p as usize].clone())
                                    }
                                    other => other.clone(),
                                },
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        DtSort::new(Arc::new(DtGroup { types }), self.index)
    }

    pub fn decl(&self) -> &DtDecl {
        &self.group.types[self.index as usize]
    }

    pub fn name(&self) -> &str {
        &self.decl().name
    }

    pub fn ctors(&self) -> &[Ctor] {
        &self.decl().ctors
    }

    pub fn ctor(&self, c: u32) -> Option<&Ctor> {
        self.ctors().get(c as usize)
    }

    /// The sort of member `m` of this sort's group (at this sort's arguments).
    pub fn member(&self, m: u32) -> DtSort {
        DtSort::instance(self.group.clone(), m, self.args.clone())
    }

    /// The sort of field `f` of constructor `c`.
    pub fn field_sort(&self, c: u32, f: u32) -> Option<Sort> {
        let field = self.ctor(c)?.fields.get(f as usize)?;
        Some(self.resolve(&field.sort))
    }

    /// The field sorts of constructor `c` (its argument sorts).
    pub fn field_sorts(&self, c: u32) -> Vec<Sort> {
        self.ctor(c)
            .map(|ctor| ctor.fields.iter().map(|f| self.resolve(&f.sort)).collect())
            .unwrap_or_default()
    }

    pub fn resolve(&self, s: &FieldSort) -> Sort {
        match s {
            FieldSort::Sort(s) => s.clone(),
            FieldSort::Member(m) => Sort::Datatype(self.member(*m)),
            FieldSort::Param(p) => self.args[*p as usize].clone(),
        }
    }

    /// The sorts of other groups' fields (not members of this group) and the sort
    /// arguments, each once.
    pub fn outside_sorts(&self) -> Vec<Sort> {
        let mut out: Vec<Sort> = Vec::new();
        for a in &self.args {
            if !out.contains(a) {
                out.push(a.clone());
            }
        }
        for t in &self.group.types {
            for c in &t.ctors {
                for f in &c.fields {
                    if let FieldSort::Sort(s) = &f.sort {
                        if !out.contains(s) {
                            out.push(s.clone());
                        }
                    }
                }
            }
        }
        out
    }

    /// The constructors, least-depth first (a constructor without a finite value last).
    pub fn ctors_by_depth(&self) -> Vec<u32> {
        let depths = self.group.value_depths();
        let mut cs: Vec<(Option<u32>, u32)> = self
            .ctors()
            .iter()
            .enumerate()
            .map(|(k, c)| (ctor_depth(c, &depths), k as u32))
            .collect();
        cs.sort_by_key(|(d, k)| (d.is_none(), *d, *k));
        cs.into_iter().map(|(_, k)| k).collect()
    }

    /// Whether constructor `c` builds a value without another value of this group (its
    /// fields' sorts are all outside the group).
    pub fn ctor_is_base(&self, c: u32) -> bool {
        self.ctor(c).is_some_and(|ctor| {
            ctor.fields
                .iter()
                .all(|f| !matches!(f.sort, FieldSort::Member(_)))
        })
    }
}

impl std::fmt::Display for DtSort {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.args.is_empty() {
            return f.write_str(&super::symbol(self.name()));
        }
        write!(f, "({}", super::symbol(self.name()))?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        f.write_str(")")
    }
}

/// Every datatype group `s` mentions (inside arrays and other groups' fields too), each
/// once, each after the groups its fields use (the order declarations must come in).
pub fn groups_of_sort(s: &Sort, out: &mut Vec<Arc<DtGroup>>) {
    match s {
        Sort::Array(i, e) => {
            groups_of_sort(i, out);
            groups_of_sort(e, out);
        }
        Sort::Datatype(d) => {
            if out.iter().any(|g| **g == *d.group) {
                return;
            }
            for o in d.outside_sorts() {
                groups_of_sort(&o, out);
            }
            out.push(d.group.clone());
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list() -> DtSort {
        let g = DtGroup {
            types: vec![DtDecl {
                name: "L".into(),
                params: vec![],
                ctors: vec![
                    Ctor {
                        name: "cons".into(),
                        fields: vec![
                            Field {
                                name: "hd".into(),
                                sort: FieldSort::Sort(Sort::Int),
                            },
                            Field {
                                name: "tl".into(),
                                sort: FieldSort::Member(0),
                            },
                        ],
                    },
                    Ctor {
                        name: "nil".into(),
                        fields: vec![],
                    },
                ],
            }],
        };
        DtSort::new(Arc::new(g), 0)
    }

    #[test]
    fn well_founded_groups_check_and_order_their_constructors() {
        let l = list();
        assert_eq!(l.group.check(), Ok(()));
        assert_eq!(l.group.value_depths(), vec![Some(1)]);
        assert_eq!(l.ctors_by_depth(), vec![1, 0]);
        assert_eq!(l.field_sort(0, 1), Some(Sort::Datatype(l.clone())));
        assert!(l.group.recursive() && !l.ctor_is_base(0) && l.ctor_is_base(1));
        // Only the recursive constructor: no finite value.
        let mut g = (*l.group).clone();
        g.types[0].ctors.pop();
        assert!(g.check().unwrap_err().contains("well-founded"), "{g:?}");
        // A name twice.
        let mut g = (*l.group).clone();
        g.types[0].ctors[1].name = "hd".into();
        assert!(g.check().unwrap_err().contains("twice"));
    }
}
