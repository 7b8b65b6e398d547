HPARAMS = {
    "tile_size": 96,
    "channels": 16,
    "lr": 1e-3,
    "batch_size": 160,
    "max_epochs": 1,
    "n_train": 180,
    "n_val": 32,
    "noise_sigma": 0.1,
}
