//! The fuzz targets by name (one per file of `fuzz/fuzz_targets/`) and the `portfolio`
//! target's members: what settings, replay and the harness all name. Their bodies are in
//! `harness::targets` ([`Target::fuzz`]).

/// The fuzz targets, by the names of their files in `fuzz/fuzz_targets/`: each target's
/// body is [`Target::fuzz`], which `smtsmith run-target` also runs (without libFuzzer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Differential,
    ModelZ3,
    ModelCvc5,
    GroundTerms,
    StringsSat,
    StringsUnsat,
    Regex,
    Fusion,
    Sae,
    Janus,
    Script,
    SeedMutation,
    Optimize,
    Enumerate,
    Portfolio,
}

/// The `portfolio` target's members and their shares of its inputs, in sixteenths (the
/// input's first byte picks one, the rest is that member's input): the targets that found
/// the newest releases' new bugs — `optimize` (three Z3 optimizer bugs), `script` (Yices's
/// MCSAT check with assumptions) and `enumerate` (Z3's FloatingPoint bugs) — the largest
/// shares, then `differential` and the constructions the reach audit names for the public
/// bugs of older releases (docs/defaults.md, "The campaign's default").
pub const PORTFOLIO: [(Target, u8); 7] = [
    (Target::Enumerate, 4),
    (Target::Optimize, 4),
    (Target::Script, 3),
    (Target::Differential, 2),
    (Target::Janus, 1),
    (Target::Fusion, 1),
    (Target::GroundTerms, 1),
];

/// The `portfolio` target's members and their shares (`SMTSMITH_PORTFOLIO`, e.g.
/// `differential:8,enumerate:8`; default [`PORTFOLIO`]): the input's first byte modulo the
/// shares' sum picks a member, so the shares add up to at most 256 and each is at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Portfolio(Vec<(Target, u8)>);

impl Portfolio {
    pub fn members(&self) -> &[(Target, u8)] {
        &self.0
    }
}

impl Default for Portfolio {
    fn default() -> Self {
        Portfolio(PORTFOLIO.to_vec())
    }
}

impl std::fmt::Display for Portfolio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|(t, share)| format!("{}:{share}", t.name()))
            .collect();
        f.write_str(&parts.join(","))
    }
}

impl std::str::FromStr for Portfolio {
    type Err = String;
    fn from_str(s: &str) -> Result<Portfolio, String> {
        let mut members: Vec<(Target, u8)> = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, share) = part
                .split_once(':')
                .ok_or_else(|| format!("{part:?} is not TARGET:SHARE"))?;
            let target: Target = name.trim().parse()?;
            if target == Target::Portfolio {
                return Err("a portfolio cannot be its own member".into());
            }
            if members.iter().any(|(t, _)| *t == target) {
                return Err(format!("{} is named twice", target.name()));
            }
            let share: u8 = share
                .trim()
                .parse()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| format!("{part:?}: the share is a whole number, 1 to 255"))?;
            members.push((target, share));
        }
        if members.is_empty() {
            return Err("no member: expected TARGET:SHARE[,TARGET:SHARE...]".into());
        }
        let total: u32 = members.iter().map(|(_, share)| u32::from(*share)).sum();
        if total > 256 {
            return Err(format!(
                "the shares add up to {total}; one input byte picks the member, so at most 256"
            ));
        }
        Ok(Portfolio(members))
    }
}

impl Target {
    pub const ALL: [Target; 15] = [
        Target::Differential,
        Target::ModelZ3,
        Target::ModelCvc5,
        Target::GroundTerms,
        Target::StringsSat,
        Target::StringsUnsat,
        Target::Regex,
        Target::Fusion,
        Target::Sae,
        Target::Janus,
        Target::Script,
        Target::SeedMutation,
        Target::Optimize,
        Target::Enumerate,
        Target::Portfolio,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Differential => "differential",
            Target::ModelZ3 => "model_z3",
            Target::ModelCvc5 => "model_cvc5",
            Target::GroundTerms => "ground_terms",
            Target::StringsSat => "strings_sat",
            Target::StringsUnsat => "strings_unsat",
            Target::Regex => "regex",
            Target::Fusion => "fusion",
            Target::Sae => "sae",
            Target::Janus => "janus",
            Target::Script => "script",
            Target::SeedMutation => "seed_mutation",
            Target::Optimize => "optimize",
            Target::Enumerate => "enumerate",
            Target::Portfolio => "portfolio",
        }
    }

    /// [`Target::resolve`] with the portfolio's members given.
    pub fn resolve_in<'a>(self, portfolio: &Portfolio, data: &'a [u8]) -> (Target, &'a [u8]) {
        if self != Target::Portfolio {
            return (self, data);
        }
        let members = portfolio.members();
        let total: u32 = members.iter().map(|(_, share)| u32::from(*share)).sum();
        let mut pick = u32::from(data.first().copied().unwrap_or(0)) % total;
        let rest = data.get(1..).unwrap_or(&[]);
        for (member, share) in members {
            if pick < u32::from(*share) {
                return (*member, rest);
            }
            pick -= u32::from(*share);
        }
        unreachable!("the pick is below the shares' sum")
    }
}

