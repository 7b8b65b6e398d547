"""The error catalogue: PyTorch's runtime error messages as families, one table.

Each family (resolver/diagnose/catalogue/_family.py) has a category id, one regex per wording, real
messages, plain-words advice in English and Chinese, the facts the probe should gather, and how often
it appeared in a bounded search of real reports. The category table, the stop reasons and the exhausted
advice of diagnose/categories.py are read from here. docs/error-catalogue.md
is generated from it: `python -m resolver.diagnose.catalogue > docs/error-catalogue.md`."""

from __future__ import annotations

import re
from dataclasses import replace

from resolver.diagnose.catalogue import amp, health, model, numeric, pipeline, runtime, shape
from resolver.diagnose.catalogue._family import Count, Family
from resolver.diagnose.catalogue.context import CONTEXT

__all__ = ["FAMILIES", "MATCH_ORDER", "Count", "Family", "advice", "family", "ranking"]

# The order families are tried in: the first whose pattern matches "ErrorType: message" wins. The first
# block is the order of the table before the catalogue (its ids and what they match must not move); where
# a broad pattern would take a narrower family's message, the narrower family comes first.
MATCH_ORDER = (
    "shape.linear_in_features", "shape.conv_in_channels", "shape.rnn_input_size", "shape.rnn_state_batch",
    "shape.layer_norm", "shape.norm_features", "shape.attention_embed_dim",
    "device.mismatch", "numpy.cuda_tensor", "numpy.object_array", "numpy.requires_grad", "numpy.low_precision",
    "autograd.inplace_modified", "autograd.leaf_inplace", "autograd.no_grad_fn", "autograd.backward_twice",
    "dtype.index_expected", "dtype.float_target", "dtype.mismatch", "index.embedding",
    "shape.batch_size", "shape.view_contiguous", "shape.view_invalid", "data.ragged_batch",
    "module.missing_super_init", "module.forward_missing", "module.init_arguments", "module.extra_inputs",
    "module.no_parameters", "module.tuple_output", "module.forward_returns_none",
    "data.list_sample",  # before module.unset_attribute, which would take `'list' object has no attribute`
    "checkpoint.state_dict_as_model",  # likewise for `'dict' object has no attribute 'eval'`
    "dist.wrapper_attribute",  # before module.unset_attribute, which would take `object has no attribute 'module'`
    "module.unset_attribute",
    "data.unsorted_lengths", "data.unpicklable_worker_fn", "data.none_sample", "data.loop_unpack",
    "data.index_past_end",
    "device.no_cuda", "checkpoint.cuda_storage", "checkpoint.optimizer_groups", "checkpoint.weights_only",
    "checkpoint.key_prefix", "checkpoint.size_mismatch", "checkpoint.missing_keys",
    "scheduler.plateau_metric", "scheduler.not_an_optimizer", "batchnorm.single_sample", "shape.broadcast",
    "loss.multi_target", "loss.target_out_of_bounds", "loss.target_size",
    "autograd.nonscalar_backward", "tensor.ambiguous_truth", "type.tensor_not_callable",
    "memory.cuda_oom", "hardware.cudnn", "hardware.driver",
    # families the catalogue added; their wordings do not overlap the ones above
    "loss.bce_range",  # its CUDA wording carries "device-side assert triggered"
    "cuda.device_side_assert", "cuda.illegal_memory", "cuda.cublas", "cuda.reinit_forked",
    "memory.cpu_oom", "memory.killed", "memory.forecast_oom",
    "device.invalid_ordinal", "device.generator", "device.backend_missing",
    "checkpoint.device_index", "checkpoint.corrupt", "checkpoint.missing_class",
    "shape.cat_sizes", "shape.inplace_broadcast", "shape.conv_input_rank", "shape.input_too_small",
    "shape.expand", "shape.permute_dims", "shape.rnn_input_rank", "shape.norm_input_rank", "shape.bmm",
    "shape.dim_out_of_range",
    "shape.negative_dimension", "shape.reshape_empty", "api.dot_rank", "api.mm_rank", "api.einsum_operands",
    "index.too_many_indices", "index.mask_shape", "index.gather_dims",
    "dtype.reduction_integer", "dtype.kernel_not_implemented", "dtype.bool_subtract", "dtype.target_double",
    "amp.dtype_mismatch", "amp.unscale_fp16", "amp.bce_unsafe", "amp.half_overflow", "amp.write_dtype",
    "amp.low_precision_kernel", "amp.unscale_twice", "amp.unscale_after_step", "amp.step_without_scale",
    "amp.update_without_step", "amp.scaler_state_empty", "amp.device_type",
    "tensor.item_non_scalar", "tensor.zero_dim_index", "tensor.ragged_list", "tensor.infer_dtype",
    "tensor.string_data", "tensor.empty_list", "tensor.overlapping_write",
    "numpy.from_numpy_type", "numpy.negative_strides",
    "autograd.view_no_grad_inplace", "autograd.view_inplace", "autograd.int_requires_grad",
    "autograd.requires_grad_nonleaf", "autograd.grad_unused", "autograd.inference_tensor",
    "autograd.derivative_not_implemented", "autograd.anomaly_nan", "autograd.deterministic",
    "loss.spatial_target", "loss.input_dims", "loss.batch_mismatch", "module.missing_inputs", "optim.params_type",
    "type.not_tensor",
    "data.collate_unsupported", "data.transform_input", "data.loader_not_iterator", "data.sampler_shuffle",
    "data.empty_dataset", "data.corrupt_file", "data.spawn_main_guard", "data.worker_died", "data.unpicklable_dataset",
    "data.resize_storage", "data.pack_lengths_device",
    "compile.backend_failed", "compile.unsupported", "compile.python_version",
    "dist.not_initialized", "dist.unused_parameters", "dist.mark_ready_twice", "dist.port_in_use", "dist.nccl",
    "dist.hang", "dist.nccl_unavailable", "dist.device_ids_cpu", "dist.uneven_inputs", "dist.env_missing",
    "dist.syncbn_cpu",
    "io.file_exists", "io.file_not_found",
    # training health: a run that exits 0 but does not train; each finding's type is its own (diagnose/health.py)
    "health.non_finite_loss", "health.non_finite_gradient", "health.stale_optimizer", "health.zero_grad_before_step",
    "health.no_gradient", "health.unregistered_module",
    "health.unregistered_parameter", "health.grads_accumulate", "health.eval_mode_training",
    "health.zero_lr", "health.lr_held_at_zero", "health.frozen_optimizer", "health.no_update",
    "health.schedule_per_batch",
    "health.sampler_epoch",
    "api.keyword_argument",  # after module.init_arguments, which takes `__init__() got an unexpected keyword`
    "shape.assertion",  # last: an assert whose message names shapes, the project's own or a library's
    "syntax.error", "import.missing_module",
)

