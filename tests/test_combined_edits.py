"""Several edits made from the same text, applied as one (resolver/write/edits.py `combined`)."""

from pathlib import Path

from resolver.write.edits import Change, Edit, combined

LINE = "z = net(torch.tensor(a).to(d), torch.tensor(b).to(d))\n"


def _edit(after: str) -> Edit:
    return Edit((Change(Path("run.py"), LINE, after),), 1, "why")


def test_two_spans_on_one_line_are_both_applied():
    first = _edit(LINE.replace("tensor(a)", "tensor(a).float()"))
    second = _edit(LINE.replace("tensor(b)", "tensor(b).float()"))
    together = combined([first, second], "both")
    assert together.changes[0].after == "z = net(torch.tensor(a).float().to(d), torch.tensor(b).float().to(d))\n"
    assert together.reason == "both"


def test_the_same_edit_twice_is_applied_once():
    edit = _edit(LINE.replace("tensor(a)", "tensor(a).float()"))
    assert combined([edit, edit], "once").changes[0].after == edit.changes[0].after


def test_edits_that_rewrite_the_same_span_differently_do_not_combine():
    assert combined([_edit(LINE.replace("(a)", "(a).float()")), _edit(LINE.replace("(a)", "(a).double()"))], "") is None
