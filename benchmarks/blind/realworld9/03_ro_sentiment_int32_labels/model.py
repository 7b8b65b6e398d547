import torch
from torch import nn
from utils import Mish


class TinyEncoder(nn.Module):
    """stand-in for the pretrained romanian BERT: token + position embeddings and one transformer layer"""

    def __init__(self, vocab_size=2000, embedding_size=128, max_length=64):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, embedding_size, padding_idx=0)
        self.pos = nn.Embedding(max_length, embedding_size)
        self.layer = nn.TransformerEncoderLayer(embedding_size, nhead=4, dim_feedforward=256, batch_first=True)

    def forward(self, input_ids):
        pos = torch.arange(input_ids.size(1)).unsqueeze(0)
        h = self.tok(input_ids) + self.pos(pos)
        return self.layer(h, src_key_padding_mask=input_ids.eq(0))


class SentimentModel(nn.Module):

    def __init__(self, model,
                 output_size,
                 embedding_size=128,
                 dropout=0.1
                 ):
        super().__init__()
        self.model = model
        self.dropout = nn.Dropout(dropout)
        self.fc1 = nn.Linear(embedding_size, embedding_size)
        self.fc2 = nn.Linear(embedding_size, output_size)
        self.activation = Mish()

    def forward(self, X):
        with torch.no_grad():
            last_hidden_state = self.model(X)

        sent_emb = last_hidden_state[:, 0, :]

        output = self.activation(self.dropout(self.fc1(sent_emb)))
        output = self.dropout(self.fc2(output))

        return output
