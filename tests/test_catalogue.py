"""The error catalogue holds its families: every real message classifies to its family, every wording has a
real message, the rules and the catalogue agree, and docs/error-catalogue.md is what the data renders."""

import re
from pathlib import Path

import pytest

from resolver.diagnose.catalogue import (
    FAMILIES,
    FLAGS,
    MATCH_ORDER,
    advice,
    family,
    ranking,
)
from resolver.diagnose.catalogue.render import TOP, markdown
from resolver.diagnose.categories import CATEGORIES, EXHAUSTED_ADVICE, STOP_REASONS
from resolver.diagnose.diagnosis import Diagnosis

DOC = Path(__file__).parent.parent / "docs" / "error-catalogue.md"

# The ids of the table before the catalogue, in its match order: they stay, in this order.
BEFORE = (
    "shape.linear_in_features", "shape.conv_in_channels", "shape.rnn_input_size", "shape.rnn_state_batch",
    "shape.layer_norm", "shape.norm_features", "shape.attention_embed_dim", "device.mismatch", "numpy.cuda_tensor",
    "numpy.object_array", "numpy.requires_grad", "autograd.inplace_modified", "autograd.leaf_inplace",
    "autograd.no_grad_fn", "autograd.backward_twice", "dtype.index_expected", "dtype.float_target", "dtype.mismatch",
    "index.embedding", "shape.batch_size", "shape.view_contiguous", "shape.view_invalid", "data.ragged_batch",
    "module.missing_super_init", "module.forward_missing", "module.init_arguments", "module.extra_inputs",
    "module.no_parameters", "module.tuple_output", "module.forward_returns_none", "data.list_sample",
    "module.unset_attribute", "data.unsorted_lengths", "data.unpicklable_worker_fn", "data.none_sample",
    "data.loop_unpack", "data.index_past_end", "device.no_cuda", "checkpoint.cuda_storage",
    "checkpoint.optimizer_groups", "checkpoint.weights_only", "checkpoint.key_prefix", "checkpoint.size_mismatch",
    "checkpoint.missing_keys", "scheduler.plateau_metric", "batchnorm.single_sample", "shape.broadcast",
    "loss.multi_target", "loss.target_out_of_bounds", "loss.target_size", "autograd.nonscalar_backward",
    "tensor.ambiguous_truth", "type.tensor_not_callable", "memory.cuda_oom", "hardware.cudnn", "hardware.driver",
    "syntax.error", "import.missing_module",
)
# Wordings kept from the table before the catalogue for which no real message was found.
WITHOUT_MESSAGE = {("device.mismatch", r"should be the same.*(cuda|cpu)")}

EXAMPLES = [(f.category, example) for f in FAMILIES for example in f.examples]


def classify(text: str) -> str:
    error_type, _, message = text.partition(": ")
    return Diagnosis(error_type, message).category


@pytest.mark.parametrize("category, message", EXAMPLES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(EXAMPLES)])
def test_every_real_message_classifies_to_its_family(category, message):
    assert classify(message) == category


def test_the_top_families_are_never_unknown():
    top = ranking()[:TOP]
    assert len(top) == TOP
    assert all(classify(example) != "unknown" for f in top for example in f.examples)


@pytest.mark.parametrize("family_", FAMILIES, ids=lambda f: f.category)
def test_every_wording_has_a_real_message_and_advice_in_both_languages(family_):
    for pattern in family_.patterns:
        re.compile(pattern, FLAGS)
        if (family_.category, pattern) not in WITHOUT_MESSAGE:
            assert any(re.search(pattern, example, FLAGS) for example in family_.examples), pattern
    assert re.fullmatch(r"[a-z]+\.[a-z0-9_]+", family_.category)
    assert family_.en and family_.zh and re.search(r"[\u4e00-\u9fff]", family_.zh)
    assert advice(family_.category, "en") == family_.en and advice(family_.category, "zh") == family_.zh


def test_the_table_before_the_catalogue_keeps_its_ids_and_their_order():
    ids = [category for category, _ in CATEGORIES]
    assert [category for category in ids if category in BEFORE] == list(BEFORE)
    assert ids == list(MATCH_ORDER) and len(set(ids)) == len(ids)
    assert set(STOP_REASONS) == {"hardware.cudnn", "hardware.driver"}
    assert set(EXHAUSTED_ADVICE) == {"data.none_sample", "device.no_cuda", "checkpoint.cuda_storage",
                                     "checkpoint.optimizer_groups", "memory.cuda_oom",
                                     # out of memory on the CPU, killed, or forecast: the spec's advice at batch 1
                                     "memory.cpu_oom", "memory.killed", "memory.forecast_oom",
                                     # the training-health findings that stop with advice when no rule's edit helps
                                     "health.non_finite_loss", "health.non_finite_gradient", "health.no_gradient",
                                     "health.no_update", "health.eval_mode_training", "health.grads_accumulate",
                                     "health.zero_lr", "health.lr_held_at_zero", "health.frozen_optimizer",
                                     "health.schedule_per_batch",
                                     "health.unregistered_module", "health.unregistered_parameter",
                                     # a torchrun script run plainly: run it with torchrun (a spawning one is fixed)
                                     "dist.env_missing"}


def test_advice_for_a_category_outside_the_catalogue_is_none():
    assert advice("unknown") is None and family("unknown") is None
    assert advice("api.dot_rank", "zh") != advice("api.dot_rank", "en")


def test_counts_are_bounded_by_the_search_and_rank_the_families():
    counted = [f.count for f in FAMILIES if f.count]
    assert len(counted) >= 40 and all(0 < count.threads <= 12 and count.query for count in counted)
    threads = [f.threads for f in ranking()]
    assert threads == sorted(threads, reverse=True)


def test_the_doc_is_what_the_data_renders():
    assert DOC.read_text(encoding="utf-8") == markdown(), (
        "docs/error-catalogue.md drifted: run `python -m resolver.diagnose.catalogue > docs/error-catalogue.md`")
