import torch
import torch.nn as nn
import torch.nn.functional as F

from models.layers import StructuralAttentionLayer, TemporalAttentionLayer


class DySAT(nn.Module):
    def __init__(self, args, num_features, time_length):
        super(DySAT, self).__init__()
        self.args = args
        self.num_time_steps = time_length
        self.num_features = num_features
        self.structural_head_config = list(map(int, args.structural_head_config.split(",")))
        self.structural_layer_config = list(map(int, args.structural_layer_config.split(",")))
        self.temporal_head_config = list(map(int, args.temporal_head_config.split(",")))
        self.temporal_layer_config = list(map(int, args.temporal_layer_config.split(",")))
        self.spatial_drop = args.spatial_drop
        self.temporal_drop = args.temporal_drop

        self.structural_attn, self.temporal_attn = self.build_model()
        self.bceloss = nn.BCEWithLogitsLoss()

    def forward(self, graphs):
        # Structural Attention forward
        structural_out = []
        for t in range(0, self.num_time_steps):
            x, adj = graphs[t]
            # the structural layers take (features, adjacency): apply them one by one
            for layer in self.structural_attn:
                x = layer(x, adj)
            structural_out.append(x)
        structural_outputs = [g[:, None, :] for g in structural_out]  # list of [N, 1, F]
        structural_outputs = torch.cat(structural_outputs, dim=1)      # [N, T, F]

        # Temporal Attention forward
        temporal_out = self.temporal_attn(structural_outputs)
        return temporal_out

    def build_model(self):
        input_dim = self.num_features

        # 1: Structural Attention Layers
        structural_attention_layers = nn.ModuleList()
        for i in range(len(self.structural_layer_config)):
            layer = StructuralAttentionLayer(input_dim=input_dim,
                                             output_dim=self.structural_layer_config[i],
                                             n_heads=self.structural_head_config[i],
                                             attn_drop=self.spatial_drop,
                                             residual=self.args.residual)
            structural_attention_layers.append(layer)
            input_dim = self.structural_layer_config[i]

        # 2: Temporal Attention Layers
        input_dim = self.structural_layer_config[-1]
        temporal_attention_layers = nn.Sequential()
        for i in range(len(self.temporal_layer_config)):
            layer = TemporalAttentionLayer(input_dim=input_dim,
                                           n_heads=self.temporal_head_config[i],
                                           num_time_steps=self.num_time_steps,
                                           attn_drop=self.temporal_drop,
                                           residual=self.args.residual)
            temporal_attention_layers.add_module(name="temporal_layer_{}".format(i), module=layer)
            input_dim = self.temporal_layer_config[i]

        return structural_attention_layers, temporal_attention_layers

    def get_loss(self, graphs, pos_edges, neg_edges):
        final_emb = self.forward(graphs)  # [N, T, F]
        emb_t = final_emb[:, -2, :]       # embeddings after the second-to-last snapshot predict the last one
        pos_score = (emb_t[pos_edges[0]] * emb_t[pos_edges[1]]).sum(1)
        neg_score = (emb_t[neg_edges[0]] * emb_t[neg_edges[1]]).sum(1)
        return self.bceloss(pos_score, torch.ones_like(pos_score)) + self.bceloss(neg_score, torch.zeros_like(neg_score))
