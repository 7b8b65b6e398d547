from .loop import FitLoop
from .evaluate import test_best_checkpoint
