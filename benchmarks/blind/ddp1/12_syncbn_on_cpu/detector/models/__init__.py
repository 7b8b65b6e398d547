from .builder import build_model
