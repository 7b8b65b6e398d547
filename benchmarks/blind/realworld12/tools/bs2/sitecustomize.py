# Forces every torch DataLoader to batch_size=2 (mirrors the tool's smoke mode).
try:
    import torch.utils.data as _tud

    _orig_init = _tud.DataLoader.__init__

    def _init(self, *args, **kwargs):
        if len(args) >= 2:
            args = (args[0], 2) + tuple(args[2:])
        elif kwargs.get("batch_sampler") is None:
            kwargs["batch_size"] = 2
        _orig_init(self, *args, **kwargs)

    _tud.DataLoader.__init__ = _init
    print("[bs2] DataLoader batch_size forced to 2", flush=True)
except Exception as e:  # pragma: no cover
    print("[bs2] hook failed:", e)
