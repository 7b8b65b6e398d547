import argparse

import numpy as np
import torch

from models.model import DySAT
from utils.preprocess import load_graphs, sample_negative

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument('--time_steps', type=int, nargs='?', default=6, help="total time steps used for train, eval and test")
    parser.add_argument('--dataset', type=str, nargs='?', default='Enron', help='dataset name')
    parser.add_argument('--epochs', type=int, nargs='?', default=200, help='# epochs')
    parser.add_argument('--learning_rate', type=float, nargs='?', default=0.01, help='Initial learning rate for self-attention model.')
    parser.add_argument('--spatial_drop', type=float, nargs='?', default=0.1, help='Spatial (structural) attention Dropout (1 - keep probability).')
    parser.add_argument('--temporal_drop', type=float, nargs='?', default=0.5, help='Temporal attention Dropout (1 - keep probability).')
    parser.add_argument('--weight_decay', type=float, nargs='?', default=0.0005, help='Initial learning rate for self-attention model.')
    parser.add_argument('--residual', type=bool, nargs='?', default=True, help='Use residual')
    parser.add_argument('--structural_head_config', type=str, nargs='?', default='4,2', help='Encoder layer config: # attention heads in each GAT layer')
    parser.add_argument('--structural_layer_config', type=str, nargs='?', default='64,32', help='Encoder layer config: # units in each GAT layer')
    parser.add_argument('--temporal_head_config', type=str, nargs='?', default='4', help='Encoder layer config: # attention heads in each Temporal layer')
    parser.add_argument('--temporal_layer_config', type=str, nargs='?', default='32', help='Encoder layer config: # units in each Temporal layer')
    args = parser.parse_args()
    print(args)
    torch.manual_seed(0)

    graphs, edge_lists = load_graphs(n_snapshots=args.time_steps)
    n_nodes = graphs[0][0].shape[0]
    pos_edges = torch.from_numpy(edge_lists[-1]).long()
    model = DySAT(args, num_features=n_nodes, time_length=args.time_steps)
    opt = torch.optim.AdamW(model.parameters(), lr=args.learning_rate, weight_decay=args.weight_decay)

    for epoch in range(args.epochs):
        model.train()
        neg_edges = torch.from_numpy(sample_negative(n_nodes, pos_edges.shape[1], seed=epoch)).long()
        opt.zero_grad()
        loss = model.get_loss(graphs, pos_edges, neg_edges)
        loss.backward()
        opt.step()
        print("Epoch {:<3}, Loss = {:.3f}".format(epoch, loss.item()))
