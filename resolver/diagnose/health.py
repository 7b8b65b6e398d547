"""Does it train? The verdict on the probe's "health" summary of a run that ended without an
exception (resolver/run/probe/health.py records it): a broken training contract becomes a Diagnosis
like any crash, with its own category (health.*), located at the line that causes it.

Only what the run shows counts as a bug; what looks like one but is done by design is learnt from
the code and the run, never from names: a parameter no optimizer holds, or with requires_grad
False, is frozen on purpose; a step at lr 0 (a warm-up) is not a step that failed to update;
zero_grad every k steps (accumulation) resets the gradients as surely as every step; two
optimizers (a GAN) are judged each on its own steps; a model run under no_grad or holding no
optimizer's parameter (a teacher, an EMA copy, a target network) is not a model that trains."""

from __future__ import annotations

import linecache
import re
from pathlib import Path

from resolver.diagnose import grad_off
from resolver.diagnose.diagnosis import Diagnosis, Frame

CHECKS = ("loss", "gradients", "updates", "zero_grad order", "train mode")
# categories whose verdict, after a crash fix, means the fix cut the graph: the model no longer learns
GRAPH_CUT = ("health.no_gradient", "health.no_update")
NON_FINITE = ("health.non_finite_loss", "health.non_finite_gradient")


def _frame(site: dict | None, function: str = "") -> tuple[Frame, ...]:
    if not site:
        return ()
    return (Frame(Path(site["file"]), site.get("line") or site["position"][0], site.get("function", function),
                  True, site.get("code", "")),)


def _value(v) -> str:
    return v if isinstance(v, str) else f"{v:.4g}"


def _diagnosis(kind: str, message: str, health: dict, site: dict | None) -> Diagnosis:
    counters = {"optimizer_steps": health.get("steps", 0), "backward_calls": health.get("backward_calls", 0)}
    return Diagnosis(kind, message, _frame(site), counters=counters, source="health", health=health)


def verdict(health: dict, passing: str = "") -> Diagnosis | None:
    """The first training contract the run broke, as a Diagnosis; None when it trains. `passing`: a
    category already settled (a cut the fix did not make), so the next contract is read."""
    if not health or not health.get("steps"):
        return None  # no optimizer step: nothing trains here (an evaluation or data script)
    for check in (_non_finite_loss, _non_finite_gradient, _stale_optimizer, _frozen_only, _unregistered,
                  _loose_tensors, _cleared_before_step, _leaf_loss, _no_gradient, _idle_optimizer, _accumulating,
                  _eval_mode, _zero_lr, _no_update, _schedule_per_batch, _sampler_epoch):
        found = check(health)
        if found is not None and found.category != passing:
            return found
    return None


def tracer_for(found: Diagnosis) -> str | None:
    """The rerun (a run setting) that finds where the error was made when the run could not say: the
    first non-finite value, op by op and in backward; the first op that took the values of the layers
    without a gradient off the graph."""
    if found.category in NON_FINITE and not found.health.get("origin"):
        return "trace_non_finite"
    if found.category == "health.no_gradient" and not found.health.get("leaf_loss") \
            and not found.health.get("first_cut"):
        return "trace_graph_cut"
    return None


def _non_finite_loss(health: dict) -> Diagnosis | None:
    first = health.get("non_finite")
    if not first:
        return None
    origin = health.get("origin")  # from the rerun that checks each op's output
    message = f"the loss is {first['value']} from step {first['step'] + 1}"
    before = [_value(v) for v in health.get("losses", ())[:min(first["backward"] - 1, 6)]]
    if before:
        message += f" (before it: {', '.join(before)})"
    if origin:
        made_by = f"the derivative of {origin['op']}" if origin.get("in_backward") else origin["op"]
        message += f"; first non-finite value from {made_by} at {Path(origin['file']).name}:{origin['line']}"
        if origin.get("in_backward"):
            message += " (in backward: its forward value was finite)"
        elif origin.get("from_data"):
            message += " (from the data)"
    return _diagnosis("NonFiniteLoss", message, health, origin or first.get("site"))


