//! The swarm configuration: which theories and operators a case may use, and its size.
//! Every knob is listed once in `define_config!` with its type, default, the range the
//! fuzzer draws it from, and its documentation: the struct, its `Default` and its
//! `Arbitrary` (swarm) implementation all come from that list.

use crate::ir::{Op, OPS};
use arbitrary::{Arbitrary, Result, Unstructured};
use serde::{Deserialize, Serialize};

macro_rules! define_config {
    ($( $(#[doc = $doc:literal])* $name:ident : $ty:ty = $default:expr, arbitrary $draw:expr; )*) => {
        /// Swarm configuration of one case (see the module documentation).
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub struct Config {
            $( $(#[doc = $doc])* pub $name: $ty, )*
        }

        impl Default for Config {
            fn default() -> Self {
                Config { $( $name: $default, )* }
            }
        }

        impl<'a> Arbitrary<'a> for Config {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                #[allow(clippy::redundant_closure_call)]
                Ok(Config { $( $name: ($draw)(&mut *u)?, )* })
            }
        }
    };
}

define_config! {
    /// Maximum number of top-level assertions.
    max_asserts: u8 = 3, arbitrary |u: &mut Unstructured| u.int_in_range(1..=4);
    /// Maximum term height below an assertion.
    max_depth: u8 = 5, arbitrary |u: &mut Unstructured| u.int_in_range(1..=6);
    /// Maximum number of nodes (counted as a tree) of one assertion.
    max_size: u16 = 48, arbitrary |u: &mut Unstructured| u.int_in_range(4..=96);
    /// Declared constants per sort.
    vars_per_sort: u8 = 3, arbitrary |u: &mut Unstructured| u.int_in_range(1..=4);
    /// Int sort and the Ints theory.
    ints: bool = true, arbitrary |u: &mut Unstructured| u.ratio(3, 4);
    /// Real sort and the Reals theory.
    reals: bool = true, arbitrary |u: &mut Unstructured| u.ratio(3, 4);
    /// Swarm mask over the operator table (bit i enables `OPS[i]`).
    ops: u64 = all_ops(), arbitrary |u: &mut Unstructured| u.arbitrary::<u64>();
    /// Weight of applying an operator (P_gen).
    app_weight: u8 = 6, arbitrary |u: &mut Unstructured| u.int_in_range(1..=8);
    /// Weight of reusing an already built term of the required sort (P_expr).
    reuse_weight: u8 = 2, arbitrary |u: &mut Unstructured| u.int_in_range(0..=4);
    /// Weight of introducing a `let`.
    let_weight: u8 = 1, arbitrary |u: &mut Unstructured| u.int_in_range(0..=2);
}

fn all_ops() -> u64 {
    (1u64 << OPS.len()) - 1
}

impl Config {
    pub fn op_enabled(&self, op: Op) -> bool {
        self.ops & (1u64 << op as u32) != 0
    }

    /// Enables only the listed operators (for tests and the CLI).
    pub fn only_ops(mut self, ops: &[Op]) -> Self {
        self.ops = ops.iter().fold(0, |m, op| m | (1u64 << *op as u32));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_input_gives_a_small_valid_config() {
        let c = Config::arbitrary(&mut Unstructured::new(&[])).unwrap();
        assert_eq!(c.max_asserts, 1);
        assert_eq!(c.max_depth, 1);
        assert!(OPS.len() <= 64, "the op mask must hold every operator");
    }
}
