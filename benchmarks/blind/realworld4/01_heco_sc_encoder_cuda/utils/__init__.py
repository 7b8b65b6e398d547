from .load_data import load_data
from .params import set_params
from .evaluate import evaluate
