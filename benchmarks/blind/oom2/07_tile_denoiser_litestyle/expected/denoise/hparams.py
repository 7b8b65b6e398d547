HPARAMS = {
    "tile_size": 96,
    "channels": 16,
    "lr": 1e-3,
    "batch_size": 20,
    "accumulate_grad_batches": 8,
    "max_epochs": 1,
    "n_train": 180,
    "n_val": 32,
    "noise_sigma": 0.1,
}
