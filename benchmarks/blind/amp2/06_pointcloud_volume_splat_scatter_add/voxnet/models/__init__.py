from .classifier import PointVoxelClassifier
