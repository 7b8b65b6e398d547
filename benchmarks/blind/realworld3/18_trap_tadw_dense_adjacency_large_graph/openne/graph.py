import numpy as np


class Graph(object):
    def __init__(self):
        self.node_size = 0
        self.look_up_dict = {}
        self.look_back_list = []
        self.edges = None
        self.features = None

    def read_edgelist(self, filename):
        edges = np.loadtxt(filename, dtype=np.int64) if filename.endswith(".txt") else np.load(filename)
        nodes = np.unique(edges)
        self.look_up_dict = {int(n): i for i, n in enumerate(nodes)}
        self.look_back_list = nodes.tolist()
        self.node_size = len(nodes)
        remap = np.searchsorted(nodes, edges)
        self.edges = remap

    def read_node_features(self, filename):
        f = np.load(filename)
        self.features = (f["rows"], f["cols"], tuple(f["shape"]))

    def dense_features(self):
        rows, cols, shape = self.features
        X = np.zeros(shape, dtype=np.float32)
        X[rows, cols] = 1.0
        return X
