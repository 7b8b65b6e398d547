from .blobs import BlobScenes
