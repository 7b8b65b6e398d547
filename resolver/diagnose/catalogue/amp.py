"""Mixed precision (AMP): autocast's low-precision outputs meeting float32 tensors, ops without a
low-precision kernel, GradScaler calls out of order, the deprecated CUDA-only spellings."""

from resolver.diagnose.catalogue._family import counted as n
from resolver.diagnose.catalogue._family import family as f

FAMILIES = (
    f("amp.dtype_mismatch",
      (r"expected scalar type (Half|BFloat16) but found (Float|Double)",
       r"Found dtype (Float|Double) but expected (Half|BFloat16)"),
      ("RuntimeError: expected scalar type Half but found Float",
      "RuntimeError: Found dtype Float but expected BFloat16"),
      "Half-precision and float32 tensors meet in one operation: run it under torch.autocast, or convert "
      "the model and inputs to one dtype.",
      "半精度与 float32 张量在同一运算中相遇：在 torch.autocast 下运行，或把模型和输入转为同一类型。",
      ("the tensors' dtypes", "model.half() calls", "autocast regions"),
      n(1, "RuntimeError: expected scalar type Long but found Float", seen_in=True)),
    f("amp.unscale_fp16",
      r"Attempting to unscale FP16 gradients",
      "ValueError: Attempting to unscale FP16 gradients.",
      "GradScaler needs float32 weights: the model was converted with .half(); keep the weights float32 and "
      "let torch.autocast do the half-precision math.",
      "GradScaler 需要 float32 权重，而模型被 .half() 转换了；保持权重为 float32，由 torch.autocast 进行半精度计算。",
      ("the parameters' dtypes", ".half() calls", "the GradScaler"),
      n(12, "ValueError: Attempting to unscale FP16 gradients")),
    f("amp.bce_unsafe",
      r"binary_cross_entropy and torch\.nn\.BCELoss are unsafe to autocast",
      "RuntimeError: torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast. Many "
      "models use a sigmoid layer right before the binary cross entropy layer.",
      "BCELoss after a sigmoid is not allowed under autocast: drop the sigmoid and use BCEWithLogitsLoss.",
      "autocast 下不允许在 sigmoid 之后使用 BCELoss：去掉 sigmoid，改用 BCEWithLogitsLoss。",
      ("the loss", "the model's last layer")),
    f("amp.half_overflow",
      r"value cannot be converted to type (at::Half|c10::Half|at::BFloat16) without overflow",
      "RuntimeError: value cannot be converted to type at::Half without overflow",
      "A constant too large for half precision (like -1e9 in masked_fill) was used under autocast: use "
      "torch.finfo(tensor.dtype).min instead.",
      "在 autocast 下用了超出半精度范围的常数（如 masked_fill 中的 -1e9）：改用 torch.finfo(tensor.dtype).min。",
      ("the constant", "the tensor's dtype")),
    f("amp.write_dtype",
      (r"index_(add|reduce)_?\(\): self \(\w+\) and source \(\w+\) must have the same scalar type",
       r"index_copy_?\(\): self and source expected to have the same dtype",
       r"masked_scatter_?: expected self and source to have same dtypes",
       r"Index put requires the source and destination dtypes match",
       r"scatter\w*\(\): Expected self\.dtype to be equal to src\.dtype",
       r"expected dtype [\w: ]+ for `(end|weight)` but got dtype [\w:]+"),
      ("RuntimeError: index_add_(): self (Float) and source (BFloat16) must have the same scalar type",
       ("RuntimeError: index_copy_(): self and source expected to have the same dtype, but got (self) Float and "
        "(source) BFloat16"),
       "RuntimeError: masked_scatter: expected self and source to have same dtypes but gotFloat and BFloat16",
       "RuntimeError: masked_scatter_: expected self and source to have same dtypes but got Float and Half",
       ("RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination "
        "and BFloat16 for the source."),
       "RuntimeError: scatter(): Expected self.dtype to be equal to src.dtype",
       "RuntimeError: index_add_(): self (Half) and source (Float) must have the same scalar type",
       "RuntimeError: index_reduce_(): self (Float) and source (BFloat16) must have the same scalar type",
       "RuntimeError: expected dtype c10::BFloat16 for `end` but got dtype float",
       "RuntimeError: expected dtype float for `weight` but got dtype c10::Half"),
      "A value made under autocast (bfloat16 or float16) is written into a float32 buffer or parameter: an "
      "in-place write does not convert. Cast the value to the buffer's dtype at the write, or make the "
      "buffer in the value's dtype.",
      "autocast 下产生的低精度值（bfloat16 或 float16）被写入 float32 的缓冲区或参数：原地写入不会自动转换类型。"
      "在写入处把值转换为缓冲区的类型，或按值的类型创建缓冲区。",
      ("the destination's dtype and where it is made", "the source's dtype", "the autocast region"),
      n(1, "index_add_(): self (Float) and source (BFloat16) must have the same scalar type")),
    f("amp.low_precision_kernel",
      (r"Low precision dtypes not supported\. Got (BFloat16|Half)",
       r"\((BFloat16|Half)\{\[[\d, ]*\]\}\): expected a tensor with 2 or more dimensions of float, double",
       r"Unsupported dtype (BFloat16|Half)",
       r"Expected both inputs to be Half, Float or Double tensors but got BFloat16"),
      ("RuntimeError: logdet: Low precision dtypes not supported. Got BFloat16",
       "RuntimeError: linalg.slogdet: Low precision dtypes not supported. Got Half",
       ("RuntimeError: linalg.pinv(BFloat16{[25, 64]}): expected a tensor with 2 or more dimensions of float, "
        "double, cfloat or cdouble types"),
       "RuntimeError: Unsupported dtype BFloat16",
       "RuntimeError: Expected both inputs to be Half, Float or Double tensors but got BFloat16 and BFloat16"),
      "This function (a linear-algebra solver, a determinant, an FFT) has no bfloat16/float16 kernel, and "
      "autocast handed it a low-precision tensor: run that call in float32, with autocast disabled around it "
      "and its inputs cast with .float().",
      "该函数（线性代数求解、行列式、FFT）没有 bfloat16/float16 实现，而 autocast 给了它低精度张量：在 float32 "
      "下运行这一调用，在其周围关闭 autocast，并用 .float() 转换输入。",
      ("the call's inputs and their dtypes", "the autocast region around it")),
    f("amp.unscale_twice",
      r"unscale_\(\) has already been called on this optimizer since the last update\(\)",
      "RuntimeError: unscale_() has already been called on this optimizer since the last update().",
      "GradScaler.unscale_(optimizer) was called twice in one iteration (often once for logging or clipping "
      "in a helper and once more before the step), or an earlier iteration left after unscale_ without "
      "scaler.update() (a skip on a non-finite grad norm): unscale each optimizer once, between backward and step, "
      "and reach update() on every path after it.",
      "同一次迭代中对同一优化器调用了两次 GradScaler.unscale_()（常见于日志或梯度裁剪的辅助函数里又调用一次），"
      "或上一次迭代在 unscale_ 之后未调用 scaler.update() 就跳过（如梯度范数非有限时 continue）："
      "每个优化器在 backward 与 step 之间只反缩放一次，且其后的每条路径都要调用 update()。",
      ("every unscale_ call on the optimizer", "the order of backward, unscale_, clip, step, update"),
      n(5, "unscale_() has already been called on this optimizer since the last update()")),
    f("amp.unscale_after_step",
      (r"unscale_\(\) is being called after step\(\)", r"step\(\) has already been called since the last update\(\)"),
      ("RuntimeError: unscale_() is being called after step().",
       "RuntimeError: step() has already been called since the last update()."),
      "GradScaler's calls are out of order: one iteration is scale(loss).backward(), unscale_(optimizer) "
      "(before any clipping), step(optimizer), update(), each once.",
      "GradScaler 的调用顺序不对：每次迭代依次为 scale(loss).backward()、unscale_(optimizer)（在梯度裁剪之前）、"
      "step(optimizer)、update()，各一次。",
      ("the order of backward, unscale_, clip, step, update",)),
    f("amp.step_without_scale",
      (r"No inf checks were recorded for this optimizer", r"Attempted (step|unscale_) but _scale is None"),
      ("AssertionError: No inf checks were recorded for this optimizer.",
       ("AssertionError: Attempted step but _scale is None.  This may indicate your script did not use "
        "scaler.scale(loss or outputs) earlier in the iteration."),
       ("AssertionError: Attempted unscale_ but _scale is None.  This may indicate your script did not use "
        "scaler.scale(loss or outputs) earlier in the iteration.")),
      "scaler.step(optimizer) ran, but none of the optimizer's parameters got a scaled gradient this iteration: "
      "call scaler.scale(loss).backward() instead of loss.backward(), and build the optimizer after any layer "
      "it should train is replaced (a new head assigned after the optimizer leaves it holding the old one).",
      "调用了 scaler.step(optimizer)，但本次迭代该优化器的参数都没有得到经过缩放的梯度：用 "
      "scaler.scale(loss).backward() 代替 loss.backward()；并在替换要训练的层之后再创建优化器（在优化器之后"
      "赋值的新分类头会让它仍持有旧层）。",
      ("the backward call", "the GradScaler"),
      n(2, "No inf checks were recorded for this optimizer")),
    f("amp.update_without_step",
      (r"No inf checks were recorded prior to update", r"Attempted update but _scale is None"),
      ("AssertionError: No inf checks were recorded prior to update.",
       ("AssertionError: Attempted update but _scale is None.  This may indicate your script did not use "
        "scaler.scale(loss or outputs) earlier in the iteration.")),
      "scaler.update() ran in an iteration with no scaler.step(optimizer) (with gradient accumulation, "
      "update belongs with the step, once per optimizer step).",
      "在没有执行 scaler.step(optimizer) 的迭代中调用了 scaler.update()（梯度累积时，update 应与 step 放在一起，"
      "每次优化器更新一次）。",
      ("where scaler.step and scaler.update are called", "the accumulation condition")),
    f("amp.scaler_state_empty",
      r"source state dict is empty, possibly because it was saved from a disabled instance of GradScaler",
      ("RuntimeError: The source state dict is empty, possibly because it was saved from a disabled instance "
       "of GradScaler."),
      "The checkpoint's GradScaler state is empty: the scaler that saved it was disabled, often a "
      "torch.cuda.amp.GradScaler() on a machine without CUDA. Create it with torch.amp.GradScaler(device.type).",
      "检查点中的 GradScaler 状态为空：保存它的 scaler 处于禁用状态，常见于在没有 CUDA 的机器上使用 "
      "torch.cuda.amp.GradScaler()。改用 torch.amp.GradScaler(device.type) 创建。",
      ("where each GradScaler is made and its device", "whether CUDA is available")),
    f("amp.device_type",
      (r"Expected `device_type` of type `str`, got: `<class '[\w.]+'>`",
       r"User specified an unsupported autocast device_type '(cuda|cpu|xpu|mps|hpu|xla)(:\d+)?'"),
      ("ValueError: Expected `device_type` of type `str`, got: `<class 'torch.device'>`",
       "RuntimeError: User specified an unsupported autocast device_type 'cuda:0'"),
      "torch.autocast takes the device's type as a string ('cuda', 'cpu'), not a torch.device or 'cuda:0': "
      "pass device.type.",
      "torch.autocast 需要设备类型字符串（'cuda'、'cpu'），而不是 torch.device 对象或 'cuda:0'：传入 device.type。",
      ("the autocast call's device_type argument", "where the device is made"),
      n(5, "Expected `device_type` of type `str`, got: <class 'torch.device'> autocast")),
)
