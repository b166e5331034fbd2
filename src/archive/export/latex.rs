//! The Markdown of our statements, turned into LaTeX for formats whose tools read `.tex`
//! (the legacy ICPC package: problemtools renders it with plasTeX and LuaLaTeX).
//!
//! Only the subset the statements use is understood: `##`/`###` headings, paragraphs, `- `
//! lists (continued by indented lines), fenced code blocks, inline `code`, `*emphasis*` and
//! `**strong**`, backslash escapes (`\$`), and formulas: `$…$`, `\(…\)` and `$$…$$` (on
//! one line, or on lines of their own). Formulas are LaTeX already and pass as written
//! (`verify` has checked that they are closed); every other character is escaped, so nothing
//! else in a statement can be taken for a LaTeX command.

/// The LaTeX for a Markdown statement body.
pub fn from_markdown(markdown: &str) -> String {
    let mut out = String::new();
    let mut in_list = false;
    let mut in_code = false;
    let mut in_math = false;
    for line in markdown.lines() {
        if line.trim() == "$$" && !in_code {
            out.push_str(if in_math { "\\]\n" } else { "\\[\n" });
            in_math = !in_math;
            continue;
        }
        if in_math {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if in_code {
            if line.starts_with("```") {
                out.push_str("\\end{verbatim}\n");
                in_code = false;
            } else {
                out.push_str(line);
                out.push('\n');
            }
            continue;
        }
        let continues_item = in_list && line.starts_with("  ") && !line.trim().is_empty();
        if in_list && !line.starts_with("- ") && !continues_item {
            out.push_str("\\end{itemize}\n");
            in_list = false;
        }
        if line.starts_with("```") {
            out.push_str("\\begin{verbatim}\n");
            in_code = true;
        } else if let Some(title) = line.strip_prefix("### ") {
            out.push_str(&format!("\\subsection*{{{}}}\n", inline(title)));
        } else if let Some(title) = line.strip_prefix("## ") {
            out.push_str(&format!("\\section*{{{}}}\n", inline(title)));
        } else if let Some(item) = line.strip_prefix("- ") {
            if !in_list {
                out.push_str("\\begin{itemize}\n");
                in_list = true;
            }
            out.push_str(&format!("\\item {}\n", inline(item)));
        } else {
            out.push_str(&inline(line.trim_start()));
            out.push('\n');
        }
    }
    if in_list {
        out.push_str("\\end{itemize}\n");
    }
    if in_code {
        out.push_str("\\end{verbatim}\n");
    }
    out
}

/// One line of text: code spans, strong and emphasis, everything else escaped.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let closed = |marker: &str| -> Option<(String, usize)> {
            let body = rest.strip_prefix(marker)?;
            let end = body.find(marker).filter(|&e| e > 0)?;
            Some((body[..end].to_string(), marker.len() * 2 + end))
        };
        if let Some((code, used)) = (c == '`').then(|| closed("`")).flatten() {
            out.push_str(&format!("\\texttt{{{}}}", escaped(&code)));
            rest = &rest[used..];
        } else if let Some(used) = formula(rest) {
            out.push_str(&rest[..used]);
            rest = &rest[used..];
        } else if let Some(escape) = (c == '\\')
            .then(|| rest[1..].chars().next())
            .flatten()
            .filter(char::is_ascii_punctuation)
        {
            out.push_str(&escaped(&escape.to_string()));
            rest = &rest[1 + escape.len_utf8()..];
        } else if let Some((strong, used)) = rest.starts_with("**").then(|| closed("**")).flatten()
        {
            out.push_str(&format!("\\textbf{{{}}}", inline(&strong)));
            rest = &rest[used..];
        } else if let Some((emphasis, used)) = (c == '*').then(|| closed("*")).flatten() {
            out.push_str(&format!("\\emph{{{}}}", inline(&emphasis)));
            rest = &rest[used..];
        } else {
            out.push_str(&escaped(&rest[..c.len_utf8()]));
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The length of the formula `text` starts with (`$$…$$`, `$…$` or `\(…\)`, closed on
/// the line), if it starts with one.
fn formula(text: &str) -> Option<usize> {
    let closing = |open: &str, close: &str| -> Option<usize> {
        let body = text.strip_prefix(open)?;
        let mut k = 0;
        while k < body.len() {
            if body[k..].starts_with(close) {
                return (k > 0).then_some(open.len() + k + close.len());
            }
            // An escaped character inside the formula (`\$`) is part of it.
            k += if body[k..].starts_with('\\') { 2 } else { 1 };
            while !body.is_char_boundary(k.min(body.len())) {
                k += 1;
            }
        }
        None
    };
    closing("$$", "$$")
        .or_else(|| closing("$", "$"))
        .or_else(|| closing("\\(", "\\)"))
}

/// Text with every character that LaTeX treats specially written as itself.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '"' => out.push_str("\\textquotedbl{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structure_becomes_sections_lists_and_verbatim() {
        let tex = from_markdown(
            "Intro *here*.\n\n## Input\n\n- one `a_i`\n  more\n- two\n\nAfter.\n```\nx_1 {y}\n```\n",
        );
        assert_eq!(
            tex,
            "Intro \\emph{here}.\n\n\\section*{Input}\n\n\\begin{itemize}\n\
             \\item one \\texttt{a\\_i}\nmore\n\\item two\n\\end{itemize}\n\nAfter.\n\
             \\begin{verbatim}\nx_1 {y}\n\\end{verbatim}\n"
        );
    }

    #[test]
    fn formulas_pass_as_written_and_escapes_are_their_character() {
        assert_eq!(
            inline("$1 \\le n \\le 10^{18}$, \\(a_i\\) i $$x$$ za \\$5 ≤ `$`"),
            "$1 \\le n \\le 10^{18}$, \\(a_i\\) i $$x$$ za \\$5 ≤ \\texttt{\\$}"
        );
        assert_eq!(
            from_markdown("Wzór:\n$$\nn^2_i\n$$\nKoniec.\n"),
            "Wzór:\n\\[\nn^2_i\n\\]\nKoniec.\n"
        );
    }

    #[test]
    fn special_characters_are_escaped_and_markers_need_a_partner() {
        assert_eq!(
            inline("1 <= a_i < 10^18, 50% & #1 {x} ~ \\ \"q\" **bold** a * b"),
            "1 \\textless{}= a\\_i \\textless{} 10\\textasciicircum{}18, 50\\% \\& \\#1 \
             \\{x\\} \\textasciitilde{} \\textbackslash{} \\textquotedbl{}q\\textquotedbl{} \
             \\textbf{bold} a * b"
        );
    }
}
