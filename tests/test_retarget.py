"""Keeping a computed argument computed."""

import pytest

from resolver.fix.retarget import evaluate, rewrites


@pytest.mark.parametrize("code, scope, target, best", [
    ("32 * 5 * 5", {}, 1568, "32 * 7 * 7"),          # a spatial size wrong as a whole
    ("64 * 4 * 4", {}, 3136, "64 * 7 * 7"),          # ...preferred over 196 * 4 * 4
    ("32 * 7 * 7", {}, 3136, "64 * 7 * 7"),          # the channel count alone
    ("hidden", {"hidden": 256}, 128, "hidden // 2"),
    ("hidden_size", {"hidden_size": 64}, 128, "hidden_size * 2"),
    ("cfg.dim * 2", {"cfg.dim": 64}, 256, "cfg.dim * 4"),
    ('cfg["hidden"] // 4', {"cfg['hidden']": 64}, 64, 'cfg["hidden"]'),
    ("4 * d_model", {"d_model": 64}, 64, "d_model"),
    ("self.enc_dim", {"self.enc_dim": 96, "self.dec_dim": 48}, 48, "self.enc_dim // 2"),
    ("self.width", {"self.width": 10, "self.out_width": 7}, 7, "self.out_width"),
    ("256", {}, 512, "512"),
    ("d_model * max_len", {"d_model": 32, "max_len": 12}, 32, "d_model"),
])
def test_best_rewrite_keeps_the_authors_names(code, scope, target, best):
    found = rewrites(code, scope, target)
    assert found[0].code == best
    assert all(evaluate(r.code, scope) == target for r in found)
    assert found[-1].code == str(target), "the literal is always the last resort"


def test_literal_is_flagged_when_names_are_lost():
    found = rewrites("n_in + n_extra", {"n_in": 10, "n_extra": 3}, 17)
    assert [r.code for r in found] == ["17"]
    assert not found[0].kept_names


def test_unknown_names_are_not_evaluated():
    assert evaluate("hidden * 2", {}) is None
    assert evaluate("a / b", {"a": 7, "b": 2}) is None, "only exact division"
    assert evaluate("2 ** 400", {}) is None, "huge powers are refused, not computed"
