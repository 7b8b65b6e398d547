def freeze_modules(model, names):
    """Set requires_grad=False on every sub-module whose qualified name is in `names`."""
    frozen = set()
    for name, module in model.named_modules():
        if any(name.startswith(n) for n in names):
            for p in module.parameters():
                p.requires_grad = False
            frozen.add(name or model.__class__.__name__)
    return sorted(frozen)


def trainable_parameters(*modules):
    params = []
    for m in modules:
        params += [p for p in m.parameters() if p.requires_grad]
    return params
