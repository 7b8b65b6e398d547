"""What a run that crashed tells of how it trained, for the fix after it (the probe report's "health"
of an "exception"): the layers replaced while an optimizer held them, and the layers its training
forward ran under no_grad before the crash, so that a cut the crash fix's run then finds is known as
the project's own."""


def crash_facts(health) -> dict:
    facts = {}
    if health.replaced:
        facts = {"replaced": health.replaced, "optimizers": [
            {"class": name, "site": site, "stack": stack} for _, name, site, stack in health.optimizers]}
    if any(health.called.values()):  # no step has said which models train
        facts["ran_without_grad"] = _named(health, lambda module: health.called.get(id(module)))
    if health.unread:  # the rerun that traces the cuts: the layers run whose outputs nothing had read
        unread = health.unread()
        facts["unread"] = _named(health, lambda module: id(module) in unread)
    return facts


def _named(health, chosen) -> list[str]:
    """The names of the chosen modules of the models a training forward ran, as the summary names them."""
    return sorted({name or type(model).__name__ for model, _ in list(health.roots.values())
                   for name, module in model.named_modules() if chosen(module)})
