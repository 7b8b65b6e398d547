from .factory import build_model
