_BASE = {
    "seed": 21,
    "n_train": 600,
    "n_val": 150,
    "length": 64,
    "batch_size": 50,
    "epochs": 15,
    "lr": 2e-3,
    "channels": 16,
    "tasks": {"fault": 3, "rul": 1},
    "task_weights": {"fault": 1.0, "rul": 0.5},
}


def get_config(**overrides):
    cfg = dict(_BASE)
    for k, v in overrides.items():
        if v is not None:
            cfg[k] = v
    return cfg
