CONFIG = {
    "seed": 3,
    "num_threads": 1,
    "data": {
        "n_series": 48,
        "length": 240,
        "window": 48,
        "horizon": 12,
        "batch_size": 64,
    },
    "model": {
        "input_size": 3,
        "hidden_size": 32,
        "num_layers": 1,
        "horizon": 12,
    },
    "optim": {
        "epochs": 10,
        "lr": 3e-3,
        "weight_decay": 0.0,
        "grad_clip": 1.0,
        "warmup_steps": 20,
    },
}
