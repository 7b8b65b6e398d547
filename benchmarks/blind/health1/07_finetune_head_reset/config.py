CONFIG = {
    "backbone_channels": [16, 32, 64],
    "pretrained_classes": 10,
    "dropout": 0.1,
    "lr": 2e-3,
    "weight_decay": 0.0,
    "batch_size": 32,
    "epochs": 6,
    "signal_len": 256,
    "n_train": 384,
    "n_val": 96,
    "seed": 11,
}
