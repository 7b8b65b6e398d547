from .embedder import Embedder, ProxyAnchorLoss
