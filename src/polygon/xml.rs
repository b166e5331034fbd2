//! The elements of `problem.xml` as the reader walks them: each with its place
//! (`problem.xml:line:col`), its attributes read by name, and what it holds that the reader
//! does not know reported as a warning at that place rather than dropped in silence.
//!
//! [`Element`] wraps a `roxmltree` node; each element's reader in `super::problem` says which
//! attributes and children it knows ([`Element::known`]), and everything else becomes a
//! warning in [`Notes`].

use std::path::Path;

use roxmltree::{Document, Node};

/// What reading the file found besides its values: warnings (unknown elements and attributes,
/// each at its place) and features stonejudge does not do ("not supported", at their place).
#[derive(Debug, Default)]
pub struct Notes {
    pub warnings: Vec<String>,
    pub unsupported: Vec<String>,
}

/// One element of the document, and the file it is in (for messages).
#[derive(Clone, Copy)]
pub struct Element<'a, 'input> {
    pub node: Node<'a, 'input>,
    file: &'a Path,
}

impl<'a, 'input> Element<'a, 'input> {
    /// The root element of `document`, read from `file`.
    pub fn root(document: &'a Document<'input>, file: &'a Path) -> Element<'a, 'input> {
        Element {
            node: document.root_element(),
            file,
        }
    }

    /// Its tag name.
    pub fn name(&self) -> &'a str {
        self.node.tag_name().name()
    }

    /// `problem.xml:line:col` of the element's start.
    pub fn at(&self) -> String {
        self.at_offset(self.node.range().start)
    }

    /// `problem.xml:line:col` of the byte `offset` of the document.
    fn at_offset(&self, offset: usize) -> String {
        let pos = self.node.document().text_pos_at(offset);
        format!("{}:{}:{}", self.file.display(), pos.row, pos.col)
    }

    /// `problem.xml:line:col` of the attribute `name`, else of the element.
    pub fn at_attribute(&self, name: &str) -> String {
        match self.node.attribute_node(name) {
            Some(attribute) => self.at_offset(attribute.range().start),
            None => self.at(),
        }
    }

    /// The attribute `name`, when it is there.
    pub fn attribute(&self, name: &str) -> Option<&'a str> {
        self.node.attribute(name)
    }

    /// The attribute `name`, which must be there.
    pub fn required(&self, name: &str) -> Result<&'a str, String> {
        self.attribute(name)
            .ok_or_else(|| format!("{}: <{}> has no attribute {name}", self.at(), self.name()))
    }

    /// The attribute `name` read by `parse` (which says what it expected), when it is there.
    pub fn parsed<T>(
        &self,
        name: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.attribute(name) {
            None => Ok(None),
            Some(text) => parse(text).map(Some).map_err(|why| {
                format!(
                    "{}: {name}=\"{text}\" of <{}>: {why}",
                    self.at_attribute(name),
                    self.name()
                )
            }),
        }
    }

    /// Its child elements, in order.
    pub fn children(&self) -> impl Iterator<Item = Element<'a, 'input>> + '_ {
        let file = self.file;
        (self.node.children())
            .filter(Node::is_element)
            .map(move |node| Element { node, file })
    }

    /// Its child elements named `name`.
    pub fn all(&self, name: &'static str) -> impl Iterator<Item = Element<'a, 'input>> + '_ {
        self.children().filter(move |child| child.name() == name)
    }

    /// Its only child element named `name`, if any; a second one is an error at its place.
    pub fn one(&self, name: &'static str) -> Result<Option<Element<'a, 'input>>, String> {
        let mut found = self.all(name);
        let first = found.next();
        match found.next() {
            Some(second) => Err(format!(
                "{}: a second <{name}> in <{}>",
                second.at(),
                self.name()
            )),
            None => Ok(first),
        }
    }

    /// The text it holds, trimmed (`<time-limit>1000</time-limit>`); an element holding
    /// elements is an error.
    pub fn text(&self) -> Result<&'a str, String> {
        if let Some(child) = self.children().next() {
            return Err(format!(
                "{}: <{}> holds an element <{}>, expected text",
                child.at(),
                self.name(),
                child.name()
            ));
        }
        Ok(self.node.text().unwrap_or("").trim())
    }

    /// Its text read by `parse` (which says what it expected).
    pub fn value<T>(&self, parse: impl Fn(&str) -> Result<T, String>) -> Result<T, String> {
        let text = self.text()?;
        parse(text).map_err(|why| format!("{}: <{}>{text}: {why}", self.at(), self.name()))
    }

    /// Warns about every attribute not in `attributes` and every child element not in
    /// `children`, each at its place: the element is read, what it holds beyond that is not.
    pub fn known(&self, attributes: &[&str], children: &[&str], notes: &mut Notes) {
        for attribute in self.node.attributes() {
            if !attributes.contains(&attribute.name()) {
                notes.warnings.push(format!(
                    "{}: unknown attribute {} of <{}>: not read",
                    self.at_offset(attribute.range().start),
                    attribute.name(),
                    self.name()
                ));
            }
        }
        for child in self.children() {
            if !children.contains(&child.name()) {
                notes.warnings.push(format!(
                    "{}: unknown element <{}> in <{}>: not read",
                    child.at(),
                    child.name(),
                    self.name()
                ));
            }
        }
    }
}

/// A whole number (`1000`, `268435456`).
pub fn whole(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| "expected a whole number".to_string())
}

/// A number of points: finite and not negative (`2.0`, `32`).
pub fn points(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(points) if points.is_finite() && points >= 0.0 => Ok(points),
        _ => Err("expected a number of points, 0 or more".to_string()),
    }
}

/// `true` or `false` (Polygon writes these; `1`/`0` are read too).
pub fn boolean(text: &str) -> Result<bool, String> {
    match text {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err("expected true or false".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_lines_and_columns_and_unknown_things_are_warnings() {
        let text = "<a x=\"1\">\n  <b y=\"2\"/>\n  <c>7</c>\n</a>\n";
        let document = Document::parse(text).expect("parses");
        let file = Path::new("problem.xml");
        let a = Element::root(&document, file);
        let mut notes = Notes::default();
        a.known(&[], &["c"], &mut notes);
        assert_eq!(
            notes.warnings,
            [
                "problem.xml:1:4: unknown attribute x of <a>: not read",
                "problem.xml:2:3: unknown element <b> in <a>: not read",
            ]
        );
        let c = a.one("c").expect("one").expect("there");
        assert_eq!(c.value(whole), Ok(7));
        assert_eq!(
            a.required("z").unwrap_err(),
            "problem.xml:1:1: <a> has no attribute z"
        );
        let b = a.one("b").expect("one").expect("there");
        assert_eq!(
            b.parsed("y", boolean).unwrap_err(),
            "problem.xml:2:6: y=\"2\" of <b>: expected true or false"
        );
        assert_eq!(
            a.text().unwrap_err(),
            "problem.xml:2:3: <a> holds an element <b>, expected text"
        );
        assert!(points("-1").is_err() && points("inf").is_err());
        assert_eq!(points("32.0"), Ok(32.0));
    }
}
