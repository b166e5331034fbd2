//! `problems/<name>/statement.md`: the statement's expected shape, read back so that it can be
//! checked against the manifest and the reference, and rewritten for export formats.
//!
//! ```text
//! # <title>                 the manifest's title
//! ...                       the story
//! ## Input                  required sections (others may follow)
//! ## Output
//! ## Constraints            one `- lo <= name <= hi: what it counts` bullet per constraint
//!                           of the input format, checked by `verify`
//! ## Samples                last section: "### Sample k" each with two fenced blocks,
//! ### Sample 1              the input first, then the output
//! ```
//!
//! The text itself must be ASCII with LF line ends, no trailing whitespace and a final newline,
//! like every text file of the archive.

/// The file name of a statement inside its problem directory.
pub const STATEMENT_FILE: &str = "statement.md";

/// Sections every statement has.
pub const REQUIRED_SECTIONS: [&str; 2] = ["Input", "Output"];

/// The section listing the input's constraints, one `- ` bullet each.
pub const CONSTRAINTS_SECTION: &str = "Constraints";

/// The section holding the samples; export formats that show the samples themselves drop it.
pub const SAMPLES_SECTION: &str = "Samples";

/// A statement read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The text of the `# ` heading on the first line.
    pub title: String,
    /// The `## ` headings, in order.
    pub sections: Vec<String>,
    pub samples: Vec<StatementSample>,
}

/// One `### Sample` of a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementSample {
    /// The 1-based line of its heading.
    pub line: usize,
    /// The contents of its first fenced block, each line ending with a newline.
    pub input: String,
    /// The contents of its second fenced block.
    pub output: String,
}

/// Reads a statement; on failure, every problem found, each as `line N: what` (or a general
/// remark when it concerns no line).
pub fn parse(text: &str) -> Result<Statement, Vec<String>> {
    let mut problems = Vec::new();
    if !text.is_ascii() {
        let (line, _) = text
            .lines()
            .enumerate()
            .find(|(_, l)| !l.is_ascii())
            .unwrap_or((0, ""));
        problems.push(format!("line {}: a character that is not ASCII", line + 1));
    }
    if text.contains('\r') {
        problems.push("CR characters: line ends must be LF".to_string());
    }
    if !text.ends_with('\n') {
        problems.push("no newline at the end of the file".to_string());
    }
    for (i, line) in text.lines().enumerate() {
        if line.ends_with([' ', '\t']) {
            problems.push(format!("line {}: trailing whitespace", i + 1));
        }
    }
    let title = match text.lines().next().and_then(|l| l.strip_prefix("# ")) {
        Some(title) if !title.trim().is_empty() => title.to_string(),
        _ => {
            problems.push("line 1: expected the title as \"# <title>\"".to_string());
            String::new()
        }
    };
    let sections: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(str::to_string)
        .collect();
    for required in REQUIRED_SECTIONS.iter().chain([&SAMPLES_SECTION]) {
        if !sections.iter().any(|s| s == required) {
            problems.push(format!("no \"## {required}\" section"));
        }
    }
    let samples = samples(text, &mut problems);
    if problems.is_empty() {
        Ok(Statement {
            title,
            sections,
            samples,
        })
    } else {
        Err(problems)
    }
}

/// The `### Sample` subsections and their first two fenced blocks.
fn samples(text: &str, problems: &mut Vec<String>) -> Vec<StatementSample> {
    let mut samples = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("### Sample") {
            i += 1;
            continue;
        }
        let heading = i + 1;
        let mut blocks: Vec<String> = Vec::new();
        i += 1;
        while i < lines.len() && !lines[i].starts_with('#') && blocks.len() < 2 {
            if lines[i].starts_with("```") {
                let start = i + 1;
                let Some(end) = (start..lines.len()).find(|&j| lines[j].starts_with("```")) else {
                    problems.push(format!("line {}: a code block is never closed", i + 1));
                    return samples;
                };
                blocks.push(lines[start..end].iter().map(|l| format!("{l}\n")).collect());
                i = end;
            }
            i += 1;
        }
        match <[String; 2]>::try_from(blocks) {
            Ok([input, output]) => samples.push(StatementSample {
                line: heading,
                input,
                output,
            }),
            Err(_) => problems.push(format!(
                "line {heading}: a sample needs two code blocks, the input and then the output"
            )),
        }
    }
    samples
}

