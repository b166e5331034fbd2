#!/usr/bin/env python3
"""Conformance: stonejudge's `verify` against each format's own tool, submission by submission.

Given a stonejudge binary and folders of packages, this runs, per package, the tool whose
format the package is in and `stonejudge verify --json`, each on its own private copy of the
package in a scratch folder (the tools write into packages: builds, generated data, upgraded
files), and prints one line per submission: package, submission, what the anchor tool said
(verdict, and the score where the package is scored), what stonejudge said, and `same` or
`DIFFERENT`; then a summary (packages each tool read or refused, submissions agreeing). With
`--json FILE` it writes the same as one JSON document. One package's failure never stops the
run; every tool has a timeout (`--timeout`). Standard library only.

Which tool reads which package:
  - Kattis / ICPC 2025-09 packages (and BAPCtools contest folders of them): `bt run`, which
    runs `bt generate` first when the package has generators/generators.yaml.
  - 2023-07 and legacy packages: problemtools' `verifyproblem -p submissions`. When such a
    package has generators/generators.yaml (BAPCtools made its data), `bt upgrade` and
    `bt run` on another copy as well, and verifyproblem reads the data bt generated.
  - sinol-make packages (config.yml with prog/, in/ or out/): `sinol-make verify` (which
    generates in/ and out/ with ingen and the model solution first), then `sinol-make run
    --apply-suggestions` on the same copy (cached, so nearly free) to read each solution's
    points and group statuses from the config.yml it rewrites.
Where stonejudge does not read a package as it is but an anchor made its test data (a
sinol-make package without in/, a package whose data/ is generated), `stonejudge verify` runs
once more on a copy holding that data (a Kattis package's without generators/), so that a
refusal and a difference in judging are told apart: the line says both.

Verdicts are compared after naming them alike: RTE is RE; TL, ML and OK (sinol-make) are TLE,
MLE and AC; Kattis has no memory verdict, so stonejudge's MLE on a Kattis package counts as
RE. A sinol-make solution agrees when its points and every group's status agree. A submission
one side did not judge (it did not compile, the tool stopped early) is shown as `-` and counts
as different.

The anchors' test packages are public repositories; clone them and pass their folders:
    git clone https://github.com/RagnarGrootKoerkamp/BAPCtools      (test/problems)
    git clone https://github.com/Kattis/problemtools                 (examples)
    git clone https://github.com/sio2project/sinol-make              (tests/packages)
    git clone https://github.com/Kattis/problem-package-format       (examples/problems)
The tools themselves: `pip install bapctools problemtools sinol-make`.

Example:
    bench/conformance.py --stonejudge target/release/stonejudge --json conformance.json \\
        BAPCtools/test/problems problemtools/examples sinol-make/tests/packages
"""

import argparse
import dataclasses
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# --- Finding packages -------------------------------------------------------------------

KATTIS_2025 = "kattis-2025-09"
KATTIS_2023 = "kattis-2023-07"
KATTIS_LEGACY = "kattis-legacy"
SINOL = "sinol-make"

# Folders a package search never enters: build output, version control, the tools' caches.
SKIPPED_FOLDERS = {".git", ".cache", "__pycache__", "node_modules", "target"}


@dataclasses.dataclass
class Package:
    """A package found under one of the folders given: where it is and its format."""

    path: str
    name: str
    format: str
    # The name in logs, reports and the scratch folder: the folder's name, made unique
    # (`sum-2`) when two packages share one (their folder name must stay the package's).
    key: str = ""

    def has(self, relative):
        return os.path.exists(os.path.join(self.path, relative))


def kattis_version(problem_yaml):
    """The problem_format_version a problem.yaml states (a top-level key, read by its line)."""
    try:
        with open(problem_yaml, encoding="utf-8", errors="replace") as f:
            for line in f:
                match = re.match(r"problem_format_version\s*:\s*['\"]?([\w.-]+)", line)
                if match:
                    version = match.group(1)
                    if version.startswith("2025-09"):
                        return KATTIS_2025
                    if version.startswith("2023-07"):
                        return KATTIS_2023
                    return KATTIS_LEGACY
    except OSError:
        pass
    return KATTIS_LEGACY


