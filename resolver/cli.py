"""`resolve [OPTIONS] SCRIPT [ARGS...]` / `resolve [OPTIONS] -m MODULE [ARGS...]`.

Everything after the script (or module) belongs to the script, as with `python`."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from resolver import __version__, report
from resolver.errors import UsageError, UsageParser
from resolver.status import Status
from resolver.target import input_notes, make_target, project_of
from resolver.write import backups

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
DEFAULT_MODEL = "claude-sonnet-5-5"  # here, not in llm.py: --help imports no SDK
# 20 smoke runs of a minute each plus 8 LLM requests fit well inside; a hung script still ends
DEFAULT_DEADLINE = 1800


HELP_EPILOG = """\
examples:
  resolve train.py --epochs 1         repair train.py; everything after it is the script's own
  resolve --dry-run -m pkg.train      show the verified fix of a module, write nothing
  resolve --json train.py             one JSON object on stdout (for agents and CI)
  resolve                             the scripts listed under [tool.resolve] in pyproject.toml
  resolve --branch resolve/nightly --commit --push
                                      the nightly bot: fixes go to a branch, never your checkout
  resolve --undo                      put back the files of the last repair
  resolve --lang zh train.py          the report in Chinese

commands (resolve help COMMAND, or COMMAND --help, for their options):
  demo             repair a bundled broken script in a temporary folder
  doctor           check the environment: torch, CUDA, driver, GPUs, packages, memory limit
  install-agent    write the Claude Code subagent (.claude/agents/)
  init-ci          write the nightly GitHub Actions workflow (.github/workflows/)
  help [COMMAND]   this help, or a command's

exit codes:
  0    fixed, or nothing to fix
  1    not fixed (nothing written), or the fix could not be committed or pushed
  2    bad usage or bad input: one line on stderr, nothing run or written; or a guarded run
       that changed your files anyway (they are named)
  130  interrupted: nothing written

environment:
  ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN   credentials for the Claude fallback
  ANTHROPIC_BASE_URL    an API gateway for the Claude fallback
  RESOLVE_MODEL         the default for --model
  RESOLVE_LANG          the default for --lang; else a zh_* LC_ALL, LC_MESSAGES or LANG means zh
  RESOLVE_SANDBOX       "guard" forces the fallback sandbox where the overlay would be used
  XDG_CACHE_HOME        backups go to $XDG_CACHE_HOME/resolver/backups (default ~/.cache)
  NO_COLOR              plain text even on a terminal
