from .heco import HeCo