def _non_finite_gradient(health: dict) -> Diagnosis | None:
    bad = [r for r in health.get("records", ()) if r.get("non_finite_grad")]
    if not bad:
        return None
    first, origin = bad[0], health.get("origin")  # from the rerun that checks each op's derivative
    message = (f"the loss is finite ({_value(first['loss'])}) but {first['non_finite_grad']} parameter gradient(s) "
               f"are not, from step {first['step'] + 1}")
    if origin and origin.get("in_backward"):
        message += (f"; first non-finite value from the derivative of {origin['op']} at "
                    f"{Path(origin['file']).name}:{origin['line']}")
    return _diagnosis("NonFiniteGradient", message, health, origin or health.get("sites", {}).get("backward"))


def _stale_optimizer(health: dict) -> Diagnosis | None:
    params = health.get("params", {})
    if params.get("stale") and not params.get("unheld_with_grad_count") and health.get("rebuilt"):
        return _rebuilt_model(health, params)
    # the layers replaced while an optimizer held them, whose new parameters get gradients nobody applies (the
    # old ones may have trained before the swap: then none of them is stale)
    swapped = {r["attribute"] for r in health.get("replaced") or ()}
    renewed = [n for n in params.get("unheld_with_grad", ()) if set(n.split(".")[:-1]) & swapped]
    if not params.get("unheld_with_grad_count") or not params.get("stale") and not renewed:
        return None
    names = ", ".join(params["unheld_with_grad"])
    held = f"{params['stale']} parameter(s) the model no longer has" if params.get("stale") else \
        "the parameters of the layers as they were before they were replaced"
    message = (f"the optimizer holds {held}, and {params['unheld_with_grad_count']} of the model's ({names}) get "
               f"gradients no optimizer applies: it was built before they were replaced")
    optimizers = health.get("optimizers") or [{}]
    swap = (health.get("replaced") or [{}])[0]  # the layer the probe saw replaced while an optimizer held it
    where = [f"{Path(f['file']).name}:{f['line']}" for f in swap.get("stack", ())[:2]]
    if where:
        message += f" ({swap['class']}.{swap['attribute']} replaced at {' from '.join(where)})"
    built = optimizers[swap["optimizer"]] if swap.get("optimizer", len(optimizers)) < len(optimizers) else optimizers[0]
    return _diagnosis("StaleOptimizer", message, health, built.get("site"))


def _frozen_only(health: dict) -> Diagnosis | None:
    """Optimizers that hold only frozen parameters, while the model's trainable ones get gradients no optimizer
    applies: the wrong parameters were handed over (a frozen backbone kept in an optimizer beside its trained
    head is not this: the head is held)."""
    params, records = health.get("params", {}), health.get("records", ())
    frozen = sorted({r["optimizer"] for r in records if r.get("params") and r.get("frozen") == r["params"]}
                    - {r["optimizer"] for r in records if r.get("frozen") != r.get("params")})
    if not frozen or not params.get("unheld_with_grad_count"):
        return None
    held = next(r["params"] for r in records if r["optimizer"] == frozen[0])
    message = (f"the optimizer holds {held} parameter(s), all frozen (requires_grad=False), while "
               f"{params['unheld_with_grad_count']} trainable ones ({', '.join(params['unheld_with_grad'])}) get "
               f"gradients no optimizer holds: it was given the frozen part instead of the trainable one")
    optimizers = health.get("optimizers") or []
    built = optimizers[frozen[0]].get("site") if frozen[0] < len(optimizers) else None
    # where the frozen part's parameters were gathered into the list the optimizer was given
    gathered = next((g for g in (built or {}).get("gathered", ()) if g["frozen"]), None)
    if gathered:
        message += f" (the frozen parameters were gathered at {Path(gathered['file']).name}:{gathered['line']})"
    return _diagnosis("FrozenOptimizer", message, health, gathered or built)


def _rebuilt_model(health: dict, params: dict) -> Diagnosis:
    """A model built again (per fold, per trial) after the optimizer was built over the first one."""
    model = health["rebuilt"][0]
    built = next((o["site"] for o in health.get("optimizers") or [] if o.get("site")), None)
    site = model.get("site") or {}
    # where the code rebuilds it: the first frame of its construction that binds the model rather than returns
    # it from a factory (the factory built the first model too), in the optimizer's own file if one is
    frames = [f for f in ([site, *site.get("stack", ())] if site else [])
              if not linecache.getline(f["file"], f.get("line") or f["position"][0]).strip().startswith("return ")]
    where = next((f for f in frames if built and f["file"] == built["file"]), frames[0] if frames else site or None)
    message = (f"the optimizer holds {params['stale']} parameter(s) that never get a gradient, of a model that no "
               f"longer trains, while the {model['class']} that trains was built again after the optimizer and "
               f"no optimizer holds its parameters")
    if where:
        message += f" (built again at {Path(where['file']).name}:{where.get('line') or where['position'][0]})"
    return _diagnosis("StaleOptimizer", message, health, where)