def package_format(folder):
    """The format of a package folder, or None when the folder is not a package."""
    if os.path.isfile(os.path.join(folder, "problem.yaml")):
        return kattis_version(os.path.join(folder, "problem.yaml"))
    if os.path.isfile(os.path.join(folder, "config.yml")) and any(
        os.path.isdir(os.path.join(folder, sub)) for sub in ("prog", "in", "out")
    ):
        return SINOL
    return None


def find_packages(roots, depth=4):
    """Every package in or under the folders given (a package's own subfolders not searched)."""
    found = []

    def walk(folder, level):
        kind = package_format(folder)
        if kind:
            found.append(Package(os.path.abspath(folder), os.path.basename(os.path.abspath(folder)), kind))
            return
        if level == 0:
            return
        try:
            entries = sorted(os.listdir(folder))
        except OSError:
            return
        for entry in entries:
            child = os.path.join(folder, entry)
            if entry.startswith(".") or entry in SKIPPED_FOLDERS or not os.path.isdir(child):
                continue
            if os.path.islink(child):
                continue
            walk(child, level - 1)

    for root in roots:
        walk(root, depth)
    seen = {}
    for package in found:
        seen[package.name] = seen.get(package.name, 0) + 1
        package.key = package.name if seen[package.name] == 1 else f"{package.name}-{seen[package.name]}"
    return found


# --- Running a tool ---------------------------------------------------------------------


@dataclasses.dataclass
class Run:
    """One command run to its end or its timeout: exit status, times and what it printed."""

    command: list
    exit: object  # int, or None when it was stopped at the timeout
    wall_s: float
    cpu_s: float
    log: str

    @property
    def timed_out(self):
        return self.exit is None


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]")


