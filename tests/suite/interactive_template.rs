//! The template of `new --interactive` switched to a testlib interactor (the fixture
//! `interactive_fixtures/testlib_interact.cpp`): shared by the suite's tests and the
//! comparison with problemtools.

use std::path::Path;

/// A testlib interactor for the template's game (`interactor INPUT OUTPUT ANSWER`, exit 0 OK,
/// 1 WA, 2 PE, 3 FAIL), written without testlib.h: it writes the number of questions asked to
/// OUTPUT, and rejects a game that used more than the jury's (the ANSWER file: the reference's
/// OUTPUT).
const TESTLIB_INTERACTOR: &str = include_str!("interactive_fixtures/testlib_interact.cpp");

/// Switches the template made in `dir` to [`TESTLIB_INTERACTOR`].
pub fn use_testlib_interactor(dir: &Path) {
    std::fs::write(dir.join("interact.cpp"), TESTLIB_INTERACTOR).expect("write");
    let manifest = dir.join("problem.toml");
    let text = std::fs::read_to_string(&manifest).expect("read");
    let text = text.replace(
        "interactor_protocol = \"kattis\"",
        "interactor_protocol = \"testlib\"",
    );
    std::fs::write(&manifest, text).expect("write");
}