def _unregistered(health: dict) -> Diagnosis | None:
    layers = health.get("unregistered") or []
    if not layers:
        return None
    names = ", ".join(sorted({layer["class"] for layer in layers}))
    message = (f"{len(layers)} layer(s) ({names}) ran in the model's forward and got gradients, but the model does "
               f"not register them and no optimizer holds them: layers kept in a plain list or dict never learn")
    return _diagnosis("UnregisteredLayers", message, health, layers[0].get("site"))


def _loose_tensors(health: dict) -> Diagnosis | None:
    loose = health.get("loose_tensors") or []
    if not loose:
        return None
    first = loose[0]
    held = f"in a plain {first['container']}" if first.get("container") else "as a plain tensor attribute"
    message = (f"{first['class']}.{first['attribute']} holds {first['count']} tensor(s) that require grad {held}: "
               f"nn.Module does not register them, so no optimizer holds them; they got gradients and never changed")
    return _diagnosis("UnregisteredParameters", message, health, first.get("site"))


def _cleared_before_step(health: dict) -> Diagnosis | None:
    records = health.get("records", ())
    cleared = [r for r in records if r.get("zeroed_after_backward") and not r.get("finite_grad")]
    if not cleared or len(cleared) * 2 < len(records):
        return None
    message = (f"zero_grad runs between backward and step: {len(cleared)} of {len(records)} steps found every "
               f"gradient cleared, so the parameters never move")
    return _diagnosis("GradientsClearedBeforeStep", message, health, health.get("sites", {}).get("zero_grad"))


CUT = re.compile(r"\.(detach|numpy|item|tolist)\(\)|\.data\b")  # where a value leaves the graph


def _leaf_loss(health: dict) -> Diagnosis | None:
    """backward() on a loss made from a number: located at the first cut in the function that made it."""
    leaf, params = health.get("leaf_loss"), health.get("params", {})
    if not leaf or params.get("with_grad", 0) >= params.get("trainable", 0):
        return None
    made = f"{Path(leaf['file']).name}:{leaf['line']}"
    message = (f"backward() runs on a loss made by {leaf.get('how', 'a leaf')} at {made}: a new leaf with no graph "
               f"behind it, so none of the {params.get('without_grad_count', 0)} parameters without gradients can "
               f"get one")
    cut = None
    for line in range(leaf.get("first_line") or leaf["line"], leaf["line"]):
        code = linecache.getline(leaf["file"], line)
        if CUT.search(code):
            cut = dict(leaf, line=line, code=code.strip())
            message += f"; the values left the graph at {Path(leaf['file']).name}:{line} ({code.strip()})"
            break
    return _diagnosis("NoGradient", message, health, cut or leaf)


def _no_gradient(health: dict) -> Diagnosis | None:
    params = health.get("params", {})
    if params.get("trainable") and not params.get("with_grad"):
        message = (f"none of the {params['trainable']} trainable parameters the optimizer holds got a gradient in "
                   f"{health['checked_steps']} steps: the path from the loss to the model is cut")
        return _diagnosis("NoGradient", *_first_cut(message, health))
    # a part the model was given already made (a pretrained backbone passed in), or one it runs under a
    # no_grad block the program chose by a setting, and never lets learn is frozen on purpose; one it built
    # itself from random weights and cut off unconditionally is the bug
    modules = [c for c in health.get("cut_modules") or [] if not c.get("given")]
    cut = [c for c in modules if not grad_off.frozen_by_setting(health, c)]
    if not cut:
        return None
    if len(cut) < len(modules):  # the first cut said is one behind a layer that should learn
        behind = sorted({i for c in cut for i in c.get("cuts", ())})
        health = {k: v for k, v in health.items() if k != "first_cut"} | (
            {"first_cut": health["cuts"][behind[0]]} if behind else {})
    names = grad_off.listed([f"{c['module']} ({c['class']})" for c in cut])
    how = "nothing reads their output" if all(c.get("unread") for c in cut) else "the path from the loss to it is cut"
    message = (f"{names} ran in the training forward but got no gradient in {health['checked_steps']} steps "
               f"({params.get('without_grad_count', 0)} of {params.get('trainable', 0)} trainable parameters): {how}")
    return _diagnosis("NoGradient", *_first_cut(message, health))


