from .pan import PAN, build_model
