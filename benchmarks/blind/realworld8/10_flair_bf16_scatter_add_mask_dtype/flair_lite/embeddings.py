import torch
from torch import nn


@torch.jit.script_if_tracing
def fill_mean_token_embeddings(
    all_token_embeddings: torch.Tensor,
    sentence_hidden_states: torch.Tensor,
    word_ids: torch.Tensor,
    token_lengths: torch.Tensor,
):
    # average the sub-token hidden states of every word
    batch_size, max_tokens, hidden = all_token_embeddings.shape
    mask = word_ids >= 0
    safe_ids = word_ids.clamp(min=0)

    all_token_embeddings.scatter_add_(
        1,
        safe_ids.unsqueeze(-1).expand(-1, -1, hidden),
        sentence_hidden_states * mask.unsqueeze(-1).float(),
    )

    subtoken_counts = torch.zeros_like(all_token_embeddings[:, :, 0])
    subtoken_counts.scatter_add_(1, safe_ids, mask.float())
    all_token_embeddings = all_token_embeddings / subtoken_counts.clamp(min=1).unsqueeze(-1)

    token_mask = torch.arange(max_tokens, device=token_lengths.device)[None, :] < token_lengths[:, None]
    return all_token_embeddings * token_mask.unsqueeze(-1)


class TransformerWordEmbeddings(nn.Module):
    """Small transformer encoder over sub-word pieces, pooled to word level ("mean" subtoken pooling)."""

    def __init__(self, vocab_size=1000, embedding_length=128, layers=2, heads=4, max_len=128):
        super().__init__()
        self.embedding_length = embedding_length
        self.piece_embeddings = nn.Embedding(vocab_size, embedding_length, padding_idx=0)
        self.position_embeddings = nn.Embedding(max_len, embedding_length)
        layer = nn.TransformerEncoderLayer(embedding_length, heads, dim_feedforward=embedding_length * 2,
                                           dropout=0.1, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=layers)
        self.output_proj = nn.Linear(embedding_length, embedding_length)

    def forward(self, input_ids, attention_mask, word_ids, token_lengths):
        positions = torch.arange(input_ids.size(1), device=input_ids.device)[None, :]
        hidden = self.piece_embeddings(input_ids) + self.position_embeddings(positions)
        hidden = self.encoder(hidden, src_key_padding_mask=~attention_mask)
        sentence_hidden_states = self.output_proj(hidden)

        max_tokens = int(token_lengths.max())
        all_token_embeddings = torch.zeros(
            sentence_hidden_states.size(0), max_tokens, self.embedding_length,
            dtype=sentence_hidden_states.dtype, device=sentence_hidden_states.device,
        )
        return fill_mean_token_embeddings(all_token_embeddings, sentence_hidden_states, word_ids, token_lengths)