def _idle_optimizer(health: dict) -> Diagnosis | None:
    """An optimizer that steps while none of its trainable parameters ever gets a gradient, beside one whose
    parameters do: the model it holds ran without grad in the update (`with torch.no_grad(): z = encoder(x)`),
    outside any training forward, so no layer of it was seen cut. Frozen on purpose where a setting chose
    that block (grad_off.chosen, on the cut the traced rerun finds)."""
    steps: dict[int, list[dict]] = {}  # optimizer -> its measured steps
    for record in health.get("records", ()):
        if not record.get("closure"):
            steps.setdefault(record["optimizer"], []).append(record)
    idle = [i for i, mine in steps.items() if len(mine) >= 2
            and all(r.get("params", 0) > r.get("frozen", 0) and r.get("no_grad") == r["params"] for r in mine)]
    cut = health.get("first_cut")
    learning = any(r.get("finite_grad") for mine in steps.values() for r in mine)
    if not idle or not learning or cut and grad_off.chosen(cut):
        return None
    optimizers, mine = health.get("optimizers") or [], steps[idle[0]]
    held = optimizers[idle[0]] if idle[0] < len(optimizers) else {}
    built = f" built at {Path(held['site']['file']).name}:{held['site']['line']}" if held.get("site") else ""
    message = (f"the optimizer{built} ({held.get('class', '?')}) stepped {len(mine)} times, but none of its "
               f"{mine[0]['params']} parameters got a gradient: the model they belong to never ran with grad on "
               "the way to a loss")
    return _diagnosis("NoGradient", *_first_cut(message, health))


def _first_cut(message: str, health: dict) -> tuple[str, dict, dict | None]:
    """The message and the place: the first op that took a value made by those parameters off the graph
    (from the rerun that records each cut), else the backward."""
    cut = health.get("first_cut")
    if not cut:
        return message, health, health.get("sites", {}).get("backward")
    at = f"{Path(cut['file']).name}:{cut['line']} ({cut['code']})"
    if cut["op"] != "no_grad":
        return f"{message}; the first cut: {cut['op']} at {at}", health, cut
    block = grad_off.block(cut)  # the op ran under no_grad: the block that turned it off, in a caller maybe
    if block is None:
        return f"{message}; the first cut: a no_grad block at {at}", health, cut
    file, line = block
    code = linecache.getline(file, line).strip()
    return f"{message}; the first cut: a no_grad block at {Path(file).name}:{line} ({code}), around {at}", health, cut


def _accumulating(health: dict) -> Diagnosis | None:
    records = health.get("records", ())
    later = [r for r in records if r.get("reset") is not None]
    kept = [r for r in later if not r["reset"]]
    if len(kept) < 2 or len(kept) * 2 < len(later):
        return None
    message = (f"gradients are never cleared between optimizer steps ({len(kept)} of {len(later)} steps added "
               f"to the last step's gradients): zero_grad is missing before backward")
    return _diagnosis("GradientsAccumulate", message, health, health.get("sites", {}).get("backward"))


def _eval_mode(health: dict) -> Diagnosis | None:
    records = health.get("records", ())
    for i, record in enumerate(records):
        # put in eval mode before it ever trained: only when dropout or batch norm in eval mode are on the
        # gradient's path in every step (a frozen backbone kept in eval on purpose is not: nothing flows through)
        from_start = i == 0 and len(records) > 1 and all(r.get("eval") and r.get("eval_in_path") for r in records
                                                           if r["optimizer"] == record["optimizer"])
        if record.get("eval") and (from_start or any(not r.get("eval") and r["optimizer"] == record["optimizer"]
                                                     for r in records[:i])):
            message = (f"the model trains in eval mode from step {record['step'] + 1}: model.eval() is not undone "
                       f"before training resumes (dropout and batch norm behave as in evaluation)")
            return _diagnosis("EvalModeTraining", message, health, health.get("sites", {}).get("eval"))
    return _eval_stalled(health)


