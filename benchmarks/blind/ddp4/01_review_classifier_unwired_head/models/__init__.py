from .review_encoder import ReviewClassifier

__all__ = ["ReviewClassifier"]
