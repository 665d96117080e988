//! The datatypes a case declares: a menu of shapes (the ones solvers' datatype procedures
//! treat differently — enumerations, records, options, lists, binary trees, mutually
//! recursive trees and forests, a datatype with a field of another group), each
//! instantiated over the case's field sorts with names numbered by the datatype's place in
//! the case.

use super::Config;
use crate::lang::ir::datatype::{Ctor, DtDecl, DtGroup, DtSort, Field, FieldSort};
use crate::lang::ir::Sort;
use arbitrary::{Result, Unstructured};
use std::sync::Arc;

/// The shapes, in the order of `Config::dt_shapes`'s bits.
pub const DT_SHAPES: [&str; 8] = [
    "enumeration",
    "record",
    "option",
    "list",
    "tree",
    "tree and forest (mutually recursive)",
    "wrapper of another datatype",
    "parametric list at two sorts",
];

/// The datatype sorts of a case: `cfg.dt_count` datatypes (each group's members), their
/// fields over `field_sorts` (never empty: Bool at least).
pub fn plan(cfg: &Config, u: &mut Unstructured, field_sorts: &[Sort]) -> Result<Vec<DtSort>> {
    let mut shapes: Vec<usize> = (0..DT_SHAPES.len())
        .filter(|i| cfg.dt_shapes & (1 << i) != 0)
        .collect();
    if shapes.is_empty() {
        shapes = (0..DT_SHAPES.len()).collect();
    }
    let mut out: Vec<DtSort> = Vec::new();
    for k in 0..cfg.dt_count.max(1) {
        let mut shape = shapes[u.choose_index(shapes.len())?];
        if shape == 6 && out.is_empty() {
            shape = 3; // no datatype to wrap yet: a list
        }
        if shape == 7 {
            // `(par (T) ...)` and two instances (one where both draws agree).
            let group = parametric_list(k);
            debug_assert_eq!(group.check(), Ok(()));
            for _ in 0..2 {
                let at = field_sorts[u.choose_index(field_sorts.len())?].clone();
                let d = DtSort::instance(group.clone(), 0, vec![at]);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
            continue;
        }
        let types = shape_types(shape, k, u, field_sorts, &out)?;
        let group = Arc::new(DtGroup { types });
        debug_assert_eq!(group.check(), Ok(()));
        for m in 0..group.types.len() {
            out.push(DtSort::new(group.clone(), m as u32));
        }
    }
    Ok(out)
}

/// The parametric list `(par (T) (PList{k} ...))`.
fn parametric_list(k: u8) -> Arc<DtGroup> {
    Arc::new(DtGroup {
        types: vec![DtDecl {
            params: vec!["T".into()],
            name: format!("PList{k}"),
            ctors: vec![
                Ctor {
                    name: format!("pnil{k}"),
                    fields: vec![],
                },
                Ctor {
                    name: format!("pcons{k}"),
                    fields: vec![
                        Field {
                            name: format!("phead{k}"),
                            sort: FieldSort::Param(0),
                        },
                        Field {
                            name: format!("ptail{k}"),
                            sort: FieldSort::Member(0),
                        },
                    ],
                },
            ],
        }],
    })
}

/// The datatypes of shape `shape` (an index of [`DT_SHAPES`] other than the parametric
/// list), named with suffix `k`, fields drawn from `field_sorts`; a wrapper wraps one of
/// `earlier`.
fn shape_types(
    shape: usize,
    k: u8,
    u: &mut Unstructured,
    field_sorts: &[Sort],
    earlier: &[DtSort],
) -> Result<Vec<DtDecl>> {
    let pick = |u: &mut Unstructured| -> Result<Sort> {
        Ok(field_sorts[u.choose_index(field_sorts.len())?].clone())
    };
    let field = |name: String, sort: FieldSort| Field { name, sort };
    let ctor = |name: String, fields: Vec<Field>| Ctor { name, fields };
    let s = |x: Sort| FieldSort::Sort(x);
    let types = match shape {
        0 => {
            let n = u.int_in_range(1..=3)?;
            let names = ["red", "green", "blue"];
            vec![DtDecl {
                params: Vec::new(),
                name: format!("Color{k}"),
                ctors: (0..n)
                    .map(|i| ctor(format!("{}{k}", names[i]), vec![]))
                    .collect(),
            }]
        }
        1 => vec![DtDecl {
            params: Vec::new(),
            name: format!("Pair{k}"),
            ctors: vec![ctor(
                format!("pair{k}"),
                vec![
                    field(format!("first{k}"), s(pick(u)?)),
                    field(format!("second{k}"), s(pick(u)?)),
                ],
            )],
        }],
        2 => vec![DtDecl {
            params: Vec::new(),
            name: format!("Option{k}"),
            ctors: vec![
                ctor(format!("none{k}"), vec![]),
                ctor(
                    format!("some{k}"),
                    vec![field(format!("value{k}"), s(pick(u)?))],
                ),
            ],
        }],
        3 => vec![DtDecl {
            params: Vec::new(),
            name: format!("List{k}"),
            ctors: vec![
                ctor(format!("nil{k}"), vec![]),
                ctor(
                    format!("cons{k}"),
                    vec![
                        field(format!("head{k}"), s(pick(u)?)),
                        field(format!("tail{k}"), FieldSort::Member(0)),
                    ],
                ),
            ],
        }],
        4 => vec![DtDecl {
            params: Vec::new(),
            name: format!("Tree{k}"),
            ctors: vec![
                ctor(
                    format!("leaf{k}"),
                    vec![field(format!("label{k}"), s(pick(u)?))],
                ),
                ctor(
                    format!("node{k}"),
                    vec![
                        field(format!("left{k}"), FieldSort::Member(0)),
                        field(format!("key{k}"), s(pick(u)?)),
                        field(format!("right{k}"), FieldSort::Member(0)),
                    ],
                ),
            ],
        }],
        5 => vec![
            DtDecl {
                params: Vec::new(),
                name: format!("Rose{k}"),
                ctors: vec![ctor(
                    format!("rose{k}"),
                    vec![
                        field(format!("root{k}"), s(pick(u)?)),
                        field(format!("children{k}"), FieldSort::Member(1)),
                    ],
                )],
            },
            DtDecl {
                params: Vec::new(),
                name: format!("Forest{k}"),
                ctors: vec![
                    ctor(format!("fnil{k}"), vec![]),
                    ctor(
                        format!("fcons{k}"),
                        vec![
                            field(format!("fhead{k}"), FieldSort::Member(0)),
                            field(format!("ftail{k}"), FieldSort::Member(1)),
                        ],
                    ),
                ],
            },
        ],
        _ => {
            let inner = earlier[u.choose_index(earlier.len())?].clone();
            vec![DtDecl {
                params: Vec::new(),
                name: format!("Wrap{k}"),
                ctors: vec![
                    ctor(
                        format!("wrap{k}"),
                        vec![
                            field(format!("inner{k}"), s(Sort::Datatype(inner))),
                            field(format!("flag{k}"), s(pick(u)?)),
                        ],
                    ),
                    ctor(format!("empty{k}"), vec![]),
                ],
            }]
        }
    };
    Ok(types)
}
