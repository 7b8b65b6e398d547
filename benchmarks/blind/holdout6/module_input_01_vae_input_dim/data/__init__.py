from .blobs import BlobImages, make_splits
