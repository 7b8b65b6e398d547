from . import layers
from .utils import reset_states