impl std::str::FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        Target::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
                format!("unknown fuzz target {s:?}; known: {}", names.join(", "))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portfolio_is_read_from_its_members_and_shares() {
        let p: Portfolio = "differential:8, enumerate:8".parse().unwrap();
        assert_eq!(
            p.members(),
            &[(Target::Differential, 8), (Target::Enumerate, 8)]
        );
        assert_eq!(p.to_string(), "differential:8,enumerate:8");
        assert_eq!(
            Portfolio::default().to_string().parse::<Portfolio>(),
            Ok(Portfolio::default())
        );
        // Half the first bytes pick each member; the member reads the bytes after the first.
        let picks: Vec<Target> = (0..=255u8)
            .map(|b| Target::Portfolio.resolve_in(&p, &[b, 1]).0)
            .collect();
        let differential = picks.iter().filter(|t| **t == Target::Differential).count();
        assert_eq!(differential, 128);
        assert_eq!(
            Target::Portfolio.resolve_in(&p, &[8, 1]),
            (Target::Enumerate, &[1][..])
        );
        for (spec, says) in [
            ("differential", "not TARGET:SHARE"),
            ("differential:0", "1 to 255"),
            ("differential:1,differential:2", "named twice"),
            ("portfolio:1", "its own member"),
            ("fuzzy:1", "unknown fuzz target"),
            ("differential:200,enumerate:100", "at most 256"),
            (" , ", "no member"),
        ] {
            let e = spec.parse::<Portfolio>().unwrap_err();
            assert!(e.contains(says), "{spec}: {e}");
        }
    }

    /// Every first byte picks a member, each member as often as its share says, and the
    /// member reads the bytes after the first; any other target reads the input itself.
    /// The default portfolio gives the largest shares to the targets that found the newest
    /// releases' new bugs (docs/defaults.md, "The campaign's default"), and byte 0 still
    /// picks `enumerate` (the old-release tests' portfolio input relies on it).
    #[test]
    fn the_default_portfolio_leads_with_the_targets_of_the_newest_bugs() {
        let p = Portfolio::default();
        let share = |t: Target| p.members().iter().find(|(m, _)| *m == t).map(|(_, s)| *s);
        let total: u32 = p.members().iter().map(|(_, s)| u32::from(*s)).sum();
        assert_eq!(total, 16, "{p}");
        for t in [Target::Optimize, Target::Enumerate, Target::Script] {
            assert!(share(t).is_some_and(|s| s >= 3), "{} in {p}", t.name());
        }
        assert_eq!(
            Target::Portfolio.resolve_in(&p, &[0, 7]).0,
            Target::Enumerate
        );
    }

    #[test]
    fn a_portfolio_input_picks_its_member_by_the_first_byte() {
        let mut picked = std::collections::HashMap::new();
        for b in 0..=255u8 {
            let data = [b, 7, 9];
            let (member, rest) = Target::Portfolio.resolve_in(&Portfolio::default(), &data);
            assert_ne!(member, Target::Portfolio);
            assert_eq!(rest, &[7, 9]);
            *picked.entry(member).or_insert(0u32) += 1;
        }
        let total: u32 = PORTFOLIO.iter().map(|(_, s)| u32::from(*s)).sum();
        assert_eq!(total, 16);
        for (member, share) in PORTFOLIO {
            // 256 bytes over 16 sixteenths: 16 bytes per sixteenth.
            assert_eq!(picked[&member], 16 * u32::from(share), "{}", member.name());
        }
        assert_eq!(
            Target::Portfolio.resolve_in(&Portfolio::default(), &[]),
            (Target::Enumerate, &[][..])
        );
        assert_eq!(
            Target::Script.resolve(&[1, 2]),
            (Target::Script, &[1, 2][..])
        );
    }
}
