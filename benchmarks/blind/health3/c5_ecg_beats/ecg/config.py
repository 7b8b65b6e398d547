from types import SimpleNamespace

_DEFAULTS = dict(
    seed=5,
    n_train=1200,
    n_val=300,
    length=128,
    n_classes=4,
    width=16,
    dropout=0.3,
    batch_size=64,
    lr=2e-3,
    weight_decay=1e-4,
    epochs=6,
    threads=1,
)


def get_config(**overrides):
    cfg = dict(_DEFAULTS)
    cfg.update(overrides)
    return SimpleNamespace(**cfg)
