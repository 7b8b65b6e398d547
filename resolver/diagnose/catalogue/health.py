"""Training health: a run that exits 0 but does not train. The probe's health checks name each
finding with an exception-like type (diagnose/health.py), so their patterns match that type."""

from resolver.diagnose.catalogue._family import family as f

FAMILIES = (
    f("health.non_finite_loss", r"^NonFiniteLoss: ",
      "NonFiniteLoss: loss is nan from step 3; first non-finite value from torch.log at losses.py:12",
      "The loss became NaN or inf: usually a log, sqrt or division that reaches 0 in a hand-written formula, "
      "a feature divided by a zero standard deviation, or a learning rate that diverges.",
      "损失变成了 NaN 或 inf：通常是手写公式里的 log、sqrt 或除法碰到了 0、某个特征除以为 0 的标准差，或学习率发散。",
      ("the step the loss first went non-finite", "the first op that made a non-finite value"),
      when_exhausted="no formula in the code was found to make the loss non-finite (a log, sqrt or division "
                     "reaching 0): the candidates left are NaN/inf in the data (a first non-finite value "
                     "\"from the data\" says so: check the samples with torch.isfinite) and a learning rate "
                     "that diverges (losses that grow before it: lower it, or clip the gradients with "
                     "torch.nn.utils.clip_grad_norm_); both are decisions about the data and the training, "
                     "so no edit is made"),
    f("health.sampler_epoch", r"^SamplerEpochNotSet: ",
      "SamplerEpochNotSet: the shuffling DistributedSampler built at data.py:14 gave 3 passes the same order "
      "(epoch 0 each time): set_epoch(epoch) is never called",
      "A DistributedSampler shuffles with its seed plus the epoch it was given: without sampler.set_epoch(epoch) "
      "at the start of each epoch, every epoch shows each rank its samples in the same order.",
      "DistributedSampler 用种子加上设定的 epoch 打乱顺序：每个 epoch 开始时不调用 sampler.set_epoch(epoch)，"
      "每个 epoch 各进程看到的样本顺序都相同。",
      ("where the sampler is built", "the epoch loop", "the loop over the loader")),
    f("health.non_finite_gradient", r"^NonFiniteGradient: ",
      "NonFiniteGradient: the gradient of encoder.0.weight is nan at step 2 while the loss is finite",
      "A gradient became NaN or inf while the loss stayed finite: a sqrt, pow or division at 0 in the forward, "
      "or gradients that explode.",
      "损失有限但梯度变成了 NaN 或 inf：前向中的 sqrt、pow 或除法在 0 处，或梯度爆炸。",
      ("the parameters with non-finite gradients", "the step"),
      when_exhausted="the loss is finite but a gradient is not: a sqrt, pow or division at 0 in the "
                     "forward (its gradient is infinite there; add an eps), or gradients that explode "
                     "(clip them with torch.nn.utils.clip_grad_norm_)"),
    f("health.stale_optimizer", r"^StaleOptimizer: ",
      "StaleOptimizer: fc.weight, fc.bias are used in the forward but no optimizer holds them",
      "The optimizer was built before a layer was replaced, so it updates the old parameters and the new ones "
      "never train: build the optimizer after the model is complete.",
      "优化器在某层被替换之前就创建了，它更新的是旧参数，新层从不训练：在模型完整之后再创建优化器。",
      ("the parameters used in the forward", "the parameters the optimizer holds")),
    f("health.frozen_optimizer", r"^FrozenOptimizer: ",
      "FrozenOptimizer: the optimizer holds 6 parameter(s), all frozen (requires_grad=False), while 2 trainable ones "
      "(head.weight, head.bias) get gradients no optimizer holds",
      "The optimizer was given only frozen parameters (requires_grad=False) while the trainable ones get gradients "
      "it never applies: the parameter groups name the wrong part of the model.",
      "优化器拿到的全是冻结的参数（requires_grad=False），而可训练的参数有梯度却从不被更新：参数组指错了模型的部分。",
      ("the parameters the optimizer holds", "the trainable parameters no optimizer holds"),
      when_exhausted="the optimizer holds only frozen parameters: build it over the trainable ones "
                     "(the head, [p for p in model.parameters() if p.requires_grad]); which part should train "
                     "is the project's choice, so no edit is made"),
    f("health.zero_grad_before_step", r"^GradientsClearedBeforeStep: ",
      "GradientsClearedBeforeStep: zero_grad() runs between backward() and step(), so every step sees no gradient",
      "zero_grad() is called between backward() and step(): the step always sees zero gradients and nothing "
      "trains. Clear the gradients before the backward instead.",
      "zero_grad() 在 backward() 与 step() 之间被调用：每次 step 看到的梯度都是 0，模型不训练。"
      "应在 backward 之前清零梯度。",
      ("the order of zero_grad, backward and step",)),
    f("health.no_gradient", r"^NoGradient: ",
      "NoGradient: encoder.0.weight and 7 more parameters the optimizer holds never get a gradient",
      "Parameters the optimizer holds never get a gradient: the path from the loss to them is cut by a "
      ".detach(), .data, .item(), a numpy round trip or a no_grad block, or the layers are kept in a plain "
      "list or dict.",
      "优化器持有的参数始终没有梯度：从损失到它们的路径被 .detach()、.data、.item()、numpy 往返或 no_grad 块切断了，"
      "或这些层放在普通的 list/dict 中。",
      ("the parameters without gradients", "the first cut on the path from the loss"),
      when_exhausted="no edit found the cut between the loss and the parameters: look for .detach(), .data, "
                     ".item(), a numpy round trip or a torch.no_grad block on the way from the model to the "
                     "loss, and for layers kept in plain lists or dicts"),
    f("health.unregistered_module", r"^UnregisteredLayers: ",
      "UnregisteredLayers: blocks.0, blocks.1 run in the forward but are kept in a plain list: no optimizer sees them",
      "Layers the forward runs are kept where nn.Module does not look (a plain list or dict), so "
      "model.parameters() and the optimizer never see them and they never train.",
      "前向中运行的层放在 nn.Module 看不到的地方（普通 list 或 dict），model.parameters() 和优化器都看不到它们，"
      "它们从不训练。",
      ("the layers that ran in the forward", "the containers they are kept in"),
      when_exhausted="layers the forward runs are kept where nn.Module does not look (a plain list "
                     "or dict): hold them in nn.ModuleList / nn.ModuleDict, so that model.parameters() "
                     "and the optimizer see them"),
    f("health.unregistered_parameter", r"^UnregisteredParameters: ",
      "UnregisteredParameters: UncertaintyWeighting.log_vars holds 3 tensors that require grad in a plain dict",
      "Tensors meant to be learnt (requires_grad=True, or nn.Parameter) are kept where nn.Module does not look "
      "(a plain dict, list or tuple, or a plain tensor attribute), so module.parameters() and the optimizer "
      "never see them: they get gradients and never change.",
      "要学习的张量（requires_grad=True 或 nn.Parameter）放在 nn.Module 看不到的地方（普通 dict、list、tuple "
      "或普通张量属性），module.parameters() 和优化器都看不到它们：它们有梯度但从不改变。",
      ("the tensors that got gradients and never changed", "where the module assigns them"),
      when_exhausted="tensors meant to be learnt are kept where nn.Module does not look: hold them as "
                     "nn.Parameter, in nn.ParameterDict / nn.ParameterList, and give them to the optimizer"),
    f("health.grads_accumulate", r"^GradientsAccumulate: ",
      "GradientsAccumulate: step() runs after every backward() but zero_grad() is never called",
      "Gradients are added up across steps because zero_grad() is never called (or called once, outside the "
      "loop): call it before each backward, or every k steps for accumulation by design.",
      "梯度在多步之间不断累加，因为从未调用 zero_grad()（或只在循环外调用一次）：在每次 backward 前调用，"
      "有意累积时每 k 步调用一次。",
      ("the order of zero_grad, backward and step",),
      when_exhausted="gradients are added up across steps: call optimizer.zero_grad() before each "
                     "backward (or every k steps, for accumulation by design)"),
    f("health.eval_mode_training", r"^EvalModeTraining: ",
      "EvalModeTraining: Dropout and BatchNorm layers run in eval mode during training from epoch 2",
      "The model trains in eval mode: model.eval() was called for validation and model.train() never undoes "
      "it, so Dropout and BatchNorm behave as at inference.",
      "模型在 eval 模式下训练：验证时调用了 model.eval()，之后没有 model.train() 恢复，"
      "Dropout 和 BatchNorm 按推理方式工作。",
      ("the modules' training flag during backward",),
      when_exhausted="the model trains in eval mode after model.eval(): call model.train() where "
                     "each training epoch starts"),
    f("health.zero_lr", r"^ZeroLearningRate: ",
      "ZeroLearningRate: the learning rate is 0 at every one of the 50 steps of the optimizer built with lr 0.001",
      "The learning rate is 0 at every step although the optimizer was built with one above 0: the schedule "
      "computes a factor of 0 (an integer division in a warm-up) or multiplies the current rate by a factor "
      "that was 0 once, so it never recovers. A warm-up from 0 rises at its next step; this one does not.",
      "学习率在每一步都是 0，尽管优化器创建时大于 0：调度器算出的系数为 0（预热中的整数除法），"
      "或把当前学习率乘以一个曾经为 0 的系数，于是再也回不来。从 0 开始的预热在下一步就会上升，这里没有。",
      ("the learning rate at each step", "the line that set it to 0"),
      when_exhausted="the learning rate stays 0 at every step: compute the schedule's factor with true division, "
                     "and scale the base learning rate (kept when the schedule is built), not the current one"),
    f("health.lr_held_at_zero", r"^LearningRateHeldAtZero: ",
      "LearningRateHeldAtZero: the learning rate is 0 at every one of the 100 steps of the optimizer built with lr "
      "0.005: the LambdaLR built at train.py:12 over it set it to 0 (its first factor) and stepped 0 times in the run",
      "The learning rate is 0 at every step: a scheduler built over the optimizer set it to its first factor, a "
      "warm-up's 0, and scheduler.step() never ran, so nothing raised it. Its step() calls usually sit under a "
      "branch on a setting (the scheduler's interval) whose value matches none of the branches.",
      "学习率在每一步都是 0：在优化器上创建的调度器把它设为第一个系数（预热的 0），而 scheduler.step() "
      "从未执行，没有任何东西把它调高。它的 step() 调用通常位于按某个设置（调度间隔）分支的条件下，"
      "而该设置的值与任何分支都不匹配。",
      ("the learning rate at each step", "the scheduler built over the optimizer and how often it stepped",
       "the branches around scheduler.step() and where their value is set"),
      when_exhausted="the learning rate stays 0 because the scheduler never steps: make the setting its "
                     "step() branches on match one of the values they compare with (e.g. 'step' or 'epoch')"),
    f("health.schedule_per_batch", r"^ScheduleSteppedPerBatch: ",
      "ScheduleSteppedPerBatch: ExponentialLR(gamma=0.8) is stepped after every batch, but its schedule counts epochs",
      "A schedule whose decay counts epochs (StepLR, MultiStepLR, ExponentialLR) is stepped after every batch: "
      "by its own formula the learning rate falls to almost 0 within the first epoch, and training stalls.",
      "按 epoch 计数衰减的调度器（StepLR、MultiStepLR、ExponentialLR）在每个 batch 之后都调用了 step()："
      "按它自己的公式，学习率在第一个 epoch 内就降到几乎为 0，训练停滞。",
      ("where the schedule is stepped", "the batches in one pass of the DataLoader"),
      when_exhausted="an epoch schedule is stepped after every batch: call scheduler.step() once per epoch, "
                     "after the batch loop (or give the schedule its step counts in batches)"),
    f("health.no_update", r"^NoUpdate: ",
      "NoUpdate: the optimizer steps with gradients and lr 0.001, but no parameter changes",
      "The optimizer steps with gradients and a learning rate above 0, yet no parameter changes: it may hold "
      "other tensors than the model's, or something restores the parameters after each step.",
      "优化器带着梯度和大于 0 的学习率执行 step，但参数没有变化："
      "它持有的可能不是模型的参数，或有代码在每步后恢复了参数。",
      ("the parameters' norms before and after a step", "the learning rate"),
      when_exhausted="the optimizer steps with gradients and lr > 0 but the parameters do not move: check that "
                     "it holds the model's own parameters and that nothing restores them after each step"),
)
