"""Where the rules take gradients to be off: only a function's own no_grad decorator or a block that
turns them off; not `inference_mode(False)`, not a function defined inside a decorated one."""

from pathlib import Path

import libcst as cst
import pytest

from resolver.fix.rules._source import parsed

CODE = '''
import torch

@torch.no_grad()
def outer(net):
    first = net.weight.sum()
    def later(x):
        return net(x)
    return later

@torch.no_grad
def bare(net):
    second = net.weight.sum()

@torch.inference_mode(False)
def graded(net):
    third = net.weight.sum()

@torch.inference_mode(mode=False)
def graded_by_keyword(net):
    fourth = net.weight.sum()

def blocks(net):
    with torch.inference_mode(False):
        fifth = net.weight.sum()
    with torch.inference_mode():
        sixth = net.weight.sum()
'''


@pytest.fixture(scope="module")
def source():
    return parsed(Path("/nowhere/scope.py"), CODE)


def _assigned(source, name: str) -> cst.CSTNode:
    return next(a for a in source.nodes(cst.Assign) if source.code(a.targets[0].target) == name)


def _returned(source) -> cst.CSTNode:
    return source.nodes(cst.Return)[0]


@pytest.mark.parametrize("name, off", [("first", True), ("second", True), ("third", False), ("fourth", False)])
def test_a_function_is_under_no_grad_only_by_its_own_decorator_that_turns_gradients_off(source, name, off):
    assert source.in_no_grad_function(_assigned(source, name)) is off


def test_a_function_defined_inside_a_no_grad_function_is_not_under_it(source):
    assert source.in_no_grad_function(_returned(source)) is False  # `return net(x)` in later()


def test_an_inference_mode_false_block_leaves_gradients_on(source):
    assert source.in_no_grad(_assigned(source, "fifth")) is None
    assert source.in_no_grad(_assigned(source, "sixth")) is not None
