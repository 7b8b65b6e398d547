"""Which error a run ended with, when the script caught its own crash and exited or raised another.

Standard library only: probe.py loads this file by path inside the user's own interpreter."""


def _raised_at(error):
    """The frame the error was raised in (its traceback's innermost)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame if tb is not None else None


def caught_error(error, is_user_file, depth=4):
    """The error the script's own code caught before it exited or raised another, or None.
    `except Exception as e: print(e); sys.exit(1)` and `raise RuntimeError("training failed") from e`
    hide the crash the rules need. A library's exit or error inside its own handler (argparse's usage
    error, click's, DataLoader's re-raise) is the library's verdict, and an error met while handling
    another (a forward raising in an `except StopIteration:` loader refill) is its own crash: only the
    error caught in the frame that raised the new one counts, or the one named by `from`."""
    raised_at = _raised_at(error)
    if depth == 0 or raised_at is None or not is_user_file(raised_at.f_code.co_filename):
        return None
    earlier = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    if not isinstance(earlier, Exception) or earlier.__traceback__ is None:
        return None
    caught_here = earlier.__traceback__.tb_frame is raised_at
    if not isinstance(error, SystemExit) and error.__cause__ is None and not caught_here:
        return None
    return caught_error(earlier, is_user_file, depth - 1) or earlier
