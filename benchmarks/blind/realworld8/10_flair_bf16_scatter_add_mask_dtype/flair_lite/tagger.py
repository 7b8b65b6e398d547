import torch
from torch import nn

from .embeddings import TransformerWordEmbeddings


class SequenceTagger(nn.Module):
    def __init__(self, embeddings: TransformerWordEmbeddings, tag_dictionary, hidden_size=128):
        super().__init__()
        self.embeddings = embeddings
        self.tag_dictionary = tag_dictionary
        self.rnn = nn.LSTM(embeddings.embedding_length, hidden_size // 2, batch_first=True, bidirectional=True)
        self.linear = nn.Linear(hidden_size, len(tag_dictionary))
        self.loss_function = nn.CrossEntropyLoss(ignore_index=-100)

    def forward(self, batch):
        token_embeddings = self.embeddings(batch["input_ids"], batch["attention_mask"],
                                           batch["word_ids"], batch["token_lengths"])
        features, _ = self.rnn(token_embeddings)
        return self.linear(features)

    def forward_loss(self, batch):
        scores = self.forward(batch)
        labels = batch["labels"][:, :scores.size(1)]
        return self.loss_function(scores.reshape(-1, scores.size(-1)).float(), labels.reshape(-1))
