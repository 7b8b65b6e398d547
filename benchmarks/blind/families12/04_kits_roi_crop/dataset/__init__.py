from .kits19 import KiTS19