/// The statement's body for a format that shows the title and the samples itself: without the
/// title line and the samples section.
pub fn body_without_title_and_samples(text: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for (i, line) in text.lines().enumerate() {
        if i == 0 && line.starts_with("# ") {
            continue;
        }
        if let Some(section) = line.strip_prefix("## ") {
            skipping = section == SAMPLES_SECTION;
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    let trimmed = out.trim_matches('\n');
    format!("{trimmed}\n")
}

/// Checks that the `## Constraints` section lists exactly `expected` (each as a `- ` bullet of
/// one line, in order; other lines of the section are free prose): the statement shows the
/// bounds the validator enforces. Each problem found is `line N: what` or a general remark.
pub fn check_constraints(text: &str, expected: &[String]) -> Result<(), Vec<String>> {
    let heading = format!("## {CONSTRAINTS_SECTION}");
    let Some(start) = text.lines().position(|l| l == heading) else {
        return Err(vec![format!("no \"{heading}\" section")]);
    };
    let bullets: Vec<(usize, &str)> = (text.lines().enumerate().skip(start + 1))
        .take_while(|(_, l)| !l.starts_with("## "))
        .filter_map(|(i, l)| l.strip_prefix("- ").map(|b| (i + 1, b)))
        .collect();
    let mut problems = Vec::new();
    for (k, want) in expected.iter().enumerate() {
        match bullets.get(k) {
            Some((_, got)) if got == want => {}
            Some((line, got)) => {
                problems.push(format!("line {line}: \"- {got}\", expected \"- {want}\""))
            }
            None => problems.push(format!("line {}: missing \"- {want}\"", start + 1)),
        }
    }
    for (line, extra) in bullets.iter().skip(expected.len()) {
        problems.push(format!(
            "line {line}: \"- {extra}\" is not a constraint of the input format"
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# Game\n\nStory.\n\n## Input\n\nA.\n\n## Output\n\nB.\n\n## Samples\n\n\
                        ### Sample 1\n\nInput:\n\n```\n1 2\n```\n\nOutput:\n\n```\n3\n```\n\nWhy.\n";

    #[test]
    fn a_well_formed_statement_reads_back() {
        let statement = parse(GOOD).unwrap();
        assert_eq!(statement.title, "Game");
        assert_eq!(statement.sections, ["Input", "Output", "Samples"]);
        assert_eq!(statement.samples.len(), 1);
        assert_eq!(statement.samples[0].input, "1 2\n");
        assert_eq!(statement.samples[0].output, "3\n");
        assert_eq!(statement.samples[0].line, 15);
    }

    #[test]
    fn every_problem_is_reported_with_its_line() {
        let bad = GOOD
            .replace("Story.", "Story. ")
            .replace("## Output", "## Result");
        let problems = parse(&bad).unwrap_err();
        assert!(
            problems.contains(&"line 3: trailing whitespace".to_string()),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("## Output")),
            "{problems:?}"
        );
        let unclosed = "# T\n## Input\n## Output\n## Samples\n### Sample 1\n```\n1\n";
        let problems = parse(unclosed).unwrap_err();
        assert!(
            problems.iter().any(|p| p.contains("never closed")),
            "{problems:?}"
        );
    }

    #[test]
    fn the_export_body_drops_the_title_and_the_samples() {
        let body = body_without_title_and_samples(GOOD);
        assert!(body.starts_with("Story.\n"), "{body}");
        assert!(
            body.contains("## Output") && !body.contains("Sample"),
            "{body}"
        );
        assert!(body.ends_with("B.\n"), "{body}");
    }

    #[test]
    fn the_constraint_list_must_be_the_formats() {
        let text = "# G\n\n## Constraints\n\n- 1 <= n <= 9: heaps\n- 0 <= a <= 5: stones\n\nProse.\n\n## Samples\n";
        let expected = [
            "1 <= n <= 9: heaps".to_string(),
            "0 <= a <= 5: stones".to_string(),
        ];
        assert_eq!(check_constraints(text, &expected), Ok(()));
        let wrong = check_constraints(text, &[expected[0].clone(), "0 <= a <= 6: stones".into()]);
        assert_eq!(
            wrong,
            Err(vec![
                "line 6: \"- 0 <= a <= 5: stones\", expected \"- 0 <= a <= 6: stones\"".to_string()
            ])
        );
        let extra = check_constraints(text, &expected[..1]).unwrap_err();
        assert_eq!(
            extra,
            ["line 6: \"- 0 <= a <= 5: stones\" is not a constraint of the input format"]
        );
        let missing = check_constraints("# G\n\n## Input\n", &expected).unwrap_err();
        assert_eq!(missing, ["no \"## Constraints\" section"]);
    }
}
