from torch import nn


class BagOfEmbeddingsLM(nn.Module):
    """Stand-in for the language model: mean of token embeddings."""

    def __init__(self, vocab_size, hidden):
        super().__init__()
        self.embeddings = nn.EmbeddingBag(vocab_size, hidden, mode="mean")

    def forward(self, input_ids):
        return self.embeddings(input_ids)


class AdaptiveModel(nn.Module):
    def __init__(self, language_model, prediction_heads, embeds_dropout_prob=0.1):
        super().__init__()
        self.language_model = language_model
        self.prediction_heads = nn.ModuleList(prediction_heads)
        self.dropout = nn.Dropout(embeds_dropout_prob)

    def forward(self, input_ids):
        pooled = self.dropout(self.language_model(input_ids))
        return [head(pooled) for head in self.prediction_heads]

    def logits_to_loss_per_head(self, logits, **kwargs):
        all_losses = []
        for head, logits_for_one_head in zip(self.prediction_heads, logits):
            all_losses.append(head.logits_to_loss(logits=logits_for_one_head, **kwargs))
        return all_losses

    def logits_to_loss(self, logits, **kwargs):
        all_losses = self.logits_to_loss_per_head(logits, **kwargs)
        return sum(all_losses)
