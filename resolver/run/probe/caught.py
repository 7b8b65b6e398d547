"""Which error a run ended with, when the script caught its own crash and exited or raised another.

Standard library only: probe.py loads this file by path inside the user's own interpreter."""

import dis


def _innermost(error):
    """The traceback entry the error was raised at."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb


def _by_raise_statement(tb):
    """Whether the entry's instruction is a `raise` the user wrote, not an op (reshape, cat, @) that
    failed in C while the user's frame was handling another error."""
    instructions = dis.get_instructions(tb.tb_frame.f_code)
    return any(i.offset == tb.tb_lasti and i.opname == "RAISE_VARARGS" for i in instructions)


def caught_error(error, is_user_file, depth=4):
    """The error the script's own code caught before it exited or raised another, or None.
    `except Exception as e: print(e); sys.exit(1)` and `raise RuntimeError("training failed") from e`
    hide the crash the rules need. Not the crash: a library's exit or error inside its own handler
    (argparse's usage error, click's, DataLoader's re-raise), an error met while handling another (a
    reshape failing in an `except StopIteration:` loader refill), an exit from a helper that an unrelated
    handler called, an optional import's ImportError. So an implicit context counts only when the new
    error or exit comes from the very frame that caught it, by a `raise` statement or sys.exit()."""
    tb = _innermost(error)
    if depth == 0 or tb is None or not is_user_file(tb.tb_frame.f_code.co_filename):
        return None
    earlier = error.__cause__
    if earlier is None and not error.__suppress_context__:
        context = error.__context__
        caught_here = context is not None and context.__traceback__ is not None \
            and context.__traceback__.tb_frame is tb.tb_frame
        exits = isinstance(error, SystemExit) or _by_raise_statement(tb)
        if caught_here and exits and not isinstance(context, ImportError):
            earlier = context
    if not isinstance(earlier, Exception) or earlier.__traceback__ is None:
        return None
    return caught_error(earlier, is_user_file, depth - 1) or earlier