def _eval_stalled(health: dict) -> Diagnosis | None:
    """Training that stopped in eval mode: the call path and loader that fed the steps ran the model
    again with gradients on, in eval mode, and no step followed (a step function that steps only while
    model.training)."""
    stalled, site = health.get("eval_stalled"), health.get("sites", {}).get("eval")
    if not stalled or not site:
        return None
    where = [f"{Path(f['file']).name}:{f['line']}" for f in stalled.get("stack", ())[:2]]
    message = (f"training stopped after step {stalled['steps']}: {stalled['class']} was put in eval mode at "
               f"{Path(site['file']).name}:{site['line']} and never back in train mode; the training loop"
               f"{' at ' + ' from '.join(where) if where else ''} ran it again on the same loader, in eval mode, "
               f"and no optimizer step followed to the end of the run")
    return _diagnosis("EvalModeTraining", message, health, site)


def _zero_lr(health: dict) -> Diagnosis | None:
    stuck = health.get("lr_stuck") or []
    if not stuck:
        return None
    first = stuck[0]
    if first.get("held_at_zero"):
        return _held_at_zero(health, first)
    site = first.get("zero_site")
    if first.get("built_at_zero") and not first.get("non_zero_writes", first.get("writes")):
        site = first.get("built_site")  # the rate it was given there is the 0
        again = "its schedule only scales that 0" if first.get("writes") else "nothing sets it again (no scheduler)"
        message = (f"the learning rate is 0 at every one of the {first['steps']} steps: the optimizer was built "
                   f"with lr 0 and {again}, so no parameter moves")
        return _diagnosis("ZeroLearningRate", message, health, site)
    message = (f"the learning rate is 0 at every one of the {first['steps']} steps of the optimizer built with "
               f"lr {_value(first['built_lr'])}: its schedule writes it again after each step and writes 0, "
               f"so no parameter moves")
    if site:
        message += f" (set to 0 at {Path(site['file']).name}:{site['line']})"
    return _diagnosis("ZeroLearningRate", message, health, site)


def _held_at_zero(health: dict, first: dict) -> Diagnosis:
    """Built above 0, set to 0 before its first step by a scheduler built over it (its first factor, a
    warm-up's 0) that never stepped, its every step() under a branch on string literals (the probe's
    evidence; without it there is no finding)."""
    message = (f"the learning rate is 0 at every one of the {first['steps']} steps of the optimizer built with "
               f"lr {_value(first['built_lr'])}: ")
    scheduler = next(s for s in first["schedulers"] if s.get("wrote_zero") and not s.get("steps"))
    site = scheduler.get("site") or first.get("zero_site")
    where = f" built at {Path(site['file']).name}:{site['line']}" if site else ""
    message += (f"the {scheduler['class']}{where} over it set it to 0 (its first factor) and stepped 0 times "
                f"in the run, every step() of it under a branch no value took, so nothing raised it and no "
                f"parameter moves")
    return _diagnosis("LearningRateHeldAtZero", message, health, site)


def _no_update(health: dict) -> Diagnosis | None:
    records = [r for r in health.get("records", ()) if r.get("lr", 0) > 0 and r.get("measured")]
    if len(records) < 2 or any(r.get("changed") for r in records):
        return None
    message = (f"the optimizer stepped {len(records)} times with lr > 0 and non-zero gradients, "
               f"but no parameter changed")
    return _diagnosis("NoUpdate", message, health, health.get("sites", {}).get("step"))


def _schedule_per_batch(health: dict) -> Diagnosis | None:
    schedules = health.get("schedules_per_batch") or []
    if not schedules:
        return None
    first = schedules[0]
    terms = ", ".join(f"{k}={_value(first[k]) if k == 'gamma' else first[k]}"
                      for k in ("gamma", "step_size", "milestones") if k in first)
    every = "every batch" if first.get("epoch_steps") == first["full_pass"] else "every few batches"
    message = (f"{first['class']}({terms}) is stepped after {every}, but its schedule counts epochs: by its own "
               f"formula the learning rate falls to {first['factor']:.2g} of its start within the first epoch "
               f"({first.get('epoch_steps')} steps over {first['full_pass']} batches), so training stalls long "
               f"before the schedule means it to")
    return _diagnosis("ScheduleSteppedPerBatch", message, health, first["site"])


