//! `problems/<name>/statement.md`: the statement's expected shape, read back so that it can be
//! checked against the manifest and the reference, and rewritten for export formats.
//!
//! ```text
//! # <title>                 the manifest's title
//! ...                       the story
//! ## Input                  required sections (others, such as Constraints, may follow)
//! ## Output
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
}
