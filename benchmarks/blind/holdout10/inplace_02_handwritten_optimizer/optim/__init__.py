from .nesterov import NesterovSGDW

__all__ = ["NesterovSGDW"]
