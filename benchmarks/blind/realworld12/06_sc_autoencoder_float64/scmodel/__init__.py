from .data import CountsDataset, normalize_total_log1p, simulate_counts
from .model import CondVAE
