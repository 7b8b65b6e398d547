"""Run settings. Everything can be overridden from the environment (see launch.sh on the cluster)."""
import os

SEQ_LEN = int(os.environ.get("HAR_SEQ_LEN", "1000"))
N_CHANNELS = 6
N_CLASSES = 6
HIDDEN = int(os.environ.get("HAR_HIDDEN", "128"))
LAYERS = int(os.environ.get("HAR_LAYERS", "2"))
BATCH_SIZE = int(os.environ.get("HAR_BATCH_SIZE", "128"))
EPOCHS = int(os.environ.get("HAR_EPOCHS", "1"))
LR = float(os.environ.get("HAR_LR", "2e-3"))
N_TRAIN = int(os.environ.get("HAR_N_TRAIN", "160"))
N_VAL = int(os.environ.get("HAR_N_VAL", "32"))
CKPT = os.environ.get("HAR_CKPT", "har_gru.pt")