_BY_ID = {f.category: replace(f, context=CONTEXT.get(f.category, ()))
          for module in (shape, numeric, runtime, amp, pipeline, model, health) for f in module.FAMILIES}
if set(CONTEXT) - set(_BY_ID):
    raise ImportError(f"context for families the catalogue does not hold: {sorted(set(CONTEXT) - set(_BY_ID))}")
FAMILIES: tuple[Family, ...] = tuple(_BY_ID[category] for category in MATCH_ORDER)
if len(FAMILIES) != len(_BY_ID) or len(set(MATCH_ORDER)) != len(MATCH_ORDER):
    raise ImportError(f"MATCH_ORDER and the families disagree: {sorted(set(_BY_ID) ^ set(MATCH_ORDER))}")

FLAGS = re.IGNORECASE | re.DOTALL


def family(category: str) -> Family | None:
    return _BY_ID.get(category)


def advice(category: str, lang: str = "en") -> str | None:
    """What the category means and what usually fixes it, in plain words ("en" or "zh"); None for a
    category the catalogue does not hold (such as "unknown")."""
    found = _BY_ID.get(category)
    if found is None:
        return None
    return found.zh if lang == "zh" else found.en


def ranking() -> tuple[Family, ...]:
    """Families by how many real report threads the bounded search found, most first; ties (and
    families not counted) keep the match order."""
    position = {category: index for index, category in enumerate(MATCH_ORDER)}
    return tuple(sorted(FAMILIES, key=lambda f: (-f.threads, position[f.category])))
