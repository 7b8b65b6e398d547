CONFIG = {
    "seed": 42,
    "n_train": 800,
    "n_val": 200,
    "batch_size": 32,
    "epochs": 15,
    "lr": 3e-3,
    "weight_decay": 1e-4,
    "hidden_sizes": [64, 32],
    "dropout": 0.1,
}