"""


def _parser() -> UsageParser:
    parser = UsageParser(
        prog="resolve",
        usage="\n  resolve [OPTIONS] SCRIPT [ARGS...]\n  resolve [OPTIONS] -m MODULE [ARGS...]\n"
              "  resolve [OPTIONS]            (the scripts under [tool.resolve] in pyproject.toml)\n"
              "  resolve demo | doctor | install-agent | init-ci | help [COMMAND]",
        description="Run a crashing PyTorch training script, fix the error with a minimal verified "
                    "source edit, and report.",
        epilog=HELP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--max-attempts", type=_positive, default=3, metavar="N",
                        help="failed fixes allowed on one error before giving up (default 3)")
    parser.add_argument("--max-runs", type=_positive, default=20, metavar="N",
                        help="cap on script runs in one resolve (default 20)")
    parser.add_argument("--batch-size", type=_positive, default=2, metavar="N",
                        help="smoke-mode batch size for every DataLoader (default 2)")
    parser.add_argument("--batches", type=_positive, default=3, metavar="K",
                        help="smoke mode keeps the first K batches and the last of each pass (default 3)")
    parser.add_argument("--full", action="store_true", help="run the script at full scale, no smoke mode")
    parser.add_argument("--no-health", action="store_true",
                        help="skip the training-health checks (a run that exits 0 passes)")
    parser.add_argument("--memory-limit", metavar="SIZE",
                        help="hold every run to this much memory (2500M, 3G; default: $RESOLVE_MEMORY_LIMIT)")
    parser.add_argument("--memory-limit-kind", choices=("as", "cgroup"), default=None,
                        help="as: RLIMIT_AS, an allocation past it fails (default); cgroup: the kernel's OOM "
                             "killer ends the run, as in a container (needs a writable memory cgroup)")
    parser.add_argument("--timeout", type=float, default=300.0, metavar="SECONDS",
                        help="per run; the script's whole process group is killed (default 300)")
    parser.add_argument("--no-llm", action="store_true", help="rules only; never call an LLM")
    parser.add_argument("--no-rules", action="store_true", help="skip the rule catalogue: every fix comes from Claude")
    parser.add_argument("--model", default=os.environ.get("RESOLVE_MODEL") or DEFAULT_MODEL,
                        help=f"Claude model for the fallback (default: $RESOLVE_MODEL or {DEFAULT_MODEL})")
    parser.add_argument("--llm-timeout", type=float, default=120.0, metavar="SECONDS",
                        help="per request to the Anthropic API (default 120)")
    parser.add_argument("--max-llm-calls", type=_positive, default=8, metavar="N",
                        help="LLM requests allowed in one resolve (default 8)")
    parser.add_argument("--max-llm-tokens", type=_positive, default=100_000, metavar="N",
                        help="input tokens the LLM requests of one resolve may carry (default 100000)")
    parser.add_argument("--deadline", type=_positive, default=DEFAULT_DEADLINE, metavar="SECONDS",
                        help=f"wall-clock budget for the whole resolve, runs and requests included "
                             f"(default {DEFAULT_DEADLINE})")
    parser.add_argument("--dry-run", action="store_true", help="verify and show the diff, write nothing")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="let the script's runs write to your project (checkpoints, logs) as a plain run would")
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--python", default=sys.executable, metavar="PATH",
                        help="interpreter that runs the script (default: the one running resolve)")
    parser.add_argument("--lang", choices=report.LANGUAGES, default=None,
                        help="language of the report (default: $RESOLVE_LANG, else from the locale; JSON keys "
                             "stay English)")
    talk = parser.add_mutually_exclusive_group()
    talk.add_argument("-q", "--quiet", dest="verbosity", action="store_const", const=0, default=1,
                      help="no progress lines on stderr, only the report")
    talk.add_argument("-v", "--verbose", dest="verbosity", action="store_const", const=2,
                      help="also stream the script's own output as it runs, and say how runs are started")
    bot = parser.add_argument_group("nightly bot (git)")
    bot.add_argument("--branch", metavar="NAME", help="put the fixes on branch NAME (from HEAD), not in your checkout")
    bot.add_argument("--commit", action="store_true", help="with --branch: commit each fixed error to it")
    bot.add_argument("--push", action="store_true", help="with --branch --commit: push the branch")
    bot.add_argument("--remote", default="origin", metavar="NAME", help="remote for --push (default origin)")
    bot.add_argument("--report-md", type=Path, metavar="FILE", help="also write the report as Markdown")
    parser.add_argument("--undo", action="store_true",
                        help="put back the files of the last repair in this project (the current directory)")
    parser.add_argument("--version", action="version", version=f"resolve {__version__}")
    return parser


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise ValueError(value)
    return number


def split_command_line(argv: list[str], parser: argparse.ArgumentParser) -> tuple[list[str], list[str]]:
    """(resolve's options, the target: SCRIPT ARGS or -m MODULE ARGS)."""
    takes_value = {s for a in parser._actions for s in a.option_strings if a.nargs != 0}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            return argv[:i], argv[i + 1:]
        if arg == "-m" or not arg.startswith("-") or arg == "-":
            return argv[:i], argv[i:]
        i += 2 if arg in takes_value else 1
    return argv, []


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        return _main(argv)
    except UsageError as error:
        print(f"resolve: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("resolve: interrupted; no file was changed", file=sys.stderr)
        return EXIT_INTERRUPTED
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else EXIT_OK


def _main(argv: list[str]) -> int:
    parser = _parser()
    option_args, command = split_command_line(argv, parser)
    options = parser.parse_args(option_args)
    if options.undo:
        return _undo(command)
    if command and command[0] in SUBCOMMANDS and not Path(command[0]).exists():
        if command[0] == "doctor":  # resolve's own --python, --json and --lang reach it too
            command = [*command[:1], *(["--python", options.python] if options.python != sys.executable else []),
                       *(["--json"] * options.json), *(["--lang", options.lang] if options.lang else []), *command[1:]]
        return SUBCOMMANDS[command[0]](command[1:])
    if options.push and not options.commit or options.commit and not options.branch:
        raise UsageError("--push needs --commit, and --commit needs --branch NAME")
    lang = report.language(options.lang)
    commands = [command] if command else configured_scripts(Path.cwd())
    if not commands:
        raise UsageError("no script given (usage: resolve [OPTIONS] SCRIPT [ARGS...], "
                         "or list scripts under [tool.resolve] in pyproject.toml); see resolve --help")
    log = _progress if options.verbosity else (lambda message: None)
    reports = _resolve_all(commands, options, log)
    if options.json:
        print(json.dumps(report.as_json(reports), indent=2, ensure_ascii=False))
    else:
        _print_report(reports, lang, show_diff=bool(options.verbosity))
    if options.report_md:
        _write_text(options.report_md, report.markdown(reports, lang))
    return max(EXIT_FAILED if r.failed else EXIT_OK for r in reports)


def _resolve_all(commands: list[list[str]], options, log) -> list[report.Report]:
    """Repair every script in turn. With one script, bad input is a usage error; with several
    (from pyproject.toml), it is that script's FAILED result and the others still run. With
    --branch, every fix goes onto the one branch, in order, and it is pushed once at the end."""
    targets: list = []
    for command in commands:
        try:
            _recover(project_of(command), log)
            targets.append(make_target(command, options.python))
        except UsageError as error:
            if len(commands) == 1:
                raise
            targets.append(report.Report(shlex.join(command), Path.cwd(), problem=str(error)))
    bot = _bot(project_of(commands[0]), options.branch) if options.branch else None
    if bot is not None and options.commit:
        # before anything runs: a fix of a script with uncommitted changes could not be committed
        bot.refuse_dirty([t.script for t in targets if not isinstance(t, report.Report) and t.script])
    reports = []
    for target in targets:
        if isinstance(target, report.Report):
            log(f"skipping {target.command}: {target.problem}")
            reports.append(target)
            continue
        if len(targets) > 1:
            log(f"resolving {target.describe()}")
        try:
            reports.append(_resolve_one(target, options, log, bot))
        except UsageError as error:  # one script of several: its result, and the others still run
            if len(targets) == 1:
                raise
            reports.append(report.Report(target.describe(), target.cwd, problem=str(error)))
    if bot is not None and options.push:
        reports = _push(bot, reports, options.remote)
    return reports


def _recover(project: Path, log) -> None:
    """Before the script is checked: what a dying resolve half-wrote may not even parse."""
    with backups.project_lock(project):
        for path in backups.recover(project):
            log(f"restored {path} from its backup: an earlier resolve died while writing it")


def _resolve_one(target, options, log, bot) -> report.Report:
    from resolver.loop import Options, resolve
    from resolver.run.live import Display
    from resolver.run.memory_limit import cgroup_root, from_environment
    from resolver.run.runner import Settings
    from resolver.run.sandbox import requested_mode

    memory_limit, memory_limit_kind = from_environment(options.memory_limit, options.memory_limit_kind)
    if memory_limit and memory_limit_kind == "cgroup" and cgroup_root() is None:
        raise UsageError("--memory-limit-kind cgroup: no writable memory cgroup here (it needs root and the "
                         "memory controller); the default kind, RLIMIT_AS, works everywhere")
    settings = Settings(options.batch_size, options.batches, options.full, options.timeout,
                        sandbox=requested_mode(options.no_sandbox), health=not options.no_health,
                        memory_limit=memory_limit, memory_limit_kind=memory_limit_kind)
    if options.no_sandbox:
        _progress("warning: --no-sandbox: every run of the script may overwrite your checkpoints, "
                  "logs and outputs with those of a smoke run")
    llm, llm_note = _llm(options)
    if "--no-llm" in target.args and llm is not None:  # given to the script, but the user's wish is plain
        llm, llm_note = None, "LLM fallback off (--no-llm was given after the script: it went to the script)"
    loop_options = Options(options.max_attempts, options.max_runs, options.dry_run, bool(options.branch),
                           llm, llm_note, verbosity=options.verbosity, deadline=options.deadline,
                           use_rules=not options.no_rules)
    with backups.project_lock(target.project):
        display = Display(options.verbosity)
        outcome = resolve(target, settings, loop_options, display.log, base=bot.texts if bot else None,
                          display=display)
    if outcome.script_usage:
        _refuse_misplaced_options(target, outcome.script_usage)
    outcome = replace(outcome, notes=(*input_notes(target), *outcome.notes, *_environment(target, outcome)))
    result = report.Report(target.describe(), target.cwd, outcome)
    if bot is None or outcome.status != Status.SUCCESS or not outcome.fixes:
        return result
    if not options.commit:
        return replace(result, uncommitted_branch=options.branch)
    try:
        bot.refuse_dirty(list(outcome.changed))
    except UsageError as error:
        return replace(result, problem=str(error))
    return replace(result, committed=bot.commit(report.commit_steps(result)))


def _environment(target, outcome) -> tuple[str, ...]:
    """A FAILED error that may come from the machine, not the code, gets the doctor's summary."""
    from resolver.diagnose.categories import ENVIRONMENT_CATEGORIES

    error = outcome.last_error
    if outcome.status != Status.FAILED or error is None or not (
            error.category in ENVIRONMENT_CATEGORIES or error.category.startswith("hardware.")):
        return ()
    from resolver.doctor import environment_note

    note = environment_note(target.python)
    return (note,) if note else ()


def _refuse_misplaced_options(target, complaint: str) -> None:
    """`resolve train.py --no-llm`: the script was handed resolve's option and rejected it."""
    from resolver.diagnose.usage import misplaced

    takes_value = {s: a.nargs != 0 for a in _parser()._actions for s in a.option_strings}
    ours = misplaced(target.args, complaint, takes_value)
    if ours:
        rest = [a for i, a in enumerate(target.args) if i not in _positions(target.args, ours)]
        raise UsageError("resolve's options go before the script: "
                         + shlex.join(["resolve", *ours, *target.command()[:-len(target.args) or None], *rest]))


def _positions(arguments: tuple[str, ...], taken: list[str]) -> set[int]:
    """The indexes of `taken`, a run-by-run selection of `arguments` in order."""
    found, start = set(), 0
    for item in taken:
        index = arguments.index(item, start)
        found.add(index)
        start = index + 1
    return found


def _push(bot, reports: list[report.Report], remote: str) -> list[report.Report]:
    """Push the branch once, after every script's fixes are on it."""
    from resolver.write.branch import PushFailed

    if not any(r.committed for r in reports):
        return reports
    try:
        already_there = bot.push(remote)
    except PushFailed as failure:
        return [replace(r, problem=str(failure)) if r.committed else r for r in reports]
    return [replace(r, committed=replace(r.committed, pushed_to=remote, already_there=already_there))
            if r.committed else r for r in reports]


def _bot(project: Path, branch: str):
    from resolver.write.branch import Bot

    return Bot(project, branch)


def configured_scripts(folder: Path) -> list[list[str]]:
    """[tool.resolve] scripts = ["train.py --epochs 1", "-m pkg.finetune"] in pyproject.toml."""
    path = folder / "pyproject.toml"
    if not path.exists():
        return []
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib
    try:
        config = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from None
    scripts = config.get("tool", {}).get("resolve", {}).get("scripts", [])
    if not isinstance(scripts, list) or not all(isinstance(s, str) and s.strip() for s in scripts):
        raise UsageError(f"{path}: [tool.resolve] scripts must be a list of command lines")
    return [shlex.split(s) for s in scripts]


def _write_text(path: Path, text: str) -> None:
    from resolver.write.files import atomic_write

    try:
        atomic_write(path.resolve(), text.encode("utf-8"), 0o100644)
    except OSError as exc:
        raise UsageError(f"cannot write {path}: {exc.strerror}") from None


def _llm(options):
    """(the Claude fallback or None, and why it is not used)."""
    from resolver.llm.client import (
        HOW_TO_ENABLE,
        Claude,
        Limits,
        credentials_configured,
    )

    if options.no_llm:
        return None, "LLM fallback off (--no-llm)"
    if not credentials_configured():
        return None, f"an LLM fix was not tried: {HOW_TO_ENABLE}"
    return Claude(options.model, options.llm_timeout, Limits(options.max_llm_calls, options.max_llm_tokens)), ""


def _undo(command: list[str]) -> int:
    project = project_of(command)
    restored, problems = backups.undo(project)
    for path in restored:
        print(f"restored {path}")
    for problem in problems:
        print(f"resolve: not restored: {problem}", file=sys.stderr)
    return EXIT_FAILED if problems else EXIT_OK


def _demo(args: list[str]) -> int:
    from resolver.demo import demo

    return demo(args, main)


def _doctor(args: list[str]) -> int:
    from resolver.doctor import doctor

    return doctor(args)


def _install_agent(args: list[str]) -> int:
    from resolver.integrations import install_agent

    return install_agent(args)


def _init_ci(args: list[str]) -> int:
    from resolver.integrations import init_ci

    return init_ci(args)


def _help(args: list[str]) -> int:
    """`resolve help` is `resolve --help`; `resolve help COMMAND` is `resolve COMMAND --help`."""
    if len(args) > 1:
        raise UsageError("help takes one command name at most")
    if not args:
        _parser().print_help()
        return EXIT_OK
    if args[0] not in SUBCOMMANDS:
        close = difflib.get_close_matches(args[0], SUBCOMMANDS, n=1)
        raise UsageError(f"no command {args[0]!r}" + (f"; did you mean {close[0]!r}?" if close else
                         f" (commands: {', '.join(SUBCOMMANDS)})"))
    return SUBCOMMANDS[args[0]](["--help"])


# a file of one of these names in the current directory is a script, not a subcommand
SUBCOMMANDS = {"demo": _demo, "doctor": _doctor, "install-agent": _install_agent, "init-ci": _init_ci, "help": _help}


def _progress(message: str) -> None:
    print(f"resolve: {message}", file=sys.stderr, flush=True)


def _print_report(reports: list, lang: str, show_diff: bool) -> None:
    if not sys.stdout.isatty():
        sys.stdout.write(report.text(reports, lang, show_diff))
        return
    from rich.console import Console

    report.rich(reports, lang, Console(highlight=False), show_diff)
