from .blobs import SyntheticBlobs

__all__ = ["SyntheticBlobs"]
