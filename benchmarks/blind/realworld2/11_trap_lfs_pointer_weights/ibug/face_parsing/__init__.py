from .parser import RTNetPredictor
