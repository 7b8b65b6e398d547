"""The category ids: a pattern over "ErrorType: message" for each, the stop conditions where a
source edit is the wrong answer, and the advice given when no edit helped."""

from __future__ import annotations

import re

# (category id, pattern over "ErrorType: message"). The first match wins; ids are stable.
CATEGORIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (category, re.compile(pattern, re.IGNORECASE | re.DOTALL))
    for category, pattern in (
        ("shape.linear_in_features", r"^RuntimeError: .*(mat1 and mat2 shapes cannot be multiplied"
                                     r"|size mismatch, m1: \[\d+ x \d+\], m2: \[\d+ x \d+\])"),
        ("shape.conv_in_channels", r"^RuntimeError: .*expected input\[.*\] to have \d+ channels, but got \d+ channels"),
        ("shape.rnn_input_size", r"input\.size\(-1\) must be equal to input_size"),
        ("shape.rnn_state_batch", r"Expected hidden(\[\d\])? size \(\d+, \d+, \d+\), got \[\d+, \d+, \d+\]"),
        ("shape.layer_norm", r"Given normalized_shape=\[.*\], expected input with shape"),
        ("shape.norm_features", r"running_(mean|var) should contain \d+ elements not \d+"
                                r"|expected input's size at dim=\d+ to match num_features"
                                r"|Expected number of channels in input to be divisible by num_groups"
                                r"|Expected weight to be a vector of size equal to the number of channels in input"),
        ("shape.attention_embed_dim", r"was expecting embedding dimension of \d+, but got \d+"),
        ("device.mismatch", r"Expected all tensors to be on the same device|Input type \(.*cuda.*\) and weight type"
                            r"|should be the same.*(cuda|cpu)"),
        ("numpy.cuda_tensor", r"can't convert cuda:?\d* device type tensor to numpy"),
        ("numpy.object_array", r"can't convert np\.ndarray of type numpy\.object_"),
        ("numpy.requires_grad", r"Can't call numpy\(\) on Tensor that requires grad"),
        ("autograd.inplace_modified", r"modified by an inplace operation"),
        ("autograd.leaf_inplace", r"a leaf Variable that requires grad is being used in an in-place operation"),
        ("autograd.no_grad_fn", r"element 0 of tensors does not require grad"),
        ("autograd.backward_twice", r"Trying to backward through the graph a second time"),
        ("dtype.index_expected", r"expected target dtype to be Long|expected scalar type Long but found"
                                 r"|Expected object of scalar type Long|one_hot is only applicable to index tensor"
                                 r"|Expected tensor for argument #1 'indices' to have (one of the following )?scalar type"
                                 r"|tensors used as indices must be long|Expected dtype int(32|64).{0,12} for index"),
        ("dtype.float_target", r"result type Float can't be cast to the desired output type (Long|Int|Short|Byte|Bool)"
                               r"|Found dtype (Long|Int|Short|Byte|Bool) but expected Float"
                               r"|Expected floating point type for target with class probabilities"),
        ("dtype.mismatch", r"mat1 and mat2 must have the same dtype|expected scalar type (Float|Double) but found"
                           r"|Input type \((double|float|unsigned char|long int|int|c10::Half|half|c10::BFloat16)\) and "
                           r"(bias|weight) type \((double|float|c10::Half|half)\)|RNN input dtype .* does not match weight dtype"
                           r"|expected m1 and m2 to have the same dtype|must have the same dtype|mixed dtype \(CPU\)"),
        ("index.embedding", r"^IndexError: index out of range in self"),
        ("shape.batch_size", r"Expected input batch_size \(\d+\) to match target batch_size"),
        ("shape.view_contiguous", r"view size is not compatible with input tensor's size and stride"),
        ("shape.view_invalid", r"^RuntimeError: shape '\[.*\]' is invalid for input of size \d+"),
        ("data.ragged_batch", r"stack expects each tensor to be equal size"),
        ("module.missing_super_init", r"cannot assign (module|parameters?) before Module.__init__\(\) call"
                                      r"|object has no attribute '_(modules|parameters|buffers)'"),
        # the nn.Module protocol (rules/module_protocol.py)
        ("module.forward_missing", r'is missing the required "forward" function'),
        ("module.init_arguments", r"\w\.__init__\(\) takes 1 positional argument but \d+ were given"
                                  r"|\w\.__init__\(\) got an unexpected keyword argument"),
        ("module.extra_inputs", r"forward\(\) takes \d+ positional arguments? but \d+ were given"),
        ("module.no_parameters", r"optimizer got an empty parameter list"),
        ("module.tuple_output", r"^AttributeError: 'tuple' object has no attribute"
                                r"|(must be Tensor|expected Tensor as element \d+ in argument \d+), (not|but got) tuple"
                                r"|^TypeError: tuple indices must be integers or slices, not (tuple|Tensor)"),
        ("module.forward_returns_none", r"must be Tensor, not NoneType|^AttributeError: 'NoneType' object has no attribute '\w+'$"
                                        r"|unsupported operand type\(s\) for .*'NoneType'|'NoneType' object is not subscriptable"
                                        r"|cannot unpack non-iterable NoneType object"),
        # (before module.unset_attribute, which would take `'list' object has no attribute`)
        ("data.list_sample", r"^AttributeError: 'list' object has no attribute '(size|shape|dim|view|reshape|float|double|long|"
                             r"to|unsqueeze|squeeze|permute|transpose|flatten|cuda|numel|contiguous|mean|sum|type|dtype|device|unbind|chunk|"
                             r"detach|clone|half|bool|int|max|min|norm|ndim|T)'$"
                             r"|must be Tensor, not list|expected Tensor as element \d+ in argument \d+, but got list"
                             r"|received an invalid combination of arguments - got \(list,"),
        ("module.unset_attribute", r"^AttributeError: '[A-Z]\w*' object has no attribute '\w+'$"),
        # the data pipeline (rules/data_pipeline.py)
        ("data.unsorted_lengths", r"`lengths` array must be sorted in decreasing order"),
        ("data.unpicklable_worker_fn", r"Can't (pickle|get) local object"),
        ("data.none_sample", r"object of type 'NoneType' has no len\(\)"
                             r"|batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>"),
        ("data.loop_unpack", r"^ValueError: (too many|not enough) values to unpack \(expected \d+(, got \d+)?\)$"),
        ("data.index_past_end", r"^IndexError: (index -?\d+ is out of bounds for (dimension|axis) \d+ with size \d+"
                                r"|(list|tuple) index out of range)"),
        # checkpoints and devices (rules/checkpoint_device.py)
        ("device.no_cuda", r"Torch not compiled with CUDA enabled|Found no NVIDIA driver on your system"
                           r"|No CUDA GPUs are available"),
        ("checkpoint.cuda_storage", r"Attempting to deserialize object on a CUDA device"),
        ("checkpoint.optimizer_groups", r"loaded state dict has a different number of parameter groups"
                                        r"|loaded state dict contains a parameter group that doesn't match the size"),
        ("checkpoint.weights_only", r"Weights only load failed|Unsupported global: GLOBAL"),
        ("checkpoint.key_prefix", r"Missing key\(s\) in state_dict: .*Unexpected key\(s\) in state_dict: (\"[^\"]*\", )*\"(module|_orig_mod)\."),
        ("checkpoint.size_mismatch", r"size mismatch for [\w.]+: copying a param with shape"),
        ("checkpoint.missing_keys", r"Error\(s\) in loading state_dict for \w+:\s+Missing key\(s\) in state_dict"),
        ("scheduler.plateau_metric", r"step\(\) missing 1 required positional argument: 'metrics'"),
        ("batchnorm.single_sample", r"Expected more than 1 value per channel when training"),
        ("shape.broadcast", r"The size of tensor a \(\d+\) must match the size of tensor b \(\d+\)"
                            r"|Target size \(torch.Size\(.*\)\) must be the same as input size"
                            r"|Using a target size \(torch.Size\(.*\)\) that is different to the input size"),
        ("loss.multi_target", r"0D or 1D target tensor expected, multi-target not supported"),
        ("loss.target_out_of_bounds", r"Target -?\d+ is out of bounds|Assertion `t >= 0 && t < n_classes` failed"
                                      r"|Assertion `cur_target >= 0 && cur_target < n_classes` failed"),
        ("loss.target_size", r"Expected target size \[[\d, ]+\], got \[[\d, ]+\]"),
        ("autograd.nonscalar_backward", r"grad can be implicitly created only for scalar outputs"),
        ("tensor.ambiguous_truth", r"Boolean value of Tensor with more than one (value|element) is ambiguous"),
        ("type.tensor_not_callable", r"^TypeError: 'Tensor' object is not callable"),
        ("memory.cuda_oom", r"CUDA out of memory|^OutOfMemoryError"),
        ("hardware.cudnn", r"CUDNN_STATUS_|cuDNN error"),
        ("hardware.driver", r"driver version is insufficient|NVIDIA driver on your system is too old"
                            r"|no kernel image is available|CUDA driver initialization failed|CUDA error: unknown error"),
        ("syntax.error", r"^(SyntaxError|IndentationError|TabError): "),
        # training health: a run that exits 0 but does not train (diagnose/health.py)
        ("health.non_finite_loss", r"^NonFiniteLoss: "),
        ("health.non_finite_gradient", r"^NonFiniteGradient: "),
        ("health.stale_optimizer", r"^StaleOptimizer: "),
        ("health.unregistered_module", r"^UnregisteredLayers: "),
        ("health.zero_grad_before_step", r"^GradientsClearedBeforeStep: "),
        ("health.no_gradient", r"^NoGradient: "),
        ("health.grads_accumulate", r"^GradientsAccumulate: "),
        ("health.eval_mode_training", r"^EvalModeTraining: "),
        ("health.no_update", r"^NoUpdate: "),
        ("import.missing_module", r"^(ModuleNotFoundError|ImportError): "),
    )
)

