import argparse
import time
import numpy as np
import torch

from make_data import ensure_data
from openne.graph import Graph
from openne.tadw import TADW


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument('--method', default='tadw', choices=['tadw'])
    parser.add_argument('--representation-size', default=128, type=int)
    parser.add_argument('--epochs', default=5, type=int)
    parser.add_argument('--lamb', default=0.2, type=float)
    parser.add_argument('--output', default='vec_all.txt')
    return parser.parse_args()


def main(args):
    t1 = time.time()
    edge_file, feature_file = ensure_data()
    g = Graph()
    print("Reading...")
    g.read_edgelist(filename=edge_file)
    g.read_node_features(feature_file)
    print("nodes:", g.node_size, "edges:", len(g.edges))
    model = TADW(graph=g, dim=args.representation_size, lamb=args.lamb, epochs=args.epochs)
    vecs = model.train()
    t2 = time.time()
    print("time:", t2 - t1)
    np.savetxt(args.output, vecs.numpy()[:10])


if __name__ == "__main__":
    torch.manual_seed(0)
    main(parse_args())
