import os

ROOT = os.path.dirname(os.path.abspath(__file__))
CKPT_DIR = os.path.join(ROOT, "checkpoints")

NUM_CLASSES = 6
IMAGE_SIZE = 32
TRAIN_SIZE = 384
VAL_SIZE = 96
BATCH_SIZE = 32
EPOCHS = 2
LR = 3e-3
USE_DATA_PARALLEL = True