def run(command, cwd, timeout, env=None):
    """Run `command` in its own session (so a timeout stops all it started), with its output
    and error together. CPU time is the children's user and system time over the run, as the
    kernel counts it for the processes waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    except OSError as error:
        return Run(command, 127, 0.0, 0.0, f"{command[0]}: {error}")
    try:
        output, _ = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    text = ANSI.sub("", output.decode("utf-8", errors="replace")).replace("\r", "\n")
    return Run(command, status, wall, cpu, text)


def private_copy(package, workdir, label):
    """A copy of the package as workdir/label/NAME (the folder name is kept: verifyproblem
    takes it for the problem's short name; a second package of the same name goes under
    workdir/label/KEY/NAME)."""
    parent = os.path.join(workdir, label) if package.key == package.name else os.path.join(workdir, label, package.key)
    target = os.path.join(parent, package.name)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(package.path, target, symlinks=True)
    return target


# --- What a tool said of one submission -------------------------------------------------


@dataclasses.dataclass
class Result:
    """A submission's outcome as one tool gave it: its verdict (our names), its score where
    the package is scored, and per group the statuses where the tool gives them."""

    verdict: str
    score: object = None
    groups: object = None  # {group: verdict}, sinol-make packages

    def text(self):
        out = self.verdict
        if self.score is not None:
            out += f" {format_score(self.score)}"
        if self.groups:
            out += " [" + " ".join(f"{g}:{v}" for g, v in sorted(self.groups.items(), key=group_order)) + "]"
        return out


def group_order(item):
    name = str(item[0])
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


def format_score(score):
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


# The second stonejudge run, on the test data an anchor made where stonejudge did not read the
# package as it is (a sinol-make package without in/, a package whose data/ is generated).
THEIR_DATA = "stonejudge-on-their-data"

VERDICT_NAMES = {"RTE": "RE", "OK": "AC", "TL": "TLE", "ML": "MLE", "OL": "OLE", "OLE": "OLE"}


def our_name(verdict):
    """A tool's verdict in stonejudge's names (docs/design.md's short names)."""
    return VERDICT_NAMES.get(verdict, verdict)


@dataclasses.dataclass
class Outcome:
    """What one tool did with one package: whether it read it, the runs it took, and what it
    said of each submission (keyed by the submission's path under submissions/ or prog/)."""

    tool: str
    status: str  # read | refused | timeout | missing | not-run
    reason: str = ""
    accepted: object = None  # whether the tool accepted the package as a whole
    runs: list = dataclasses.field(default_factory=list)
    results: dict = dataclasses.field(default_factory=dict)

    @property
    def wall_s(self):
        return sum(r.wall_s for r in self.runs)

    @property
    def cpu_s(self):
        return sum(r.cpu_s for r in self.runs)


def last_lines(text, count=3):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return " | ".join(lines[-count:])[-400:]


def settle(outcome, last_run):
    """The outcome's status from its results and its last run."""
    if last_run.timed_out:
        outcome.status = "timeout"
        outcome.reason = f"stopped after {last_run.wall_s:.0f} s"
    elif any(r.verdict not in ("-", "skipped") for r in outcome.results.values()):
        outcome.status = "read"
    else:
        outcome.status = "refused"
        outcome.reason = last_lines(last_run.log)
    return outcome


def save_log(workdir, package, tool, runs):
    path = os.path.join(workdir, "logs", package.key + "." + tool + ".log")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for r in runs:
            f.write(f"$ {' '.join(r.command)}\n# exit {r.exit}, {r.wall_s:.1f} s wall, {r.cpu_s:.1f} s CPU\n{r.log}\n")


# --- The anchors ------------------------------------------------------------------------

BT_LINE = re.compile(r"^(\S+?):\s+(AC|WA|TLE|RTE|JE|CE|MLE|OLE)\s*[\d.]+s\s+@")


def parse_bt(log):
    """`bt run` prints one summary line per submission: `accepted/x.py:   AC 0.04s @ secret/1`
    (bapctools/run.py, Submission.run_test_cases' final message)."""
    results = {}
    for line in log.splitlines():
        match = BT_LINE.match(line.strip())
        if match and "/" in match.group(1):
            results[match.group(1)] = Result(our_name(match.group(2)))
    return results


# problemtools/checks/submissions.py: `   {sub} OK: {result}`, `   {sub} OK with extra time:
# {result}`, `{sub} got {result}` (an error), `{sub} was fully accepted: {result}` (a warning of
# partially_accepted/), `Compile error for {sub}`; a submission prints as `folder/name (Language)`
# and a result as `VERDICT (score) [details]` (problemtools/judge/result.py).
VP_RESULT = re.compile(
    r"(\S+/\S+) \(.+\) (?:OK: |OK with extra time: |got |was fully accepted: )([A-Z]+)(?: \((-?[\d.]+)\))?"
)
VP_COMPILE = re.compile(r"Compile error for (\S+/\S+) \(")


def parse_verifyproblem(log):
    results = {}
    for line in log.splitlines():
        match = VP_RESULT.search(line)
        if match:
            score = float(match.group(3)) if match.group(3) else None
            results[match.group(1)] = Result(our_name(match.group(2)), score)
            continue
        match = VP_COMPILE.search(line)
        if match:
            results[match.group(1)] = Result("CE")
    return results


def parse_sinol_scores(config_text):
    """Each solution's points and group statuses from `sinol_expected_scores` in the config.yml
    that `sinol-make run --apply-suggestions` writes (util.save_config: one solution per key,
    its `expected:` groups in flow style `N: {points: P, status: S}`, then `points: TOTAL`)."""
    results = {}
    lines = config_text.splitlines()
    inside = False
    solution = None
    for line in lines:
        if not inside:
            inside = line.startswith("sinol_expected_scores:")
            continue
        if line and not line[0].isspace():
            break
        match = re.match(r"^  (\S[^:]*):\s*$", line)
        if match:
            solution = match.group(1).strip("'\"")
            results[solution] = Result("AC", 0, {})
            continue
        if solution is None:
            continue
        match = re.match(r"^\s+(\w+):\s*\{(.*)\}\s*$", line)
        if match:
            fields = dict(
                (k.strip(), v.strip()) for k, v in (part.split(":", 1) for part in match.group(2).split(",") if ":" in part)
            )
            results[solution].groups[match.group(1)] = our_name(fields.get("status", "?"))
            continue
        match = re.match(r"^    points:\s*(-?[\d.]+)", line)
        if match:
            results[solution].score = float(match.group(1))
    for result in results.values():
        result.verdict = worst(result.groups.values())
    return results


def working_python():
    """The Python sinol-make would pick (helpers/compiler.py, get_python_interpreter_path: the
    first of python3.13, 3.12, 3.11, 3.10, 3 on PATH), but one that runs: a pyenv shim of a
    version that is not installed is on PATH and fails, and sinol-make would give every
    Python solution CE."""
    for version in ["3.13", "3.12", "3.11", "3.10", "3"]:
        path = shutil.which("python" + version)
        if path and subprocess.run([path, "--version"], capture_output=True).returncode == 0:
            return path
    return None


class Tools:
    """The commands of the anchor tools and of stonejudge, and the options they share."""

    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.bt = shutil.which(args.bt)
        self.verifyproblem = shutil.which(args.verifyproblem)
        self.sinol_make = shutil.which(args.sinol_make)
        self.stonejudge = os.path.abspath(args.stonejudge)
        self.sinol_env = None
        self.sinol_note = ""

    def wanted(self, tool):
        return self.args.tools is None or tool in self.args.tools

    # bt -------------------------------------------------------------------------------
    def bt_run(self, package):
        outcome = Outcome("bt", "not-run")
        if not self.bt:
            outcome.status, outcome.reason = "missing", "bt is not installed (pip install bapctools)"
            return outcome, None
        copy = private_copy(package, self.workdir, "bt")
        if package.format != KATTIS_2025:
            upgrade = run([self.bt, "upgrade", "--no-bar"], copy, self.args.timeout)
            outcome.runs.append(upgrade)
            if upgrade.exit != 0:
                return settle(outcome, upgrade), copy
        bt_run = run([self.bt, "run", "--no-bar"], copy, self.args.timeout)
        outcome.runs.append(bt_run)
        outcome.results = parse_bt(bt_run.log)
        outcome.accepted = bt_run.exit == 0
        return settle(outcome, bt_run), copy

    # verifyproblem ----------------------------------------------------------------------
    def verifyproblem_run(self, package, generated=None):
        outcome = Outcome("verifyproblem", "not-run")
        if not self.verifyproblem:
            outcome.status, outcome.reason = "missing", "verifyproblem is not installed (pip install problemtools)"
            return outcome
        copy = private_copy(package, self.workdir, "verifyproblem")
        if generated and os.path.isdir(os.path.join(generated, "data")):
            # The data bt generated, where the package commits only how to make it.
            shutil.rmtree(os.path.join(copy, "data"), ignore_errors=True)
            shutil.copytree(os.path.join(generated, "data"), os.path.join(copy, "data"), symlinks=True)
            outcome.reason = "data made by bt generate"
        vp = run([self.verifyproblem, copy, "-p", "submissions"], os.path.dirname(copy), self.args.timeout)
        outcome.runs.append(vp)
        outcome.results = parse_verifyproblem(vp.log)
        outcome.accepted = vp.exit == 0
        note = outcome.reason
        settle(outcome, vp)
        if note and outcome.status == "read":
            outcome.reason = note
        return outcome

    # sinol-make -------------------------------------------------------------------------
    def sinol_environment(self):
        """sinol-make downloads sio2jail and oicompare into ~/.local/bin at start. Where they
        are not there (no network), a HOME with stand-ins: sio2jail is not used (`--time-tool
        time`), and oicompare's stand-in compares tokens as oicompare does."""
        if self.sinol_env is not None:
            return self.sinol_env
        home = os.path.expanduser("~")
        env = dict(os.environ)
        have = all(os.path.exists(os.path.join(home, ".local/bin", t)) for t in ("oicompare", "sio2jail"))
        if not have or self.args.sinol_stand_ins:
            stand_in_home = os.path.join(self.workdir, "sinol-home")
            bin_dir = os.path.join(stand_in_home, ".local/bin")
            os.makedirs(bin_dir, exist_ok=True)
            stand_ins = {
                "sio2jail": "#!/bin/sh\necho 'SIO2jail v1.5.3 (stand-in)'\n",
                "oicompare": (
                    "#!/usr/bin/env python3\nimport sys\n"
                    "if sys.argv[1:] == ['--version']:\n    print('oicompare version 1.0.2')\n    sys.exit(0)\n"
                    "same = open(sys.argv[1], 'rb').read().split() == open(sys.argv[2], 'rb').read().split()\n"
                    "print('' if same else 'WRONG')\nsys.exit(0 if same else 1)\n"
                ),
            }
            for name, text in stand_ins.items():
                path = os.path.join(bin_dir, name)
                with open(path, "w") as f:
                    f.write(text)
                os.chmod(path, 0o755)
            env["HOME"] = stand_in_home
            # Toolchains found through HOME (rustup's) stay where they are.
            for name, folder in (("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")):
                if name not in env and os.path.isdir(os.path.join(home, folder)):
                    env[name] = os.path.join(home, folder)
            self.sinol_note = "sio2jail and oicompare stand-ins (no download)"
        self.sinol_env = env
        return env

    def sinol_run(self, package):
        outcome = Outcome("sinol-make", "not-run")
        if not self.sinol_make:
            outcome.status, outcome.reason = "missing", "sinol-make is not installed (pip install sinol-make)"
            return outcome, None
        env = self.sinol_environment()
        copy = private_copy(package, self.workdir, "sinol-make")
        common = ["--time-tool", self.args.sinol_time_tool]
        python = self.args.sinol_python or working_python()
        if python:
            common += ["--python-interpreter-path", python]
        verify = run([self.sinol_make, "verify", "--no-fsanitize", *common], copy, self.args.timeout, env)
        outcome.runs.append(verify)
        outcome.accepted = verify.exit == 0
        if verify.timed_out:
            return settle(outcome, verify), copy
        scores = run([self.sinol_make, "run", "--apply-suggestions", *common], copy, self.args.timeout, env)
        outcome.runs.append(scores)
        outcome.results = {}
        # Only a run that judged (it printed its table) rewrote the expectations: a run that
        # stopped before (no outputs, no model) leaves the package's own in config.yml.
        if re.search(r"^\s*points \|", scores.log, re.MULTILINE):
            try:
                with open(os.path.join(copy, "config.yml"), encoding="utf-8") as f:
                    outcome.results = parse_sinol_scores(f.read())
            except OSError:
                pass
        settle(outcome, scores)
        if outcome.status == "refused":
            outcome.reason = last_lines(verify.log)
        if self.sinol_note and outcome.status == "read":
            outcome.reason = self.sinol_note
        return outcome, copy

    # stonejudge -------------------------------------------------------------------------
    def stonejudge_run(self, package, their_data=None):
        """`stonejudge verify --json` on a copy of the package; with `their_data` (an anchor's
        copy, and the folders of test data in it), on a copy holding the data the anchor made."""
        tool = "stonejudge" if their_data is None else THEIR_DATA
        outcome = Outcome(tool, "not-run")
        if not os.access(self.stonejudge, os.X_OK):
            outcome.status, outcome.reason = "missing", f"{self.stonejudge} is not an executable"
            return outcome
        copy = private_copy(package, self.workdir, tool)
        if their_data is not None:
            made, folders = their_data
            for folder in folders:
                if os.path.isdir(os.path.join(made, folder)):
                    shutil.rmtree(os.path.join(copy, folder), ignore_errors=True)
                    shutil.copytree(os.path.join(made, folder), os.path.join(copy, folder), symlinks=True)
            outcome.reason = "test data made by " + ("sinol-make gen" if package.format == SINOL else "bt generate")
            if package.format != SINOL:
                # The data as it is, not made again: what is compared is the judging.
                shutil.rmtree(os.path.join(copy, "generators"), ignore_errors=True)
                outcome.reason += ", generators/ removed"
        report = os.path.join(self.workdir, tool, package.key + ".json")
        env = dict(os.environ)
        # A fresh compile cache, as each anchor starts with no builds in its copy.
        env["STONEJUDGE_CACHE"] = tempfile.mkdtemp(dir=self.workdir, prefix="cache-")
        verify = run([self.stonejudge, "verify", copy, "--json", report], os.path.dirname(copy), self.args.timeout, env)
        outcome.runs.append(verify)
        outcome.accepted = verify.exit == 0
        try:
            with open(report, encoding="utf-8") as f:
                outcome.results = parse_stonejudge(json.load(f), package)
        except (OSError, ValueError):
            outcome.results = {}
        note = outcome.reason
        settle(outcome, verify)
        if note and outcome.status == "read":
            outcome.reason = note
        return outcome


def parse_stonejudge(document, package):
    """Each submission's verdict (and score, and groups) from `verify --json`
    (docs/reports.md): an item per submission, whose id ends in `submissions/NAME`
    (Kattis) or `prog/NAME` (sinol-make), with `runs` and, on a scored problem, `score` and
    `groups`; without runs, the first check's detail (`got WA: ...`, or why it did not run)."""
    results = {}
    for item in document.get("items", []):
        item_id = item.get("id", "")
        match = re.search(r"/(?:submissions|prog)/(.+)$", item_id)
        if not match:
            continue
        name = match.group(1)
        verdict = None
        runs = item.get("runs") or {}
        tests = runs.get("tests") if isinstance(runs, dict) else None
        if tests:
            verdict = our_name(first_failure([t.get("verdict", "?") for t in tests]))
        checks = item.get("checks") or []
        detail = checks[0].get("detail", "") if checks else ""
        if verdict is None:
            # `got WA: ...` (a verdict against the folder's), `CE: ...` (it did not build),
            # `AC under the time limit of 1 s, as required` (submissions.yaml's requirements).
            match = re.match(r"(?:got )?(AC|WA|PE|TLE|MLE|OLE|RTE|RE|CE|JE)\b", detail)
            if match:
                verdict = our_name(match.group(1))
            elif item.get("skipped"):
                verdict = "skipped"
            else:
                verdict = "-"
        groups = None
        if item.get("groups"):
            groups = {str(g.get("name")): g.get("verdict", "?") for g in item["groups"]}
        score = item.get("score")
        # A sinol-make solution's score check says `75/100 (1 OK 25, 2 OK 25, 3 OK 25, 4 WA 0)`
        # (its item has no `score` or `groups` keys).
        match = re.search(r"(-?[\d.]+)/[\d.]+ \(((?:\w+ \w+ -?[\d.]+(?:, )?)*)\)", detail)
        if package.format == SINOL and match and match.group(2):
            score = float(match.group(1))
            groups = {g: our_name(v) for g, v, _ in re.findall(r"(\w+) (\w+) (-?[\d.]+)", match.group(2))}
            verdict = worst(groups.values())
        results[name] = Result(verdict, score, groups)
    return results


# docs/design.md's precedence of verdicts, for a verdict summing up a solution's groups.
PRECEDENCE = ["JE", "CE", "TLE", "MLE", "OLE", "RE", "WA", "PE"]


def worst(verdicts):
    """The verdict that wins among several by the precedence; AC when all are AC."""
    verdicts = set(verdicts)
    for verdict in PRECEDENCE:
        if verdict in verdicts:
            return verdict
    return next(iter(verdicts - {"AC"}), "AC")


def first_failure(verdicts):
    """The verdict of a run of tests: the first that is not AC (Kattis' rules stop at it)."""
    for verdict in verdicts:
        if verdict != "AC":
            return verdict
    return "AC"


# --- Comparing --------------------------------------------------------------------------


def comparable(result, package):
    """A result reduced to what both sides say in the same words; a submission a side did not
    judge (not listed, or listed as not run) is the same as not judged on the other side."""
    if result is None or result.verdict in ("-", "skipped"):
        return None
    verdict = result.verdict
    if package.format != SINOL and verdict == "MLE":
        verdict = "RE"
    if package.format == SINOL:
        score = None if result.score is None else round(float(result.score), 3)
        return (score, tuple(sorted((result.groups or {}).items())))
    score = None if result.score is None else round(float(result.score), 3)
    return (verdict, score)


def agree(a, b, package):
    """Two results agree: the same verdict and, where both give one, the same score (a tool
    gives none for a rejected submission)."""
    a, b = comparable(a, package), comparable(b, package)
    if a is None or b is None or package.format == SINOL:
        return a == b
    return a[0] == b[0] and (a[1] is None or b[1] is None or a[1] == b[1])


def same_as(theirs, result, package):
    return all(agree(r, result, package) for r in theirs.values())


def compare(package, anchors, ours, ours_on_their_data=None):
    """One row per submission any side judged. Where stonejudge did not read the package as
    it is but did with the test data an anchor made, the row says that too."""
    names = set(ours.results)
    for outcome in anchors:
        names |= set(outcome.results)
    rows = []
    for name in sorted(names):
        theirs = {o.tool: o.results.get(name) for o in anchors if o.status == "read"}
        mine = ours.results.get(name)
        # Compared where an anchor read the package and stonejudge was run on it (a package
        # stonejudge refuses is a difference on each of its submissions).
        compared = bool(theirs) and ours.status not in ("not-run", "missing")
        row = {
            "package": package.key,
            "submission": name,
            "theirs": {tool: (r.text() if r else "-") for tool, r in theirs.items()},
            "ours": mine.text() if mine else "-",
            "same": same_as(theirs, mine, package) if compared else None,
        }
        if ours_on_their_data is not None and theirs:
            result = ours_on_their_data.results.get(name)
            row["ours_on_their_data"] = result.text() if result else "-"
            row["same_on_their_data"] = same_as(theirs, result, package)
        rows.append(row)
    return rows


def anchors_for(tools, package):
    """The anchor tools' outcomes on one package, in the order they ran, and the copy in
    which an anchor made the test data (with the folders that hold it), if one did."""
    outcomes = []
    if package.format == SINOL:
        if not tools.wanted("sinol-make"):
            return outcomes, None
        outcome, made = tools.sinol_run(package)
        outcomes.append(outcome)
        return outcomes, (made, ["in", "out"]) if made else None
    generated = None
    uses_bt = package.format == KATTIS_2025 or package.has("generators/generators.yaml")
    if uses_bt and tools.wanted("bt"):
        outcome, generated = tools.bt_run(package)
        outcomes.append(outcome)
    if package.format != KATTIS_2025 and tools.wanted("verifyproblem"):
        outcomes.append(tools.verifyproblem_run(package, generated))
    return outcomes, (generated, ["data"]) if generated else None


def outcome_json(outcome):
    return {
        "tool": outcome.tool,
        "status": outcome.status,
        "reason": outcome.reason,
        "accepted": outcome.accepted,
        "wall_s": round(outcome.wall_s, 2),
        "cpu_s": round(outcome.cpu_s, 2),
        "runs": [{"command": r.command[1:], "exit": r.exit, "wall_s": round(r.wall_s, 2), "cpu_s": round(r.cpu_s, 2)} for r in outcome.runs],
        "submissions": {name: dataclasses.asdict(r) for name, r in sorted(outcome.results.items())},
    }


def summarize(packages):
    tools = {}
    for entry in packages:
        for outcome in entry["tools"]:
            counts = tools.setdefault(outcome["tool"], {"read": 0, "refused": 0, "timeout": 0, "missing": 0, "not-run": 0})
            counts[outcome["status"]] = counts.get(outcome["status"], 0) + 1
    rows = [row for entry in packages for row in entry["submissions"]]
    compared = [r for r in rows if r["same"] is not None]
    second = [r for r in compared if "same_on_their_data" in r]
    return {
        "packages": len(packages),
        "tools": tools,
        "submissions": len(rows),
        "compared": len(compared),
        "same": sum(1 for r in compared if r["same"]),
        "different": sum(1 for r in compared if not r["same"]),
        "compared_on_their_data": len(second),
        "same_on_their_data": sum(1 for r in second if r["same_on_their_data"]),
    }


def print_row(row):
    theirs = "  ".join(f"{tool}={text}" for tool, text in row["theirs"].items()) or "(no anchor result)"
    mark = {True: "same", False: "DIFFERENT", None: "not compared"}[row["same"]]
    if "same_on_their_data" in row:
        second = "same" if row["same_on_their_data"] else "DIFFERENT"
        mark += f"  (on their data: ours={row['ours_on_their_data']} {second})"
    print(f"{row['package']:<24} {row['submission']:<44} {theirs:<34} ours={row['ours']:<18} {mark}", flush=True)


def print_outcome(package, outcome):
    extra = f": {outcome.reason}" if outcome.reason else ""
    accepted = "" if outcome.accepted is None else (" (accepted)" if outcome.accepted else " (not accepted)")
    print(
        f"{package.key:<24} [{outcome.tool} {outcome.status}{accepted}, {outcome.wall_s:.1f} s wall, "
        f"{outcome.cpu_s:.1f} s CPU{extra}]",
        flush=True,
    )


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__[__doc__.index("The anchors' test packages") :],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("folders", nargs="+", help="packages, contest folders or folders holding them")
    parser.add_argument("--stonejudge", required=True, help="the stonejudge binary to compare")
    parser.add_argument("--json", metavar="FILE", help="also write the comparison as JSON to FILE")
    parser.add_argument("--timeout", type=float, default=900, help="seconds each tool may take on one package (default 900)")
    parser.add_argument("--tools", type=lambda s: set(s.split(",")), help="only these: bt,verifyproblem,sinol-make,stonejudge")
    parser.add_argument("--work", metavar="DIR", help="keep the private copies and each tool's log here (default: a temporary folder, removed)")
    parser.add_argument("--bt", default="bt", help="the bt command (default: bt on PATH)")
    parser.add_argument("--verifyproblem", default="verifyproblem", help="the verifyproblem command")
    parser.add_argument("--sinol-make", default="sinol-make", help="the sinol-make command")
    parser.add_argument("--sinol-time-tool", default="time", choices=["time", "sio2jail"], help="sinol-make's --time-tool (default time: sio2jail needs perf events)")
    parser.add_argument("--sinol-python", help="sinol-make's --python-interpreter-path (default: the first python3.X that runs)")
    parser.add_argument("--sinol-stand-ins", action="store_true", help="use stand-ins for sio2jail and oicompare even where sinol-make has downloaded them")
    args = parser.parse_args()

    packages = find_packages(args.folders)
    if not packages:
        print(f"conformance: no package in {' '.join(args.folders)}", file=sys.stderr)
        return 2
    workdir = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="conformance-")
    os.makedirs(workdir, exist_ok=True)
    tools = Tools(args, workdir)
    report = []
    try:
        for package in packages:
            anchors, made = anchors_for(tools, package)
            ours = tools.stonejudge_run(package) if tools.wanted("stonejudge") else Outcome("stonejudge", "not-run")
            outcomes = anchors + [ours]
            second = None
            if ours.status not in ("read", "not-run", "missing") and made:
                second = tools.stonejudge_run(package, made)
                outcomes.append(second)
            for outcome in outcomes:
                save_log(workdir, package, outcome.tool, outcome.runs)
                print_outcome(package, outcome)
            rows = compare(package, anchors, ours, second)
            for row in rows:
                print_row(row)
            report.append(
                {
                    "package": package.key,
                    "path": package.path,
                    "format": package.format,
                    "tools": [outcome_json(o) for o in outcomes],
                    "submissions": rows,
                }
            )
            if args.json:
                write_json(args.json, report)
    finally:
        if not args.work:
            shutil.rmtree(workdir, ignore_errors=True)
    summary = summarize(report)
    print(f"\n{summary['packages']} packages")
    for tool, counts in summary["tools"].items():
        print(f"  {tool}: " + ", ".join(f"{n} {status}" for status, n in counts.items() if n))
    print(f"{summary['compared']} submissions compared: {summary['same']} same, {summary['different']} different")
    if summary["compared_on_their_data"]:
        print(
            f"{summary['compared_on_their_data']} of them also judged by stonejudge on the test data an anchor "
            f"made: {summary['same_on_their_data']} same"
        )
    if args.json:
        write_json(args.json, report)
    return 0


def write_json(path, report):
    """The report so far, written whole (a temporary file, then a rename)."""
    document = {"summary": summarize(report), "packages": report}
    temporary = path + ".part"
    with open(temporary, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)
    os.replace(temporary, path)


if __name__ == "__main__":
    sys.exit(main())