# Categories where a source edit is the wrong answer: the seed's stop conditions.
STOP_REASONS = {
    "hardware.cudnn": "a cuDNN internal error is a driver/library fault, not a code bug: check that torch's "
                      "CUDA/cuDNN build matches the driver (update the driver); to confirm, rerun with "
                      "torch.backends.cudnn.enabled = False",
    "hardware.driver": "the CUDA driver and this torch build do not match: update the NVIDIA driver or install "
                       "a torch build for the installed CUDA version",
}
# When no rule's edit helped: what the seed says to do instead of editing code.
EXHAUSTED_ADVICE = {
    "data.none_sample": "a Dataset's __getitem__ returned None for some index, and the default collate cannot batch "
                        "it: keep only the usable rows in the Dataset's __init__, raise with the row's name instead "
                        "of returning None, or (changing batch sizes) give the DataLoader a collate_fn that drops "
                        "None samples; which one is a decision about the data",
    "device.no_cuda": "the code asks for CUDA on a machine without it, and no hard-coded device was found in its "
                      "Python: if a config file (YAML/JSON) names the device, set it to cpu (or the value that "
                      "picks CUDA only when torch.cuda.is_available())",
    "checkpoint.cuda_storage": "torch.load maps a checkpoint's tensors to CUDA on a machine without it, and no "
                               "map_location set for this load alone was found: pass map_location=\"cpu\" to torch.load (load_state_dict "
                               "then copies each tensor to its parameter's device); a device setting that also moves "
                               "the model is better left to pick CUDA only when torch.cuda.is_available()",
    "checkpoint.optimizer_groups": "an optimizer state saved with another set of parameter groups is loaded into "
                                   "this optimizer: start the optimizer fresh (do not load its state), or build it "
                                   "with the parameter groups it was saved with; which one is a decision about the "
                                   "training, so no edit is made",
    "health.non_finite_loss": "no formula in the code was found to make the loss non-finite (a log, sqrt or division "
                              "reaching 0): the candidates left are NaN/inf in the data (a first non-finite value "
                              "\"from the data\" says so: check the samples with torch.isfinite) and a learning rate "
                              "that diverges (losses that grow before it: lower it, or clip the gradients with "
                              "torch.nn.utils.clip_grad_norm_); both are decisions about the data and the training, "
                              "so no edit is made",
    "health.non_finite_gradient": "the loss is finite but a gradient is not: a sqrt, pow or division at 0 in the "
                                  "forward (its gradient is infinite there; add an eps), or gradients that explode "
                                  "(clip them with torch.nn.utils.clip_grad_norm_)",
    "health.no_gradient": "no edit found the cut between the loss and the parameters: look for .detach(), .data, "
                          ".item(), a numpy round trip or a torch.no_grad block on the way from the model to the "
                          "loss, and for layers kept in plain lists or dicts",
    "health.no_update": "the optimizer steps with gradients and lr > 0 but the parameters do not move: check that "
                        "it holds the model's own parameters and that nothing restores them after each step",
    "health.unregistered_module": "layers the forward runs are kept where nn.Module does not look (a plain list "
                                  "or dict): hold them in nn.ModuleList / nn.ModuleDict, so that model.parameters() "
                                  "and the optimizer see them",
    "health.eval_mode_training": "the model trains in eval mode after model.eval(): call model.train() where "
                                 "each training epoch starts",
    "health.grads_accumulate": "gradients are added up across steps: call optimizer.zero_grad() before each "
                               "backward (or every k steps, for accumulation by design)",
    "memory.cuda_oom": "the GPU runs out of memory and the code holds no leak resolve can fix: use a smaller "
                       "batch size, gradient checkpointing or mixed precision (torch.autocast), or a smaller model",
}
