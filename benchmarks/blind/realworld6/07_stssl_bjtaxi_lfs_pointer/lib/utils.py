import numpy as np
import torch


def load_graph(adj_file, device='cpu'):
    '''Loading graph in form of edge index.'''
    graph = np.load(adj_file)['adj_mx']
    graph = torch.tensor(graph, device=device, dtype=torch.float)
    return graph


def masked_mae_loss(mask_value):
    def loss(preds, labels):
        if mask_value is not None:
            mask = torch.gt(labels, mask_value)
            preds = torch.masked_select(preds, mask)
            labels = torch.masked_select(labels, mask)
        return torch.mean(torch.abs(labels - preds))
    return loss
