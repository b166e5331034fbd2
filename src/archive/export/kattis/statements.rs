//! A problem's statements as a Kattis package's `problem.<lang>.tex`, from whatever file the
//! model points to:
//!
//! - our Markdown (`.md`): converted ([`super::super::latex`]), its samples in place;
//! - Polygon's (`statements/<lang>/problem.tex` beside its `problem-properties.json`): the
//!   properties' sections (name, legend, input, output, notes, already LaTeX) in the Kattis
//!   layout; Polygon's own `problem.tex` needs its `olymp.sty`, which Kattis does not have;
//! - any other LaTeX (a Kattis package's `problem.<lang>.tex`): copied as it is;
//! - anything else (a PDF, HTML) has no Kattis form: left out, with why.

use std::path::Path;

use super::super::latex;
use crate::archive::statement;

/// What the statement at `path` becomes: its text, or why it is left out.
pub enum Written {
    Tex(String),
    LeftOut(String),
}

/// The statement at `path` titled `title`, with the problem's `samples` (input, answer) where
/// a Markdown statement puts them.
pub fn statement_tex(
    path: &Path,
    title: &str,
    samples: &[(String, String)],
) -> Result<Written, String> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match extension {
        "md" => markdown(path, title, samples).map(Written::Tex),
        "tex" => {
            let properties = path.with_file_name("problem-properties.json");
            match properties.is_file() {
                true => polygon(&properties, title).map(Written::Tex),
                false => super::read(path).map(Written::Tex),
            }
        }
        _ => Ok(Written::LeftOut(
            "a statement that is neither Markdown nor LaTeX has no Kattis form".to_string(),
        )),
    }
}

/// Our Markdown: the problem's name in the statement's language (its `# ` title, else
/// `title`), then the statement with its samples.
fn markdown(path: &Path, title: &str, samples: &[(String, String)]) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let parsed = statement::parse(&bytes).map_err(|problems| {
        (problems.iter())
            .map(|p| format!("{}:{}: {}", path.display(), p.at, p.message))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let title = parsed.title.as_deref().unwrap_or(title);
    Ok(format!(
        "\\problemname{{{}}}\n\n{}",
        latex::from_markdown(title).trim_end(),
        latex::from_markdown(&parsed.body_with_samples(samples))
    ))
}

/// The sections of a Polygon statement that Kattis' LaTeX shows (Polygon writes them in
/// LaTeX already).
#[derive(serde::Deserialize)]
struct PolygonSections {
    name: Option<String>,
    legend: Option<String>,
    input: Option<String>,
    output: Option<String>,
    notes: Option<String>,
}

/// A Polygon statement from its `problem-properties.json` at `path`: `\problemname` (its name,
/// else `title`), the
/// legend, `Input`, `Output` and the notes when there are any. problemtools adds the samples.
fn polygon(path: &Path, title: &str) -> Result<String, String> {
    let text = super::read(path)?;
    let sections: PolygonSections = serde_json::from_str(&text)
        .map_err(|e| format!("{}:{}:{}: {e}", path.display(), e.line(), e.column()))?;
    let section = |text: &Option<String>| text.as_deref().unwrap_or("").trim().to_string();
    let mut tex = format!(
        "\\problemname{{{}}}\n\n{}\n\n\\section*{{Input}}\n\n{}\n\n\\section*{{Output}}\n\n{}\n",
        sections.name.as_deref().unwrap_or(title).trim(),
        section(&sections.legend),
        section(&sections.input),
        section(&sections.output)
    );
    let notes = section(&sections.notes);
    if !notes.is_empty() {
        tex.push_str(&format!("\n\\section*{{Notes}}\n\n{notes}\n"));
    }
    Ok(tex)
}
