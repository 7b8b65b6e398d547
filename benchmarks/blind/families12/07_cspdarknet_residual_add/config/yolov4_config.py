# coding=utf-8
TRAIN = {
    "TRAIN_IMG_SIZE": 32,
    "BATCH_SIZE": 8,
    "EPOCHS": 2,
    "LR_INIT": 1e-3,
    "WEIGHT_DECAY": 5e-4,
    "NUM_IMAGES": 32,
}

MODEL = {
    "ACTIVATE": "relu",   # "Mish" / "leaky" / "relu"
    "BACKBONE_CHANNELS": [8, 16, 32],
    "NUM_CLASSES": 3,
}
