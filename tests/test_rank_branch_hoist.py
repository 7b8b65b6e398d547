"""Where collective_in_rank_branch takes a helper call that reaches a collective out of a rank
branch when further `if`s stand between them (resolver/fix/rules/collective_in_rank_branch.py),
and where it must not: a condition the branch made, an `else`, a loop, an argument the branch touched."""

import textwrap
from pathlib import Path

from resolver.fix.rules._source import parsed
from resolver.fix.rules.collective_in_rank_branch import _hoisted, rank_branch

LOOP = '''def fit(model, loader, val_loader, epochs, rank, log=True):
    for epoch in range(epochs):
        loss = train_one_epoch(model, loader)
{branch}
'''


def _hoist(branch: str) -> str | None:
    text = LOOP.format(branch=textwrap.indent(textwrap.dedent(branch), " " * 8))
    source = parsed(Path("/project/loop.py"), text)
    line = next(n for n in range(1, text.count("\n") + 1) if "evaluate(" in text.splitlines()[n - 1])
    statement = source.statement_at(line)
    return _hoisted(source, rank_branch(source, statement), statement, "evaluate")


def test_the_call_leaves_the_rank_branch_under_its_own_conditions_and_every_statement_keeps_its_order():
    after = _hoist('''\
        if rank == 0:
            print(f"epoch {epoch}: loss {loss:.3f}")
            if epoch % 2 == 1:
                print("evaluating")
                acc = evaluate(model, val_loader)
                print(f"acc {acc:.3f}")
            print("done")
        ''')
    assert after is not None and textwrap.dedent('''\
        if rank == 0:
            print(f"epoch {epoch}: loss {loss:.3f}")
        if epoch % 2 == 1:
            if rank == 0:
                print("evaluating")
            acc = evaluate(model, val_loader)
            if rank == 0:
                print(f"acc {acc:.3f}")
        if rank == 0:
            print("done")
        ''') in textwrap.dedent(after.split("train_one_epoch(model, loader)\n")[1])


def test_the_rank_tests_other_conditions_stay_around_all_of_it():
    after = _hoist('''\
        if rank == 0 and log:
            if epoch % 2 == 1:
                print(f"acc {evaluate(model, val_loader):.3f}")
        ''')
    assert after is not None and textwrap.dedent('''\
        if log:
            if epoch % 2 == 1:
                model_reduced = evaluate(model, val_loader)
                if rank == 0:
                    print(f"acc {model_reduced:.3f}")
        ''') in textwrap.dedent(after.split("train_one_epoch(model, loader)\n")[1])


def test_a_condition_on_what_the_rank_branch_made_keeps_the_call_there():
    assert _hoist('''\
        if rank == 0:
            best = loss < 0.5
            if best:
                acc = evaluate(model, val_loader)
        ''') is None
    assert _hoist('''\
        if rank == 0:
            model.eval()
            if model.training is False:
                acc = evaluate(model, val_loader)
        ''') is None


def test_an_argument_the_rank_branch_touched_first_keeps_the_call_there():
    assert _hoist('''\
        if rank == 0:
            model.eval()
            if epoch % 2 == 1:
                acc = evaluate(model, val_loader)
        ''') is None


def test_an_else_or_a_loop_between_the_branch_and_the_call_keeps_the_call_there():
    assert _hoist('''\
        if rank == 0:
            if epoch % 2 == 1:
                acc = evaluate(model, val_loader)
            else:
                print("skipped")
        ''') is None
    assert _hoist('''\
        if rank == 0:
            for name in ("val",):
                acc = evaluate(model, val_loader)
        ''') is None
