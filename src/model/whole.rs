//! The verdict a format gives a submission's whole data from the verdicts of its tests, when it
//! gives one: a tree of groups, each stopping at its first rejected item or not and making one
//! verdict of its items' (Kattis: each group of `data/` by its `on_reject` and
//! `grader_flags`). The reader says the rule; `judge` and `verify` apply it to the tests'
//! verdicts without knowing which format said it.

use crate::verdict::Verdict;

/// One group of the tree: its tests and subgroups in judging order, and how their verdicts
/// make its own.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VerdictGroup {
    /// Its name as the format says it (a Kattis group's path under `data/`, empty for `data/`
    /// itself).
    pub name: String,
    pub items: Vec<VerdictItem>,
    /// Its first rejected item ends it, the items after it not judged (Kattis
    /// `on_reject: break`, the default): a submission's verdict is its first rejection.
    pub stops_at_rejection: bool,
    pub combine: Combine,
    /// Why no verdict is made here, when a program of the package's makes it instead (Kattis
    /// `grading: custom`): the message a judgement that reaches the group gives.
    pub by_program: Option<String>,
}

/// An item of a [`VerdictGroup`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VerdictItem {
    /// A test, by its case's name.
    Test(String),
    Group(VerdictGroup),
}

/// How a group's items' verdicts make the group's (Kattis' default grader and its
/// `grader_flags`): a judge error wins, then AC where a flag accepts, then the first
/// rejection or, by default, the worst one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Combine {
    /// AC whatever the items got (`always_accept`).
    pub always_accept: bool,
    /// AC when any item was (`accept_if_any_accepted`).
    pub accept_if_any_accepted: bool,
    /// The first rejection rather than the worst (`first_error`).
    pub first_error: bool,
}

impl VerdictGroup {
    /// The group's verdict, judging its items in order through `judge` (a test's verdict, by
    /// name) and judging none past where the group stops; `Err` with the group's message when
    /// a program makes the verdict of a group the judgement reaches.
    pub fn verdict(&self, judge: &mut impl FnMut(&str) -> Verdict) -> Result<Verdict, String> {
        if let Some(why) = &self.by_program {
            return Err(why.clone());
        }
        let mut verdicts = Vec::new();
        for item in &self.items {
            let verdict = match item {
                VerdictItem::Test(name) => judge(name),
                VerdictItem::Group(group) => group.verdict(judge)?,
            };
            verdicts.push(verdict);
            if verdict != Verdict::AC && self.stops_at_rejection {
                break;
            }
        }
        Ok(self.combine.of(&verdicts))
    }

    /// The names of its tests, its subgroups' included, in judging order: the data tree's
    /// order, in which a submission's runs are made and reported.
    pub fn tests(&self) -> Vec<&str> {
        let mut all = Vec::new();
        for item in &self.items {
            match item {
                VerdictItem::Test(name) => all.push(name.as_str()),
                VerdictItem::Group(group) => all.extend(group.tests()),
            }
        }
        all
    }
}

impl Combine {
    /// The verdict of items that got `verdicts` (AC for none).
    pub fn of(&self, verdicts: &[Verdict]) -> Verdict {
        if verdicts.contains(&Verdict::JE) {
            return Verdict::JE;
        }
        let accepted = verdicts.contains(&Verdict::AC);
        if self.always_accept || (self.accept_if_any_accepted && accepted) {
            return Verdict::AC;
        }
        let mut rejections = verdicts.iter().copied().filter(|&v| v != Verdict::AC);
        match self.first_error {
            true => rejections.next(),
            false => rejections.min_by_key(|&v| severity(v)),
        }
        .unwrap_or(Verdict::AC)
    }
}

