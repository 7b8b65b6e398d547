from .classifier import BagClassifier