def _sampler_epoch(health: dict) -> Diagnosis | None:
    samplers = health.get("samplers") or []
    if not samplers:
        return None
    first = samplers[0]
    site = first.get("site") or {}
    where = f" built at {Path(site['file']).name}:{site['line']}" if site else ""
    message = (f"the shuffling DistributedSampler{where} gave {first['passes']} passes the same order (epoch "
               f"{first['epoch']} each time): set_epoch(epoch) is never called, so every epoch shows each rank its "
               "samples in the same order")
    return _diagnosis("SamplerEpochNotSet", message, health, site or None)


WORDS = {
    "en": {"checked": "Training checked ({checks}): {summary}", "off": "Training not checked (--no-health)",
           "checks": CHECKS, "idle": "no optimizer step ran, nothing to check",
           "steps": "{steps} optimizer steps ({checked} measured)", "loss": "loss {first} -> {last}",
           "grads": "{with_grad} of {trainable} trainable parameters got gradients", "frozen": "{frozen} frozen",
           "without": "{without} without (not used in the forward)",
           "cut": "{without} without (they ran in the forward behind a cut of the graph)",
           "given": "{without} without (a part given to the model already made, run behind a cut: frozen on purpose)",
           "unread": "{without} without (they ran in the forward, but nothing reads their output)",
           "setting": "{without} without (frozen by a setting: run under a no_grad block the program chooses)"},
    "zh": {"checked": "训练检查（{checks}）：{summary}", "off": "未检查训练（--no-health）",
           "checks": ("损失", "梯度", "参数更新", "zero_grad 顺序", "训练模式"), "idle": "没有运行优化步，无可检查",
           "steps": "{steps} 个优化步（测量了 {checked} 个）", "loss": "损失 {first} -> {last}",
           "grads": "{trainable} 个可训练参数中 {with_grad} 个有梯度", "frozen": "{frozen} 个冻结",
           "without": "{without} 个没有梯度（前向中未使用）",
           "cut": "{without} 个没有梯度（它们在前向中运行于计算图被切断之后）",
           "given": "{without} 个没有梯度（模型接收的现成部分，在计算图切断之后运行：有意冻结）",
           "unread": "{without} 个没有梯度（它们在前向中运行，但没有任何代码读取其输出）",
           "setting": "{without} 个没有梯度（由设置冻结：在程序选择的 no_grad 块中运行）"},
}


def report_line(health: dict | None, lang: str) -> str:
    """What the checks saw in the run that passed, for the report; None health: they were off."""
    words = WORDS[lang]
    if health is None:
        return words["off"]
    return words["checked"].format(checks=", ".join(words["checks"]), summary=summary(health, lang))


def summary(health: dict, lang: str = "en") -> str:
    words = WORDS[lang]
    if not health.get("steps"):
        return words["idle"]
    params = health.get("params", {})
    parts = [words["steps"].format(steps=health["steps"], checked=health.get("checked_steps", 0))]
    if health.get("losses") and health.get("last_loss") is not None:
        parts.append(words["loss"].format(first=_value(health["losses"][0]), last=_value(health["last_loss"])))
    parts.append(words["grads"].format(with_grad=params.get("with_grad", 0), trainable=params.get("trainable", 0)))
    if params.get("without_grad_count"):
        # layers that ran in the forward and got none sit behind a cut the run kept (a frozen part)
        cut = health.get("cut_modules") or []
        kinds = {"given": lambda c: c.get("given"), "unread": lambda c: c.get("unread"),
                 "setting": lambda c: grad_off.frozen_by_setting(health, c)}
        without = next((k for k, is_so in kinds.items() if all(map(is_so, cut))), "cut") if cut else "without"
        parts.append(words[without].format(without=params["without_grad_count"]))
    if params.get("held", 0) > params.get("trainable", 0):
        parts.append(words["frozen"].format(frozen=params["held"] - params["trainable"]))
    return ("; " if lang == "en" else "；").join(parts)