/// Where a verdict stands in Kattis' order of `worst_error`, worst first: a judge error (and
/// a compile error, which that order does not name), a run-time error (a crash or the memory
/// limit), the time limit, the output limit, a wrong answer (a presentation error is one).
fn severity(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::JE | Verdict::CE => 0,
        Verdict::RE | Verdict::MLE => 1,
        Verdict::TLE => 2,
        Verdict::OLE => 3,
        Verdict::WA | Verdict::PE => 4,
        Verdict::AC => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(name: &str, items: Vec<VerdictItem>, combine: Combine) -> VerdictGroup {
        VerdictGroup {
            name: name.to_string(),
            items,
            stops_at_rejection: true,
            combine,
            by_program: None,
        }
    }

    fn test(name: &str) -> VerdictItem {
        VerdictItem::Test(name.to_string())
    }

    #[test]
    fn a_tree_s_tests_are_listed_in_judging_order_subgroups_where_they_stand() {
        let inner = group("secret/g", vec![test("secret/g/1")], Combine::default());
        let secret = group(
            "secret",
            vec![
                test("secret/0"),
                VerdictItem::Group(inner),
                test("secret/z"),
            ],
            Combine::default(),
        );
        let sample = group("sample", vec![test("sample/1")], Combine::default());
        let data = group(
            "",
            vec![VerdictItem::Group(sample), VerdictItem::Group(secret)],
            Combine::default(),
        );
        assert_eq!(
            data.tests(),
            ["sample/1", "secret/0", "secret/g/1", "secret/z"]
        );
    }

    #[test]
    fn items_combine_as_the_default_grader_says() {
        use Verdict::*;
        let worst = Combine::default();
        assert_eq!(worst.of(&[AC, WA, TLE]), TLE);
        assert_eq!(worst.of(&[PE, MLE, OLE]), MLE);
        assert_eq!(worst.of(&[]), AC);
        let first = Combine {
            first_error: true,
            ..Combine::default()
        };
        assert_eq!(first.of(&[AC, WA, TLE]), WA);
        let any = Combine {
            accept_if_any_accepted: true,
            ..Combine::default()
        };
        assert_eq!(any.of(&[WA, AC]), AC);
        assert_eq!(any.of(&[WA, RE]), RE);
        let always = Combine {
            always_accept: true,
            ..Combine::default()
        };
        assert_eq!(always.of(&[WA]), AC);
        assert_eq!(always.of(&[WA, JE]), JE);
    }

    #[test]
    fn a_group_stops_at_its_first_rejection_and_judges_nothing_after_it() {
        let inner = group("secret/a", vec![test("a1"), test("a2")], Combine::default());
        let mut root = group(
            "",
            vec![test("s1"), VerdictItem::Group(inner), test("s2")],
            Combine::default(),
        );
        let mut judged = Vec::new();
        let mut judge = |name: &str| {
            judged.push(name.to_string());
            match name {
                "a1" => Verdict::WA,
                _ => Verdict::AC,
            }
        };
        assert_eq!(root.verdict(&mut judge), Ok(Verdict::WA));
        assert_eq!(judged, ["s1", "a1"]);
        root.stops_at_rejection = false;
        judged.clear();
        let mut judge = |name: &str| {
            judged.push(name.to_string());
            match name {
                "a1" => Verdict::WA,
                "s2" => Verdict::TLE,
                _ => Verdict::AC,
            }
        };
        assert_eq!(root.verdict(&mut judge), Ok(Verdict::TLE));
        assert_eq!(judged, ["s1", "a1", "s2"]);
    }

    #[test]
    fn a_group_a_program_grades_says_so_when_it_is_reached() {
        let graded = VerdictGroup {
            by_program: Some("data/secret: graded by a program".to_string()),
            ..group("secret", vec![test("b")], Combine::default())
        };
        let root = group(
            "",
            vec![test("a"), VerdictItem::Group(graded)],
            Combine::default(),
        );
        let reached = root.verdict(&mut |_| Verdict::AC);
        assert_eq!(reached, Err("data/secret: graded by a program".to_string()));
        let stopped = root.verdict(&mut |_| Verdict::WA);
        assert_eq!(stopped, Ok(Verdict::WA));
    }
}
