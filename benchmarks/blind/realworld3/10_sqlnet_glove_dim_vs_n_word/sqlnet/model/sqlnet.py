import torch
import torch.nn as nn
from .word_embedding import WordEmbedding
from .aggregator_predict import AggPredictor


class SQLNet(nn.Module):
    def __init__(self, word_emb, N_word, N_h=100, N_depth=2, gpu=False):
        super(SQLNet, self).__init__()
        self.gpu = gpu
        self.embed_layer = WordEmbedding(word_emb, N_word, gpu)
        self.agg_pred = AggPredictor(N_word, N_h, N_depth)
        self.CE = nn.CrossEntropyLoss()

    def forward(self, q):
        x_emb_var, x_len = self.embed_layer.gen_x_batch(q)
        return self.agg_pred(x_emb_var, x_len)

    def loss(self, score, truth):
        return self.CE(score, torch.tensor(truth))
