import os

DATA_SEED = int(os.environ.get("DATA_SEED", "7"))
N_TRAIN = int(os.environ.get("N_TRAIN", "512"))
N_VAL = int(os.environ.get("N_VAL", "64"))
N_LEADS = 12
SIGNAL_LEN = int(os.environ.get("SIGNAL_LEN", "5000"))  # 10 s @ 500 Hz
N_CLASSES = 5

EPOCHS = int(os.environ.get("EPOCHS", "2"))
BATCH_SIZE = int(os.environ.get("BATCH_SIZE", "64"))
ACCUM_STEPS = int(os.environ.get("ACCUM_STEPS", "8"))
LR = float(os.environ.get("LR", "2e-3"))
MAX_GRAD_NORM = float(os.environ.get("MAX_GRAD_NORM", "1.0"))
USE_AMP = os.environ.get("USE_AMP", "1") == "1"
