from .models import MODEL_REGISTRY, build_model, register_model
from .data import SyntheticShapes
