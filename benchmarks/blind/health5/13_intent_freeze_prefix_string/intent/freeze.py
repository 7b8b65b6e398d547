def freeze_by_prefix(model, prefixes):
    """Set requires_grad=False on every parameter whose name starts with one of `prefixes`."""
    if not prefixes:
        return 0
    prefixes = tuple(prefixes)
    frozen = 0
    for name, p in model.named_parameters():
        if name.startswith(prefixes):
            p.requires_grad_(False)
            frozen += p.numel()
    return frozen
