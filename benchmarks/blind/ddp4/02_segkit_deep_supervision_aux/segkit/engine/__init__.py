from .ddp import setup_ddp, wrap_model, teardown_ddp
from .trainer import Trainer
